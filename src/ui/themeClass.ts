/**
 * The class of the widget's theme. `auto` follows the system's dark setting only on a
 * page that says it has a dark look (`color-scheme` with `dark` on its root element, or
 * the `color-scheme` meta tag). Any other page the browser shows light whatever the
 * system says, and the widget, which paints no background of its own in `auto`, would
 * put light text on it: there, on a dark system, it takes the light colours again
 * (`ss-on-light`, no card), as of when it is mounted. `light` and `dark` are forced,
 * each with a card of its own.
 */
export function themeClass(theme: 'auto' | 'light' | 'dark' = 'auto'): string {
  if (theme !== 'auto') return `ss-${theme}`;
  const declared = getComputedStyle(document.documentElement).colorScheme + document.querySelector('meta[name="color-scheme"]')?.getAttribute('content');
  return /dark/.test(declared) || !globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'ss-auto' : 'ss-on-light';
}
