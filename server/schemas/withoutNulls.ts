/**
 * A body as the schemas read it: a field set to null is absent, as crawlers and exports
 * often write missing fields that way (and a JavaScript caller's undefined is too).
 */
export function withoutNulls(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  return Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== null && value !== undefined));
}
