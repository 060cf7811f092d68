import type { IndexReader } from '../engine/engine.ts';
import { orderFieldValues } from '../ranking/fieldValueOrder.ts';
import { fold } from '../text/fold.ts';

/**
 * Values of a custom field that begin with `term`, or have a word that does, ignoring
 * case and accents. Values that start with the term come from an index range; only
 * when they are too few does the slower scan for a word inside the values run. Documents
 * hidden by the query rules that match the term neither offer values nor count as uses.
 */
export async function autocomplete(reader: IndexReader, field: string, term: string, size: number, hidden: readonly string[] = []): Promise<string[]> {
  const wanted = fold(term).replace(/\s+/g, ' ').trim();
  if (wanted === '') return [];
  let rows = await reader.fieldValues(field, wanted, 'start', hidden);
  if (new Set(rows.map((row) => row.fold)).size < size) rows = await reader.fieldValues(field, wanted, 'anywhere', hidden);
  return orderFieldValues(rows, wanted, size);
}
