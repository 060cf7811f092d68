// The script-tag build's own signals (vite.config.ts swaps them in for @preact/signals).
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { batch, effect, signal } from './signals.ts';

const root = document.createElement('div');
afterEach(() => act(() => render(null, root)));

describe('embed signals', () => {
  it('re-runs an effect when a signal it read changes, once per batch, never after stop', () => {
    const a = signal(1);
    const b = signal(10);
    const seen: number[] = [];
    const stop = effect(() => void seen.push(a.value + b.value));
    a.value = 2;
    batch(() => {
      a.value = 3;
      b.value = 20;
    });
    b.value = 20; // unchanged: no run
    stop();
    a.value = 4;
    expect(seen).toEqual([11, 12, 23]);
  });

  it('tracks only what the last run read', () => {
    const flag = signal(true);
    const a = signal('a');
    const b = signal('b');
    const seen: string[] = [];
    effect(() => void seen.push(flag.value ? a.value : b.value));
    flag.value = false;
    a.value = 'A'; // no longer read
    b.value = 'B';
    expect(seen).toEqual(['a', 'b', 'B']);
  });

  it('re-renders a component that read a signal, and stops after it unmounts', async () => {
    const count = signal(0);
    let renders = 0;
    function Counter() {
      renders++;
      return <p>{count.value}</p>;
    }
    act(() => render(<Counter />, root));
    await act(() => {
      count.value = 5;
    });
    expect(root.textContent).toBe('5');
    expect(renders).toBe(2);
    act(() => render(null, root));
    await act(() => {
      count.value = 6;
    });
    expect(renders).toBe(2);
  });
});
