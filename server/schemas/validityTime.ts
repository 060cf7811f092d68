import { parseDocDate } from '../../src/client/docDate.ts';

/**
 * Epoch milliseconds of a validity bound (a date alone is midnight UTC). Apart from the
 * rule schema so that reader threads, which match rules, load no schema library.
 */
export function validityTime(text: string): number {
  return parseDocDate(text) ?? parseDocDate(`${text}Z`)!;
}
