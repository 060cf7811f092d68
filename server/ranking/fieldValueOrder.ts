import type { FieldValueUse } from '../engine/engine.ts';
import { wordPattern } from '../text/words.ts';

/**
 * The order of autocompleted field values: whole values that start with the typed text
 * first, then values with a word that does, each by use; one value per spelling that
 * differs only in case or accents (the most used). Values that hold the text only
 * inside a word are left out.
 */
export function orderFieldValues(rows: readonly FieldValueUse[], wanted: string, size: number): string[] {
  const ranked: Array<{ value: string; key: string; rank: number; uses: number }> = [];
  for (const row of rows) {
    const rank = row.fold.startsWith(wanted) ? 0 : startsAWord(row.fold, wanted) ? 1 : -1;
    if (rank >= 0) ranked.push({ value: row.text, key: row.fold, rank, uses: row.uses });
  }
  ranked.sort((a, b) => a.rank - b.rank || b.uses - a.uses || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
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

function startsAWord(text: string, wanted: string): boolean {
  const pattern = wordPattern();
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    if (text.startsWith(wanted, m.index)) return true;
  }
  return false;
}
