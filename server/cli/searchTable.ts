import type { SearchResponse } from '../../src/client/types.ts';

/** A search answer as a table for a terminal: position, id, title and URL, then the facets. */
export function searchTable(answer: SearchResponse, limit: number): string {
  const first = (answer.page - 1) * limit + 1;
  const rows = answer.hits.map((hit, i) => [String(first + i), hit.id, clip(hit.title, 40), clip(hit.url ?? '', 60)]);
  const header = ['#', 'id', 'title', 'url'];
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (cells: string[]): string =>
    cells
      .map((cell, c) => cell.padEnd(widths[c]!))
      .join('  ')
      .trimEnd();
  const out = [
    `${answer.total_hits.toLocaleString('en')} hits, page ${answer.page}, ${answer.processing_time_ms} ms`,
    ...(rows.length > 0 ? [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)] : []),
  ];
  for (const [field, values] of Object.entries(answer.facets ?? {})) {
    out.push('', `${field}: ${values.map((v) => `${v.value} (${v.count})`).join(', ')}`);
  }
  return out.join('\n') + '\n';
}

function clip(text: string, width: number): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > width ? flat.slice(0, width - 1) + '…' : flat;
}
