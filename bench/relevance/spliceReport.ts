/**
 * Puts a relevance run into BENCHMARKS.md without the rest of the suite: the
 * `## Relevance` section (the last of the file) and the `relevance:` rows of the targets
 * table are replaced; every other figure stays as the last full run wrote it.
 */
import { relevanceMethod } from '../method.ts';
import { relevanceClassTable, relevanceSetsTable, relevanceTable, relevanceTargets } from '../report.ts';
import type { RelevanceResults } from './types.ts';

export function spliceRelevance(report: string, relevance: RelevanceResults, date: string): string {
  const heading = report.indexOf('\n## Relevance\n');
  if (heading < 0) throw new Error('BENCHMARKS.md has no "## Relevance" section to replace: run `npm run bench` once');
  const note = `*This section and the relevance rows of the targets come from \`npm run bench:relevance -- --write\` on ${date}, the code \`npm run bench\` runs first; the other sections are from the full run above, and the next full run writes them all.*`;
  const tables = {
    relevance: relevanceTable(relevance),
    relevanceClasses: relevanceClassTable(relevance),
    relevanceSets: relevanceSetsTable(relevance),
  };
  const section = `\n## Relevance\n\n${note}\n\n${relevanceMethod(relevance, tables)}\n`;
  const rows = relevanceTargets(relevance).map((cells) => `| ${cells.join(' | ')} |`);
  const lines = report.slice(0, heading).split('\n');
  const first = lines.findIndex((line) => line.startsWith('| relevance:'));
  if (first < 0) throw new Error('BENCHMARKS.md has no "| relevance:" target rows to replace: run `npm run bench` once');
  const count = lines.slice(first).findIndex((line) => !line.startsWith('| relevance:'));
  lines.splice(first, count < 0 ? lines.length - first : count, ...rows);
  return lines.join('\n') + section;
}
