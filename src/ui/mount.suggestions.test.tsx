// The results page's suggestion dropdown stands over the first results: few rows, and none
// that repeats the title of a result on screen.
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

it('asks for five suggestions and leaves out those that repeat a result’s title', async () => {
  widget = mount(target, { siteKey: 'demo', baseUrl: 'https://api.test', analytics: false, recentSearches: false });
  const input = screen.getByRole('combobox');
  input.focus();
  fireEvent.input(input, { target: { value: 'promise a' } });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
  // The results of the term are on screen before the next key's suggestions.
  fireEvent.input(input, { target: { value: 'promise al' } });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(300);
  });
  expect(suggestSizes.at(-1)).toBe('5');
  expect([...target.querySelectorAll('.ss-suggest-list [role="option"]')].map((o) => o.textContent)).toEqual(['Promise.any', 'promise all settled']);
});
