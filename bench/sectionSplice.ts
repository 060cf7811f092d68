/**
 * One section of BENCHMARKS.md rewritten by a step run alone, the rest of the file as the
 * last full run wrote it.
 */

/** The heading every section-alone step puts its section before, when the report has none yet. */
const BEFORE = '\n## Relevance\n';

/**
 * `report` with its `## {heading}` section (up to the next `## ` heading) replaced by
 * `section`, which starts with that heading; when it has no such section, `section` goes
 * before "## Relevance".
 */
export function spliceSection(report: string, heading: string, section: string): string {
  const before = report.indexOf(BEFORE);
  if (before < 0) throw new Error('BENCHMARKS.md has no "## Relevance" section to put this one before: run `npm run bench` once');
  const body = `\n${section.trim()}\n`;
  const start = report.indexOf(`\n## ${heading}\n`);
  if (start < 0) return report.slice(0, before) + body + report.slice(before);
  const next = report.indexOf('\n## ', start + 1);
  return report.slice(0, start) + body + report.slice(next < 0 ? report.length : next);
}

/** The `## {heading}` sections of a report, in order, each up to the next `## ` heading. */
function sections(report: string): Array<{ heading: string; text: string }> {
  const found: Array<{ heading: string; text: string }> = [];
  const pattern = /^## (.+)$/gm;
  const starts = [...report.matchAll(pattern)];
  starts.forEach((match, i) => {
    const end = i + 1 < starts.length ? starts[i + 1]!.index : report.length;
    found.push({ heading: match[1]!, text: report.slice(match.index, end) });
  });
  return found;
}

/**
 * `next` (a full run's report) with the sections of `previous` it lacks: those a step
 * measures alone (`npm run bench:bad-days`, ...), which a full run must not drop.
 */
export function carrySections(previous: string, next: string): string {
  const written = new Set(sections(next).map((s) => s.heading));
  let report = next;
  for (const section of sections(previous)) {
    if (!written.has(section.heading)) report = spliceSection(report, section.heading, section.text);
  }
  return report;
}
