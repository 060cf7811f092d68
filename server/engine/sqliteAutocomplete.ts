import { fold } from '../text/fold.ts';
import { wordPattern } from '../text/words.ts';
import type { StatementCache } from '../storage/statementCache.ts';

/**
 * Values of a custom field that begin with `term`, or have a word that does, ignoring
 * case and accents. Whole-value matches come first, then the most used values.
 */
export function sqliteAutocomplete(statements: StatementCache, field: string, term: string, size: number): string[] {
  const wanted = fold(term).replace(/\s+/g, ' ').trim();
  if (wanted === '') return [];
  // Values that start with the term come from an index range; only when they are too
  // few does the slower scan for a word inside the values run.
  let rows = statements
    .get(`SELECT text, fold, count(*) AS uses FROM field_values WHERE field = ? AND fold >= ? AND fold < ? GROUP BY text`)
    .all(field, wanted, `${wanted}\u{10FFFF}`) as Row[];
  if (new Set(rows.map((row) => row.fold)).size < size) {
    rows = statements
      .get(`SELECT text, fold, count(*) AS uses FROM field_values WHERE field = ? AND fold LIKE ? ESCAPE '\\' GROUP BY text`)
      .all(field, `%${wanted.replace(/[\\%_]/g, '\\$&')}%`) as Row[];
  }

  const ranked: Array<{ value: string; key: string; rank: number; uses: number }> = [];
  for (const row of rows) {
    const rank = row.fold.startsWith(wanted) ? 0 : startsAWord(row.fold, wanted) ? 1 : -1;
    if (rank >= 0) ranked.push({ value: row.text, key: row.fold, rank, uses: row.uses });
  }
  ranked.sort((a, b) => a.rank - b.rank || b.uses - a.uses || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));

  // One value per spelling that differs only in case or accents: the most used.
  const seen = new Set<string>();
  const values: string[] = [];
  for (const entry of ranked) {
    if (seen.has(entry.key)) continue;
    seen.add(entry.key);
    values.push(entry.value);
    if (values.length === size) break;
  }
  return values;
}

interface Row {
  text: string;
  fold: string;
  uses: number;
}

function startsAWord(text: string, wanted: string): boolean {
  const pattern = wordPattern();
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    if (text.startsWith(wanted, m.index)) return true;
  }
  return false;
}
