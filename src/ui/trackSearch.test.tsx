import { act, fireEvent, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchResponse, StatsEvent } from '../client/types.ts';
import { mount, type MountedWidget, type MountOptions } from './mount.tsx';
import { answer, hit } from './testing.tsx';

// The widget against a stand-in service: searches answer at once (25 hits for any
// term, none for a term with `zzzz` unless any of its words may match), stats events
// are recorded in the order they were sent.
let searches: URL[];
let events: StatsEvent[];
let widget: MountedWidget | undefined;
let target: HTMLElement;
const stopNavigation = (event: Event) => event.preventDefault();

beforeEach(() => {
  vi.useFakeTimers();
  searches = [];
  events = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input);
      if (url.pathname.startsWith('/v1/stats/')) {
        events.push(JSON.parse(String(init?.body)) as StatsEvent);
        return new Response('{}');
      }
      searches.push(url);
      const term = url.searchParams.get('term') ?? '';
      const page = Number(url.searchParams.get('page') ?? 1);
      if (term.includes('zzzz') && url.searchParams.get('defaultOperator') !== 'or') return Response.json(answer([]));
      // A query rule's answer: a pinned document first, a promotion second, then the rest.
      if (term === 'login')
        return Response.json({
          ...answer(
            [
              hit({ id: 'account', url: 'https://example.com/account', resultType: 'pinned' }),
              hit({ id: 'promotion:help:1', title: 'Help centre', url: 'https://example.com/help', resultType: 'promotion' }),
              hit({ id: 'login-3', url: 'https://example.com/login', resultType: 'organic' }),
            ],
            2,
          ),
          appliedRules: ['help'],
          userData: { banner: 'Trouble signing in?' },
        });
      const hits = Array.from({ length: Math.min(10, 25 - (page - 1) * 10) }, (_, i) => {
        const n = (page - 1) * 10 + i + 1;
        return hit({ id: `${term}-${n}`, title: `${term} ${n}`, url: `https://example.com/${term}/${n}` });
      });
      return Response.json({ ...answer(hits, 25), page });
    }),
  );
  target = document.createElement('div');
  document.body.append(target);
  document.addEventListener('click', stopNavigation);
});

