// @vitest-environment jsdom
import { act, createElement, createRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchResponse } from '../client/types.ts';
import { answer, hit } from '../ui/testing.tsx';
import { SiteSearch, type SiteSearchHandle, type SiteSearchProps } from './index.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const API = 'http://127.0.0.1:8787';
let searches: { url: URL; signal: AbortSignal | undefined }[];
let container: HTMLElement;
let root: Root;

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
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const render = (props: Partial<SiteSearchProps>, ref?: React.Ref<SiteSearchHandle>) =>
  act(() => root.render(createElement(SiteSearch, { siteKey: 'demo', baseUrl: API, analytics: false, ...props, ref })));
const field = () => container.querySelector<HTMLInputElement>('[role="combobox"]');

describe('SiteSearch (React)', () => {
  it('mounts the widget into its own element, with the props as options', async () => {
    await render({ id: 'search', className: 'site', placeholder: 'Search the docs' });
    const host = container.firstElementChild as HTMLElement;
    expect(host.id).toBe('search');
    expect(host.className).toBe('site');
    expect(host.querySelector('.ss-widget')).toBeTruthy();
    expect(field()?.placeholder).toBe('Search the docs');
  });

  it('gives a ref the widget’s handle, and reports each answer to the onResults of the latest render', async () => {
    const ref = createRef<SiteSearchHandle>();
    const first = vi.fn();
    const latest = vi.fn<(response: SearchResponse) => void>();
    await render({ onResults: first }, ref);
    await render({ onResults: latest }, ref);
    act(() => ref.current!.search('grid'));
    expect(searches.map((s) => s.url.searchParams.get('term'))).toEqual(['grid']);
    await vi.waitFor(() => expect(latest).toHaveBeenCalledOnce());
    expect(latest.mock.calls[0]![0].hits[0]!.id).toBe('doc-1');
    expect(first).not.toHaveBeenCalled();
    expect(field()?.value).toBe('grid');
  });

  it('updates the widget when a prop changes by value, not when a render passes equal new arrays', async () => {
    const ref = createRef<SiteSearchHandle>();
    await render({ facets: [{ field: 'area', label: 'Area' }], limit: 5 }, ref);
    act(() => ref.current!.search('grid'));
    await render({ facets: [{ field: 'area', label: 'Area' }], limit: 5 }, ref);
    expect(searches).toHaveLength(1);
    await render({ facets: [{ field: 'area', label: 'Area' }], limit: 7 }, ref);
    // The widget started anew keeps the search under way and asks it again with the new limit.
    expect(searches.map((s) => s.url.searchParams.get('limit'))).toEqual(['5', '7']);
    // A prop left out resets its option rather than keeping the old value.
    await render({}, ref);
    expect(searches.at(-1)!.url.searchParams.get('limit')).toBe('10');
  });

  it('destroys the widget on unmount: the element is emptied and the request in flight aborted; a remount asks nothing twice', async () => {
    const ref = createRef<SiteSearchHandle>();
    await render({}, ref);
    const host = container.firstElementChild as HTMLElement;
    act(() => ref.current!.search('grid'));
    act(() => root.unmount());
    expect(host.childNodes).toHaveLength(0);
    expect(searches[0]!.signal?.aborted).toBe(true);
    // The handle kept by the page does nothing once the widget is gone.
    ref.current?.search('flex');
    expect(searches).toHaveLength(1);
    root = createRoot(container);
    await render({}, ref);
    expect(container.querySelectorAll('.ss-widget')).toHaveLength(1);
    act(() => ref.current!.search('flex'));
    expect(searches.map((s) => s.url.searchParams.get('term'))).toEqual(['grid', 'flex']);
  });
});
