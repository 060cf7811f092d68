/**
 * `site-search-widget/react`: the widget as a React component, over `mount`. It renders an
 * empty `<div>` (all there is on the server) and mounts the widget into it in an effect, on
 * the client; unmounting destroys the widget. Preact comes from the package's peer
 * dependency, as for `mount`: nothing here bundles a second one.
 *
 *   <SiteSearch siteKey="KEY" baseUrl="https://API_HOST" facets={[{ field: 'area', label: 'Area' }]} ref={search} />
 *
 * Also declares `<site-search>` (the script-tag build's element) in React's JSX.
 */
import { createElement, forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import type {
  CSSProperties,
  DetailedHTMLProps as ReactProps,
  ForwardedRef,
  ForwardRefExoticComponent,
  HTMLAttributes as ReactAttributes,
  RefAttributes,
} from 'react';
import { mount, type MountedWidget, type MountOptions } from '../ui/mount.tsx';
import { handleOf, type SiteSearchHandle } from '../wrappers/handle.ts';
import { changesFrom } from '../wrappers/changesFrom.ts';
import type { SiteSearchAttributes } from '../wrappers/SiteSearchAttributes.ts';

export type { SiteSearchHandle } from '../wrappers/handle.ts';
export type { SiteSearchAttributes } from '../wrappers/SiteSearchAttributes.ts';

/** Every `mount` option as a prop (`onResults` the callback), and the host `<div>`'s `id`, `className` and `style`. */
export interface SiteSearchProps extends MountOptions {
  id?: string | undefined;
  className?: string | undefined;
  style?: CSSProperties | undefined;
}

function SiteSearchComponent({ id, className, style, onResults, ...options }: SiteSearchProps, ref: ForwardedRef<SiteSearchHandle>) {
  const host = useRef<HTMLDivElement>(null);
  const widget = useRef<MountedWidget>(undefined);
  // The options of the last render and the last ones the widget was given: an effect compares them.
  const latest = useRef<Omit<MountOptions, 'onResults'>>(options);
  const applied = useRef<Omit<MountOptions, 'onResults'>>(options);
  const report = useRef(onResults);
  useImperativeHandle(ref, () => handleOf(() => widget.current), []);
  useEffect(() => {
    latest.current = options;
    report.current = onResults;
    const changes = widget.current && changesFrom(applied.current, options);
    if (!changes) return;
    applied.current = options;
    widget.current!.update(changes);
  });
  useEffect(() => {
    applied.current = latest.current;
    // The callback of the latest render, not of the first: a new arrow each render restarts nothing.
    const mounted = mount(host.current!, { ...latest.current, onResults: (response) => report.current?.(response) });
    widget.current = mounted;
    return () => {
      mounted.destroy();
      widget.current = undefined;
    };
  }, []);
  return createElement('div', { id, className, style, ref: host });
}

/** The search widget; a `ref` to it gets its `search`, `update` and `setConsent`. */
export const SiteSearch: ForwardRefExoticComponent<SiteSearchProps & RefAttributes<SiteSearchHandle>> = forwardRef(SiteSearchComponent);
SiteSearch.displayName = 'SiteSearch';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React 19 keeps JSX's intrinsic elements in this namespace.
  namespace JSX {
    interface IntrinsicElements {
      /** The script-tag build's custom element (`site-search-widget/embed` defines it). */
      'site-search': ReactProps<ReactAttributes<HTMLElement>, HTMLElement> & SiteSearchAttributes;
    }
  }
}