afterEach(() => {
  widget?.destroy();
  widget = undefined;
  target.remove();
  document.removeEventListener('click', stopNavigation);
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

function start(options: Partial<MountOptions> = {}) {
  widget = mount(target, { siteKey: 'demo', baseUrl: 'https://api.test', suggestions: false, ...options });
  return widget;
}

const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
const input = () => within(target).getByRole('searchbox') as HTMLInputElement;

async function type(value: string) {
  fireEvent.input(input(), { target: { value } });
  await wait(300); // past the next free slot: the answer is on screen
}

async function submit() {
  fireEvent.submit(input().form!);
  await wait(0);
}

const links = () =>
  within(target)
    .getAllByRole('link')
    .filter((a) => a.classList.contains('ss-hit-link'));
const searchEvents = () => events.filter((e) => e.action === 'search');

describe('the tracker in the widget', () => {
  it('counts a typed search once it stayed on screen for the pause, not per keystroke', async () => {
    start();
    await type('gri');
    await type('grid'); // sent at once (the slot was free): its answer came 300 ms ago
    await wait(1600);
    expect(events).toEqual([]);
    await wait(200);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: 'search', keyword: 'grid', numberOfResults: 25 });
    expect(events[0]!.session).toMatch(/^[0-9a-f]{32}$/);
    expect(events[0]!.eventId).toMatch(/^[0-9a-f]{32}$/);
    // The widget's own requests must not be counted by the service as well.
    expect(searches.map((u) => u.searchParams.get('collectAnalytics'))).toEqual(['false', 'false']);
    await wait(10_000);
    expect(events).toHaveLength(1);
  });

  it('counts a commit at once, and a new page, Enter again or sorting is not a new search', async () => {
    start();
    fireEvent.input(input(), { target: { value: 'flex' } });
    await submit();
    expect(searchEvents()).toHaveLength(1);
    await submit();
    fireEvent.click(within(target).getByRole('button', { name: /page 2/i }));
    await wait(0);
    expect(searches.at(-1)!.searchParams.get('page')).toBe('2');
    await wait(5000);
    expect(searchEvents()).toHaveLength(1);
    expect(searchEvents()[0]).toMatchObject({ keyword: 'flex', numberOfResults: 25 });
  });

  it('counts a search whose words found nothing together once, with the total of the partial results shown', async () => {
    start();
    fireEvent.input(input(), { target: { value: 'fetch zzzz' } });
    await submit();
    expect(searches.map((u) => [u.searchParams.get('defaultOperator'), u.searchParams.get('collectAnalytics')])).toEqual([
      [null, 'false'],
      ['or', 'false'],
    ]);
    await wait(5000);
    expect(searchEvents()).toEqual([expect.objectContaining({ keyword: 'fetch zzzz', numberOfResults: 25 })]);
  });

  it('reports a click on page 2 with its absolute position, after the search it came from', async () => {
    start();
    await type('gap');
    fireEvent.click(within(target).getByRole('button', { name: /page 2/i }));
    await wait(0);
    fireEvent.click(links()[2]!);
    await wait(0);
    expect(events.map((e) => e.action)).toEqual(['search', 'click']);
    expect(events[1]).toMatchObject({ action: 'click', keyword: 'gap', docid: 'gap-13', position: 13, session: events[0]!.session });
  });

  it('sends the search first when a result is clicked before the pause ended', async () => {
    start({ analytics: { tag: 'docs' } });
    await type('color');
    fireEvent.click(links()[0]!);
    await wait(0);
    expect(events).toMatchObject([
      { action: 'search', keyword: 'color', tag: 'docs' },
      { action: 'click', keyword: 'color', docid: 'color-1', position: 1, tag: 'docs' },
    ]);
    await wait(5000);
    expect(events).toHaveLength(2);
  });

  it('counts positions across the pages "load more" shows together', async () => {
    start({ paging: 'more' });
    await type('fetch');
    fireEvent.click(within(target).getByRole('button', { name: /more/i }));
    await wait(0);
    expect(links()).toHaveLength(20);
    fireEvent.click(links()[14]!);
    await wait(0);
    expect(events.at(-1)).toMatchObject({ action: 'click', docid: 'fetch-15', position: 15 });
    expect(searchEvents()).toHaveLength(1);
  });

  it('counts a middle click and Ctrl-click, not a right click', async () => {
    start();
    await type('grid');
    await wait(2000);
    fireEvent(links()[1]!, new MouseEvent('auxclick', { bubbles: true, button: 2 }));
    fireEvent.contextMenu(links()[1]!);
    expect(events.filter((e) => e.action === 'click')).toEqual([]);
    fireEvent(links()[1]!, new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    fireEvent.click(links()[2]!, { ctrlKey: true });
    await wait(0);
    expect(events.filter((e) => e.action === 'click').map((e) => e.action === 'click' && e.position)).toEqual([2, 3]);
  });

  it('does not count the same search again when the visitor comes back to it', async () => {
    start({ url: true });
    await type('dialog');
    await submit();
    widget!.destroy();
    start({ url: true }); // the page loaded again, with the search in its address
    await wait(3000);
    expect(searches.at(-1)!.searchParams.get('term')).toBe('dialog');
    expect(searchEvents()).toHaveLength(1);
    history.replaceState(null, '', '/');
  });

  it('with analytics: false sends no events and leaves the service its own counting', async () => {
    start({ analytics: false });
    await type('grid');
    await wait(3000);
    fireEvent.click(links()[0]!);
    await wait(0);
    expect(events).toEqual([]);
    expect(searches[0]!.searchParams.has('collectAnalytics')).toBe(false);
  });

  it('with requireConsent sends and stores nothing until consent is given', async () => {
    start({ analytics: { requireConsent: true } });
    await type('grid');
    await wait(3000);
    fireEvent.click(links()[0]!);
    await wait(0);
    expect(events).toEqual([]);
    expect(localStorage.length).toBe(0);
    act(() => widget!.setConsent(true));
    fireEvent.click(links()[1]!);
    await wait(0);
    expect(events).toMatchObject([{ action: 'click', position: 2 }]);
    act(() => widget!.setConsent(false));
    expect(localStorage.length).toBe(0);
  });

  it('honours Global Privacy Control unless told not to', async () => {
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { globalPrivacyControl: true }));
    start();
    await type('grid');
    await wait(3000);
    fireEvent.click(links()[0]!);
    await wait(0);
    expect(events).toEqual([]);
    expect(localStorage.length).toBe(0);
    widget!.destroy();
    start({ analytics: { respectGpc: false } });
    await type('flex');
    await wait(3000);
    expect(searchEvents()).toHaveLength(1);
  });

  it('rewrites or drops keywords with transformKeyword before anything is kept or sent', async () => {
    start({ analytics: { transformKeyword: (k) => (k.includes('@') ? null : k.toUpperCase()) } });
    await type('me@example.com');
    await wait(3000);
    fireEvent.click(links()[0]!);
    await wait(0);
    expect(events).toEqual([]);
    expect(JSON.stringify({ ...localStorage })).not.toContain('example.com');
    await type('grid');
    await wait(3000);
    fireEvent.click(links()[0]!);
    await wait(0);
    expect(events).toMatchObject([
      { action: 'search', keyword: 'GRID' },
      { action: 'click', keyword: 'GRID', position: 1 },
    ]);
  });

  it('reports clicks on pinned and promoted results with their positions, as any other', async () => {
    start();
    fireEvent.input(input(), { target: { value: 'login' } });
    await submit();
    fireEvent.click(links()[0]!);
    fireEvent.click(links()[1]!);
    await wait(0);
    expect(events.filter((e) => e.action === 'click')).toMatchObject([
      { docid: 'account', position: 1 },
      { docid: 'promotion:help:1', position: 2 },
    ]);
  });
});

describe('onResults', () => {
  it('receives each answer shown, with the rules’ userData', async () => {
    const onResults = vi.fn<(response: SearchResponse) => void>();
    start({ onResults, analytics: false });
    await type('grid');
    fireEvent.input(input(), { target: { value: 'login' } });
    await submit();
    expect(onResults.mock.calls.map(([r]) => [r.hits.length, r.userData])).toEqual([
      [10, undefined],
      [3, { banner: 'Trouble signing in?' }],
    ]);
  });
});
