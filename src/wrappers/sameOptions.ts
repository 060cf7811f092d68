/**
 * Whether two sets of `mount` options say the same, compared by value: a framework passes
 * new arrays and objects on every render (`facets={[...]}`), and `MountedWidget.update`
 * starts the widget anew and searches again, so a wrapper updates only on a real change.
 * Functions compare by identity; so do the prototypes of `messages` (a language's words
 * under the site's own).
 */
export function sameOptions(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const keys = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const other = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  return keys.length === other.length && keys.every((key) => sameOptions((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
