/** Order statistics and table formatting for benchmark samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}

/** A markdown table from a header row and data rows; columns after the first `textColumns` (figures) are right-aligned. */
export function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>, textColumns = 1): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map((_, i) => (i < textColumns ? '---' : '---:'))), ...rows.map(line)].join('\n');
}

/** Milliseconds with two decimals under 10, one above; a dash when unmeasured. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return '–';
  return value < 10 ? value.toFixed(2) : value.toFixed(1);
}

/** How many times `theirs` is `ours`, e.g. `3.2×`; a dash when either is missing. */
export function ratio(theirs: number, ours: number): string {
  if (!Number.isFinite(theirs) || !Number.isFinite(ours) || ours <= 0) return '–';
  const times = theirs / ours;
  return `${times < 1 ? times.toFixed(2) : times.toFixed(1)}×`;
}

/** The targets column: whether a figure meets its target, said plainly. */
export function verdict(value: number, limit: number, unit: string, comparison: '<' | '<=' | '>=' = '<='): string {
  const sign = comparison === '<' ? '<' : comparison === '>=' ? '≥' : limit === 0 ? '=' : '≤';
  if (!Number.isFinite(value)) return `not measured (target ${sign === '=' ? '≤' : sign} ${limit} ${unit})`.replace(/ \)/, ')');
  const met = comparison === '<' ? value < limit : comparison === '>=' ? value >= limit : value <= limit;
  const target = `${sign} ${limit}${unit ? ` ${unit}` : ''}`;
  return met ? `met (${target})` : `**missed** (${target})`;
}

/** A count with thousands separators. */
export function count(value: number): string {
  return Number.isFinite(value) ? Math.round(value).toLocaleString('en') : '–';
}
