// Helpers for the component tests (not part of the package): a controller driven by
// a fake client whose answers the test settles by hand.
import { act, render } from '@testing-library/preact';
import type { ComponentChildren } from 'preact';
import { vi } from 'vitest';
import type { SearchHit, SearchParams, SearchResponse } from '../client/types.ts';
import { createSearchController, type SearchController } from '../core/createSearchController.ts';
import { en } from './messages.ts';
import { SearchContext } from './SearchContext.ts';
import { WidgetContext, type WidgetContextValue } from './WidgetContext.ts';

export interface PendingSearch {
  params: SearchParams;
  signal: AbortSignal | undefined;
  resolve(response: SearchResponse): void;
  reject(reason: unknown): void;
}

export function hit(overrides: Partial<SearchHit> = {}): SearchHit {
  return {
    id: 'doc-1',
    url: 'https://developer.mozilla.org/en-US/docs/Web/CSS/grid',
    title: 'grid - CSS',
    meta_description: 'The grid CSS property is a shorthand.',
    meta_categories: null,
    custom_fields: {},
    highlight: 'The <em>grid</em> CSS property',
    ts: '2024-01-01T00:00:00',
    categories: [],
    document_type: 'html',
    images: { main: null, main_b64: null, capture: null },
    score: 1,
    ...overrides,
  };
}

export function answer(hits: SearchHit[], total = hits.length, ms = 4): SearchResponse {
  return { page: 1, total_hits: total, processing_time_ms: ms, hits, facets: null, rangeFacets: null };
}

export function fakeController(): { controller: SearchController; calls: PendingSearch[] } {
  const calls: PendingSearch[] = [];
  const client = {
    search: vi.fn(
      (params: SearchParams, options?: { signal?: AbortSignal }) =>
        new Promise<SearchResponse>((resolve, reject) => {
          calls.push({ params, signal: options?.signal, resolve, reject });
        }),
    ),
  };
  return { controller: createSearchController({ client }), calls };
}

export function renderWith(controller: SearchController, children: ComponentChildren) {
  return render(<SearchContext.Provider value={controller}>{children}</SearchContext.Provider>);
}

/** Searches `term` at once and paints `response`. */
export async function searchAndAnswer(controller: SearchController, calls: PendingSearch[], term: string, response: SearchResponse) {
  controller.setTerm(term);
  controller.submit();
  calls.at(-1)?.resolve(response);
  await vi.advanceTimersByTimeAsync(0);
}

/** Settles the newest pending search with `response` and lets Preact paint it. */
export function answerLatest(calls: PendingSearch[], response: SearchResponse): Promise<void> {
  return act(async () => {
    calls.at(-1)?.resolve(response);
    await vi.advanceTimersByTimeAsync(0);
  });
}

/** Moves the fake clock on, letting Preact render what changed. */
export function advance(ms: number): Promise<void> {
  return act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Renders `children` with the controller and the widget context (words, config, suggestions). */
export function renderWidget(controller: SearchController, children: ComponentChildren, context: Partial<WidgetContextValue> = {}) {
  return render(
    <SearchContext.Provider value={controller}>
      <WidgetContext.Provider value={{ m: en, config: {}, suggestions: null, ...context }}>
        <div class="ss-widget">{children}</div>
      </WidgetContext.Provider>
    </SearchContext.Provider>,
  );
}

/** jsdom has <dialog> but not its modal methods: these do what the browser does, for the tests' purpose. */
export function dialogMethods(): void {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
