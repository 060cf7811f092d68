import type { MountedWidget } from '../ui/mount.tsx';

interface PageConsent {
  widgets: Set<MountedWidget>;
  granted?: boolean;
}

// Shared by every copy of the script on the page, like the set of mounted tags.
const page: PageConsent = ((globalThis as { [key: symbol]: PageConsent })[Symbol.for('site-search-consent')] ??= {
  widgets: new Set(),
});

/**
 * Lets `setConsent` reach a widget the page did not mount itself (from the script tag or
 * the element); one mounted after the answer gets it at once. Returns the undo.
 */
export function followConsent(widget: MountedWidget): () => void {
  page.widgets.add(widget);
  if (page.granted !== undefined) widget.setConsent(page.granted);
  return () => page.widgets.delete(widget);
}

/** `SiteSearch.setConsent`: the visitor's answer for analytics, for every widget on the page. */
export function setConsent(granted: boolean): void {
  page.granted = granted;
  for (const widget of page.widgets) widget.setConsent(granted);
}
