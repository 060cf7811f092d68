import type { IndexReader } from '../engine/engine.ts';
import { orderFieldValues } from '../ranking/fieldValueOrder.ts';
import { fold } from '../text/fold.ts';

/**
 * Values of a custom field that begin with `term`, or have a word that does, ignoring
 * case and accents. Values that start with the term come from an index range; only
 * when they are too few does the slower scan for a word inside the values run.
 */
export async function autocomplete(reader: IndexReader, field: string, term: string, size: number): Promise<string[]> {
  const wanted = fold(term).replace(/\s+/g, ' ').trim();
  if (wanted === '') return [];
  let rows = await reader.fieldValues(field, wanted, 'start');
  if (new Set(rows.map((row) => row.fold)).size < size) rows = await reader.fieldValues(field, wanted, 'anywhere');
  return orderFieldValues(rows, wanted, size);
}
