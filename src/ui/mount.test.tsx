import { act, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mount, type MountedWidget } from './mount.tsx';
import { answer, hit } from './testing.tsx';

interface FetchCall {
  url: URL;
  signal: AbortSignal | undefined;
}

let calls: FetchCall[];
let respond: (body: unknown) => void;
let widget: MountedWidget | undefined;
let target: HTMLElement;

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      calls.push({ url: new URL(input), signal: init?.signal ?? undefined });
      return new Promise<Response>((resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        respond = (body) => resolve(new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }));
      });
    }),
  );
  target = document.createElement('div');
  document.body.append(target);
});

afterEach(() => {
  widget?.destroy();
  widget = undefined;
  target.remove();
  // The tracker keeps unconfirmed stats events there and resends them on the next mount.
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('mount', () => {
  it('renders the widget into the element, with the placeholder given', () => {
    widget = mount(target, { siteKey: 'demo', baseUrl: 'http://127.0.0.1:8787', placeholder: 'Search MDN' });
    const box = within(target).getByRole('combobox', { name: 'Search' });
    expect(box.getAttribute('placeholder')).toBe('Search MDN');
    expect(within(target).getByRole('status')).toBeTruthy();
  });

  it('search() fills the field, asks the API with the site key and limit, and paints the answer', async () => {
    widget = mount(target, { siteKey: 'demo', baseUrl: 'http://127.0.0.1:8787', limit: 5 });
    act(() => widget?.search('grid'));
    expect(calls).toHaveLength(1);
    const url = calls[0]!.url;
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:8787/v1/search/demo');
    expect(url.searchParams.get('term')).toBe('grid');
    expect(url.searchParams.get('limit')).toBe('5');
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('grid');
    await act(async () => {
      respond(answer([hit()], 1, 7));
      // The count is said once the typing has paused.
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByRole('status').textContent).toBe('1 result');
    expect(within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('sends searches to the regional host when one is given', () => {
    widget = mount(target, { siteKey: 'demo', baseUrl: 'https://api.example', regionalUrl: 'https://eu.example' });
    act(() => widget?.search('grid'));
    expect(calls[0]!.url.origin + calls[0]!.url.pathname).toBe('https://eu.example/v1/search/demo');
  });

  it('destroy() empties the element, aborts the request in flight and leaves no timers', async () => {
    // All inside act, so Preact's own after-paint frames are flushed and only ours could be left.
    let mounted!: MountedWidget;
    act(() => {
      mounted = widget = mount(target, { siteKey: 'demo', baseUrl: 'http://127.0.0.1:8787' });
    });
    act(() => mounted.search('grid'));
    act(() => mounted.destroy());
    expect(target.innerHTML).toBe('');
    expect(calls[0]?.signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(0);
    mounted.search('flex');
    expect(calls).toHaveLength(1);
  });

  it('refuses a target that is not an element', () => {
    expect(() => mount(null as unknown as Element, { siteKey: 'demo', baseUrl: 'http://x' })).toThrow(TypeError);
  });

  it('layout "overlay" renders a button that opens the search dialog', () => {
    widget = mount(target, { siteKey: 'demo', baseUrl: 'http://x', layout: 'overlay', theme: 'dark' });
    const opener = within(target).getByRole('button', { name: 'Search' });
    expect(opener.getAttribute('aria-haspopup')).toBe('dialog');
    expect(target.querySelector('.ss-widget')?.classList.contains('ss-dark')).toBe(true);
    expect(within(target).queryByRole('combobox')).toBeNull();
  });

  it('url: true opens the search in the query string and sends the facets asked for', () => {
    history.replaceState(null, '', '/?q=grid&f.area=css&page=2');
    widget = mount(target, {
      siteKey: 'demo',
      baseUrl: 'http://127.0.0.1:8787',
      url: true,
      facets: [{ field: 'area', label: 'Area' }],
      rangeFacets: [{ field: 'year', label: 'Year', ranges: [{ to: 2000 }] }],
    });
    const q = calls[0]!.url.searchParams;
    expect(q.get('term')).toBe('grid');
    expect(q.get('page')).toBe('2');
    expect(q.getAll('customField')).toEqual(['area=css']);
    expect(q.getAll('facet')).toEqual(['custom_fields.area']);
    expect(JSON.parse(q.get('rangeFacets') ?? '[]')).toEqual([{ field: 'custom_fields.year', ranges: [{ to: 2000 }] }]);
    history.replaceState(null, '', '/');
  });

  it('update() changes options and searches the same term again', () => {
    widget = mount(target, { siteKey: 'demo', baseUrl: 'https://api.test', placeholder: 'Find' });
    act(() => widget?.search('grid'));
    act(() => widget?.update({ placeholder: 'Look up', limit: 5 }));
    expect(within(target).getByRole('combobox')).toHaveProperty('placeholder', 'Look up');
    expect(within(target).getByRole('combobox')).toHaveProperty('value', 'grid');
    const last = calls.at(-1)!;
    expect([last.url.searchParams.get('term'), last.url.searchParams.get('limit')]).toEqual(['grid', '5']);
    expect(calls[0]!.signal?.aborted).toBe(true);
  });

  it('update() keeps the consent the visitor gave, so analytics go on after it', async () => {
    const statsCalls = () => calls.filter((c) => c.url.pathname === '/v1/stats/demo').length;
    const searchAndAnswer = async (term: string) => {
      act(() => widget?.search(term));
      await act(async () => {
        respond(answer([hit()], 1));
        await vi.advanceTimersByTimeAsync(0);
      });
    };
    widget = mount(target, { siteKey: 'demo', baseUrl: 'https://api.test', analytics: { requireConsent: true, respectGpc: false } });
    await searchAndAnswer('flex');
    expect(statsCalls()).toBe(0);
    act(() => widget?.setConsent(true));
    act(() => widget?.update({ placeholder: 'Look up' }));
    await searchAndAnswer('grid');
    expect(statsCalls()).toBe(1);
  });

  it('mounting twice into one element leaves one widget, and the first handle cannot remove the second', () => {
    const first = mount(target, { siteKey: 'demo', baseUrl: 'https://api.test', shortcut: true });
    widget = mount(target, { siteKey: 'demo', baseUrl: 'https://api.test', placeholder: 'Second' });
    expect(target.querySelectorAll('.ss-widget')).toHaveLength(1);
    first.destroy();
    expect(within(target).getByRole('combobox')).toHaveProperty('placeholder', 'Second');
  });

  it('keeps recent searches per site key and API; recentSearches: false reads and writes none', () => {
    const get = vi.spyOn(Storage.prototype, 'getItem');
    const set = vi.spyOn(Storage.prototype, 'setItem');
    const recentKeys = (spy: typeof get | typeof set) => spy.mock.calls.map(([key]) => key).filter((key) => /recent/.test(key));
    const submit = () =>
      act(() => {
        const input = within(target).getByRole('combobox') as HTMLInputElement;
        input.focus();
        input.value = 'grid';
        input.form!.requestSubmit();
      });
    widget = mount(target, { siteKey: 'demo', baseUrl: 'http://127.0.0.1:8787', recentSearches: false });
    submit();
    expect(recentKeys(get)).toEqual([]);
    expect(recentKeys(set)).toEqual([]);
    widget.destroy();

    widget = mount(target, { siteKey: 'demo', baseUrl: 'http://127.0.0.1:8787' });
    submit();
    expect(JSON.parse(localStorage.getItem('site-search:recent:demo@http://127.0.0.1:8787')!)).toEqual(['grid']);
    get.mockRestore();
    set.mockRestore();
  });
});
