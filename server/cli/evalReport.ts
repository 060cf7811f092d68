import type { Evaluation, QueryOutcome } from './evaluate.ts';
import type { RelevanceScores } from './relevanceScores.ts';

/** The least figures a run must reach; a figure without a threshold is only printed. */
export type Thresholds = Partial<Record<'success1' | 'success3' | 'mrr10', number>>;

const FIGURES = [
  ['success1', 'success@1'],
  ['success3', 'success@3'],
  ['mrr10', 'MRR@10'],
] as const;

/** Results shown for a miss: enough to see what took the wanted page's place. */
const MISS_HITS = 3;

/** The figures as a table, with each threshold and whether it was met. */
export function scoresTable(scores: RelevanceScores, thresholds: Thresholds): string {
  const rows = FIGURES.map(([key, label]) => {
    const least = thresholds[key];
    return [
      label,
      scores[key].toFixed(3),
      least === undefined ? '' : `${least.toFixed(3)}`,
      least === undefined ? '' : meets(scores[key], least) ? 'met' : 'NOT MET',
    ];
  });
  const header = ['figure', 'value', 'at least', ''];
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, c) => cell.padEnd(widths[c]!))
      .join('  ')
      .trimEnd();
  return (
    [`${scores.queries} judged ${scores.queries === 1 ? 'query' : 'queries'}`, line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join(
      '\n',
    ) + '\n'
  );
}

/** The queries with no wanted result in the top 10, each with the results it got instead. */
export function missesText(outcomes: readonly QueryOutcome[]): string {
  const misses = outcomes.filter((o) => o.rank === null);
  if (misses.length === 0) return 'no misses: every query has a wanted result in its top 10\n';
  const out = [`${misses.length} ${misses.length === 1 ? 'miss' : 'misses'} (no wanted result in the top 10):`];
  for (const { judged, hits } of misses) {
    out.push(`  '${judged.query}' (${judged.where}) wanted ${judged.wanted.join(' | ')}`);
    if (hits.length === 0) out.push('    no results');
    hits.slice(0, MISS_HITS).forEach((hit, i) => out.push(`    ${i + 1}. ${hit.id}  ${hit.title.replace(/\s+/g, ' ')}${hit.url === '' ? '' : `  ${hit.url}`}`));
  }
  return out.join('\n') + '\n';
}

/** The figures under their thresholds, as `MRR@10 0.412 is under 0.500`; empty when all are met. */
export function unmet(evaluation: Evaluation, thresholds: Thresholds): string[] {
  return FIGURES.flatMap(([key, label]) => {
    const least = thresholds[key];
    const value = evaluation.scores[key];
    return least !== undefined && !meets(value, least) ? [`${label} ${value.toFixed(3)} is under ${least.toFixed(3)}`] : [];
  });
}

/** A mean of reciprocals can land a rounding error under a threshold it equals. */
function meets(value: number, least: number): boolean {
  return value + 1e-9 >= least;
}
