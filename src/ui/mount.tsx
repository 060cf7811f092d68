import { render } from 'preact';
import { createClient } from '../client/index.ts';
import { createSearchController } from '../core/createSearchController.ts';
import { SearchWidget } from './SearchWidget.tsx';

/** Options of `mount`. */
export interface MountOptions {
  /** The public site key of the index. */
  siteKey: string;
  /** Base URL of the search API, e.g. `https://search.example.com`. */
  baseUrl: string;
  /**
   * Results per page, 1-300.
   * @default 10
   */
  limit?: number;
  /**
   * Placeholder text of the search field.
   * @default 'Search'
   */
  placeholder?: string;
}

/** A widget on the page, as `mount` returns it. */
export interface MountedWidget {
  /** Puts `term` in the search field and searches it at once. */
  search(term: string): void;
  /** Removes the widget, stops its timers and aborts its request in flight. */
  destroy(): void;
}

/** Renders the search widget into `target`, replacing what it holds. */
export function mount(target: Element, options: MountOptions): MountedWidget {
  if (!(target instanceof Element)) {
    throw new TypeError(`Site Search: mount() needs an element to render into, received ${String(target)}.`);
  }
  const client = createClient({ siteKey: options.siteKey, baseUrl: options.baseUrl });
  const controller = createSearchController({ client, limit: options.limit });
  render(<SearchWidget controller={controller} placeholder={options.placeholder} />, target);
  let destroyed = false;
  return {
    search(term) {
      controller.setTerm(term);
      controller.submit();
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      render(null, target);
      controller.dispose();
    },
  };
}
