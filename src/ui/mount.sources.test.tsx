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
