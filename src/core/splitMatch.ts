/**
 * `value` cut around the first occurrence of `term` (case-insensitive): before, typed part,
 * after. A space typed matches any run of spaces and punctuation, as it stands for a dot or
 * a colon when a developer types a name: `promise all` marks `Promise.all` in `Promise.all()`.
 */
export function splitMatch(value: string, term: string): [string, string, string] {
  const words = term.trim().split(/\s+/).filter(Boolean);
  const match = words.length ? new RegExp(words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^\\p{L}\\p{N}]+'), 'iu').exec(value) : null;
  if (!match) return [value, '', ''];
  const end = match.index + match[0].length;
  return [value.slice(0, match.index), match[0], value.slice(end)];
}
