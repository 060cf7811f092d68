// @vitest-environment jsdom
import { createApp, defineComponent, h, nextTick, reactive, ref, type App } from 'vue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchResponse } from '../client/types.ts';
import { answer, hit } from '../ui/testing.tsx';
import { SiteSearch, type SiteSearchHandle } from './index.ts';

const API = 'http://127.0.0.1:8787';
let searches: { url: URL; signal: AbortSignal | undefined }[];
let container: HTMLElement;
let app: App | undefined;

beforeEach(() => {
  searches = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input);
      if (url.pathname.startsWith('/v1/search/')) searches.push({ url, signal: init?.signal ?? undefined });
      return Promise.resolve(new Response(JSON.stringify(answer([hit()])), { headers: { 'Content-Type': 'application/json' } }));
    }),
  );
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  app?.unmount();
  app = undefined;
  container.remove();
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** Mounts an app that renders the component with `props()` (read on each render), its ref in `handle`. */
function render(props: () => Record<string, unknown>, onResults?: (response: SearchResponse) => void) {
  const handle = ref<SiteSearchHandle>();
  const shown = ref(true);
  app = createApp(
    defineComponent(() => () => (shown.value ? h(SiteSearch, { siteKey: 'demo', baseUrl: API, analytics: false, ...props(), onResults, ref: handle }) : null)),
  );
  app.mount(container);
  return { handle, shown };
}
const field = () => container.querySelector<HTMLInputElement>('[role="combobox"]');

describe('SiteSearch (Vue)', () => {
  it('mounts the widget into its own element, with the props as options and the attributes on the element', () => {
    render(() => ({ id: 'search', class: 'site', placeholder: 'Search the docs' }));
    const host = container.firstElementChild as HTMLElement;
    expect(host.id).toBe('search');
    expect(host.className).toBe('site');
    expect(host.querySelector('.ss-widget')).toBeTruthy();
    expect(field()?.placeholder).toBe('Search the docs');
  });

  it('leaves a switch that is not given to the option’s default, not false', () => {
    render(() => ({ layout: 'overlay' }));
    // The overlay's shortcut is on by default: Vue's `false` for an absent Boolean prop would turn it off.
    expect(container.querySelector('kbd, .ss-kbd, [aria-keyshortcuts]')).toBeTruthy();
  });

  it('exposes the widget’s handle to a template ref, and emits each answer as `results`', async () => {
    const results = vi.fn<(response: SearchResponse) => void>();
    const { handle } = render(() => ({}), results);
    handle.value!.search('grid');
    expect(searches.map((s) => s.url.searchParams.get('term'))).toEqual(['grid']);
    await vi.waitFor(() => expect(results).toHaveBeenCalledOnce());
    expect(results.mock.calls[0]![0].hits[0]!.id).toBe('doc-1');
    expect(field()?.value).toBe('grid');
  });

  it('updates the widget when a prop changes by value, not when a render passes equal new arrays', async () => {
    const state = reactive({ limit: 5 as number | undefined, tick: 0 });
    const { handle } = render(() => ({
      facets: [{ field: 'area', label: 'Area', tick: state.tick }].map(({ field, label }) => ({ field, label })),
      limit: state.limit,
    }));
    handle.value!.search('grid');
    state.tick++;
    await nextTick();
    expect(searches).toHaveLength(1);
    state.limit = 7;
    await nextTick();
    expect(searches.map((s) => s.url.searchParams.get('limit'))).toEqual(['5', '7']);
    state.limit = undefined;
    await nextTick();
    expect(searches.at(-1)!.url.searchParams.get('limit')).toBe('10');
  });

  it('destroys the widget on unmount: the element is emptied and the request in flight aborted; a remount asks nothing twice', async () => {
    const { handle, shown } = render(() => ({}));
    const host = container.firstElementChild as HTMLElement;
    handle.value!.search('grid');
    shown.value = false;
    await nextTick();
    expect(host.childNodes).toHaveLength(0);
    expect(searches[0]!.signal?.aborted).toBe(true);
    shown.value = true;
    await nextTick();
    expect(container.querySelectorAll('.ss-widget')).toHaveLength(1);
    handle.value!.search('flex');
    expect(searches.map((s) => s.url.searchParams.get('term'))).toEqual(['grid', 'flex']);
  });
});
