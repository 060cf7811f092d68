/**
 * The class of the widget's theme. `auto` follows the system's dark setting only on a
 * page that says it has a dark look (`color-scheme` with `dark` on its root element, or
 * the `color-scheme` meta tag). Any other page the browser shows light whatever the
 * system says, and the widget, which paints no background of its own in `auto`, would
 * put light text on it: there it is `ss-on-light`, whose stylesheet keeps the light
 * colours while the system is dark (no card), and follows it when the system turns dark
 * later. The page is read as of when the widget is mounted. `light` and `dark` are forced,
 * each with a card of its own.
 */
export function themeClass(theme: 'auto' | 'light' | 'dark' = 'auto'): string {
  if (theme !== 'auto') return `ss-${theme}`;
  const declared = getComputedStyle(document.documentElement).colorScheme + document.querySelector('meta[name="color-scheme"]')?.getAttribute('content');
  return /dark/.test(declared) ? 'ss-auto' : 'ss-on-light';
}
