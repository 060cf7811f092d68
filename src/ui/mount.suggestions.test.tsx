// The results page's suggestion dropdown never opens over results on screen by itself (↓
// opens it): few rows, and none that repeats the title of a result on screen.
import { act, fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { mount, type MountedWidget } from './mount.tsx';
import { answer, hit } from './testing.tsx';

let widget: MountedWidget | undefined;
let target: HTMLElement;
const suggestSizes: string[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input);
      if (url.pathname.startsWith('/v1/suggest/')) {
        suggestSizes.push(url.searchParams.get('size') ?? '');
        return Response.json({ suggestions: ['Promise.all', 'Promise.any', 'promise all settled'].map((value) => ({ value })) });
      }
      return Response.json(answer([hit({ id: 'all', title: 'Promise.all()' })]));
    }),
  );
  target = document.createElement('div');
  document.body.append(target);
});

afterEach(() => {
  widget?.destroy();
  target.remove();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

it('asks for five suggestions while no results are on screen, and leaves out those that repeat a result’s title', async () => {
  widget = mount(target, { siteKey: 'demo', baseUrl: 'https://api.test', analytics: false, recentSearches: false });
  const input = screen.getByRole('combobox');
  input.focus();
  fireEvent.input(input, { target: { value: 'promise a' } });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(300);
  });
  expect(suggestSizes.at(-1)).toBe('5');
  // The term's results came: the list, asked for before them, closes rather than cover them.
  expect(input.getAttribute('aria-expanded')).toBe('false');
  // The results of the term are on screen: the next key's suggestions would cover them.
  const asked = suggestSizes.length;
  fireEvent.input(input, { target: { value: 'promise al' } });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(300);
  });
  expect(suggestSizes.length).toBe(asked);
  expect(input.getAttribute('aria-expanded')).toBe('false');
  expect(target.querySelector<HTMLElement>('.ss-suggest')!.hidden).toBe(true);
  // ↓ asks for them: the visitor wants the list over the results.
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(300);
  });
  expect(suggestSizes.length).toBe(asked + 1);
  expect(input.getAttribute('aria-expanded')).toBe('true');
  expect([...target.querySelectorAll('.ss-suggest-list [role="option"]')].map((o) => o.textContent)).toEqual(['Promise.any', 'promise all settled']);
  // It opens on the first option, as ↓ on a list at hand does (WAI-ARIA's combobox pattern): the
  // next ↓ goes to the second, whether the list had been asked for already or not.
  expect(document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent).toBe('Promise.any');
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  expect(document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent).toBe('promise all settled');
});
