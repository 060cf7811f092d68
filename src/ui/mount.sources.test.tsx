import { act, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { mount, type MountedWidget } from './mount.tsx';
import { answer, dialogMethods, hit } from './testing.tsx';

let calls: Array<{ url: URL; respond(body: unknown): void }>;
let widget: MountedWidget | undefined;
let target: HTMLElement;

beforeEach(() => {
  dialogMethods();
  vi.useFakeTimers();
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (input: string) =>
        new Promise<Response>((resolve) => {
          calls.push({
            url: new URL(input),
            respond: (body) => resolve(new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } })),
          });
        }),
    ),
  );
  target = document.createElement('div');
  document.body.append(target);
});

afterEach(() => {
  widget?.destroy();
  widget = undefined;
  target.remove();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

it('mount with sources searches each index at once and shows a labelled group per index in the overlay', async () => {
  widget = mount(target, {
    siteKey: 'demo',
    baseUrl: 'http://127.0.0.1:8787',
    layout: 'overlay',
    analytics: false,
    suggestions: false,
    sources: 'demo:Docs, blog:Blog:3',
  });
  act(() => within(target).getByRole('button', { name: 'Search' }).click());
  await act(async () => {
    widget!.search('grid');
    await vi.advanceTimersByTimeAsync(0);
  });
  const searches = calls.filter((call) => call.url.pathname.startsWith('/v1/search/'));
  expect(searches.map((call) => [call.url.pathname, call.url.searchParams.get('limit')])).toEqual([
    ['/v1/search/demo', '3'],
    ['/v1/search/blog', '3'],
  ]);
  await act(async () => {
    searches[0]!.respond(answer([hit({ id: 'd1', title: 'Grid layout' })]));
    searches[1]!.respond(answer([hit({ id: 'b1', title: 'Why grid' })]));
    await vi.advanceTimersByTimeAsync(1000);
  });
  const groups = within(screen.getByRole('listbox')).getAllByRole('group');
  expect(groups.map((group) => group.getAttribute('aria-labelledby') && document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
    'Docs · 1 result',
    'Blog · 1 result',
  ]);
});

it('mount with sources on the page: the dropdown holds a labelled group of suggestions per index, walked by ↓, Enter searching every index', async () => {
  widget = mount(target, {
    siteKey: 'demo',
    baseUrl: 'http://127.0.0.1:8787',
    analytics: false,
    recentSearches: false,
    sources: 'demo:Docs, blog:Blog, shop:Shop',
  });
  const input = within(target).getByRole<HTMLInputElement>('combobox');
  await act(async () => {
    input.focus();
    input.value = 'gr';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);
  });
  const suggests = calls.filter((call) => call.url.pathname.startsWith('/v1/suggest/'));
  // One slot for all: every index asked at once.
  expect(suggests.map((call) => [call.url.pathname, call.url.searchParams.get('term')])).toEqual([
    ['/v1/suggest/demo', 'gr'],
    ['/v1/suggest/blog', 'gr'],
    ['/v1/suggest/shop', 'gr'],
  ]);
  await act(async () => {
    suggests[0]!.respond({ suggestions: [{ value: 'grid' }, { value: 'group' }] });
    // The blog's answer is a failure: its group says so, the others still show.
    suggests[1]!.respond({ error: { status: 500, code: 'internal', message: 'down' } });
    // The shop has nothing: its group is left out.
    suggests[2]!.respond({ suggestions: [] });
    await vi.advanceTimersByTimeAsync(0);
  });
  const listbox = within(target).getByRole('listbox');
  const labels = () =>
    within(listbox)
      .queryAllByRole('group')
      .map((group) => document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent);
  // A 500 is retried once, maybe: let any retry fail too.
  await act(async () => {
    for (const call of calls.filter((c) => c.url.pathname === '/v1/suggest/blog').slice(1))
      call.respond({ error: { status: 500, code: 'internal', message: 'down' } });
    await vi.advanceTimersByTimeAsync(2000);
  });
  expect(labels()).toEqual(['Docs', 'Blog · Search failed']);
  // The searches typed meanwhile find nothing: the list stays over no results.
  await act(async () => {
    for (const call of calls.filter((c) => c.url.pathname.startsWith('/v1/search/'))) call.respond(answer([]));
    await vi.advanceTimersByTimeAsync(0);
  });
  expect(labels()).toEqual(['Docs', 'Blog · Search failed']);
  expect(
    within(within(listbox).getAllByRole('group')[0]!)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['grid', 'group']);
  expect(input.getAttribute('aria-expanded')).toBe('true');
  act(() => {
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
  });
  expect(document.getElementById(input.getAttribute('aria-activedescendant')!)?.textContent).toBe('group');
  const before = calls.length;
  await act(async () => {
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    // Three indices share a search a second: the picked term goes in the next slot.
    await vi.advanceTimersByTimeAsync(1000);
  });
  const searches = calls.slice(before).filter((call) => call.url.pathname.startsWith('/v1/search/'));
  expect(searches.map((call) => [call.url.pathname, call.url.searchParams.get('keyword') ?? call.url.searchParams.get('term')])).toEqual([
    ['/v1/search/demo', 'group'],
    ['/v1/search/blog', 'group'],
    ['/v1/search/shop', 'group'],
  ]);
});
