// The script-tag build's own hooks (vite.config.ts swaps them in for preact/hooks).
import { createContext, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { useContext, useEffect, useId, useMemo, useRef, useState } from './hooks.ts';

const root = document.createElement('div');
afterEach(() => act(() => render(null, root)));

describe('embed hooks', () => {
  it('keeps state across renders and re-renders on a change only', async () => {
    let set: (n: number | ((n: number) => number)) => void = () => {};
    let renders = 0;
    function Counter() {
      const [n, setN] = useState(() => 1);
      const ref = useRef(n);
      set = setN;
      renders++;
      return <p>{`${n}/${ref.current}`}</p>;
    }
    act(() => render(<Counter />, root));
    await act(() => set((n) => n + 1));
    expect(root.textContent).toBe('2/1');
    await act(() => set(2));
    expect(renders).toBe(2);
  });

  it('runs effects after the commit, again when deps change, and cleans up on unmount', async () => {
    const log: string[] = [];
    function Effect({ dep }: { dep: string }) {
      const memo = useMemo(() => dep.toUpperCase(), [dep]);
      useEffect(() => {
        log.push(`run ${memo} ${root.textContent}`);
        return () => log.push(`clean ${memo}`);
      }, [memo]);
      return <p>{dep}</p>;
    }
    act(() => render(<Effect dep="a" />, root));
    act(() => render(<Effect dep="a" />, root));
    act(() => render(<Effect dep="b" />, root));
    act(() => render(null, root));
    expect(log).toEqual(['run A a', 'clean A', 'run B b', 'clean B']);
  });

  it('reads the nearest provider, or the default, and gives unique ids', () => {
    const Ctx = createContext('default');
    const ids: string[] = [];
    function Read() {
      ids.push(useId());
      return <span>{useContext(Ctx)} </span>;
    }
    act(() =>
      render(
        <>
          <Read />
          <Ctx.Provider value="given">
            <Read />
          </Ctx.Provider>
        </>,
        root,
      ),
    );
    expect(root.textContent).toBe('default given ');
    expect(new Set(ids).size).toBe(2);
  });
});
