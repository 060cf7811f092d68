import type { CustomFieldType, PreparedDocument } from './engine.ts';
import { fold } from '../text/fold.ts';

const NUMERIC_TEXT = /^-?\d+(?:\.\d+)?$/;

/** One value of a custom field as every engine indexes it, for filters, facets and autocomplete. */
export interface FieldValue {
  field: string;
  /** The value as text: what facets count and `eq` filters match. */
  text: string;
  /** The number range filters and sorts compare; null for text that is no number. */
  num: number | null;
  /** The text folded, for autocomplete. */
  fold: string;
}

/**
 * The values a document's custom fields index, given each field's type (from
 * assignFieldTypes and the types stored): an array's repeated element counts once for
 * its document, and a text value that reads as a number (`42`, `-1.5`) also gets that
 * number. `multiValued`: the fields that hold several distinct values here.
 */
export function fieldValues(
  document: Pick<PreparedDocument, 'customFields'>,
  typeOf: (field: string) => CustomFieldType | undefined,
): { values: FieldValue[]; multiValued: string[] } {
  const values: FieldValue[] = [];
  const multiValued: string[] = [];
  for (const [field, value] of Object.entries(document.customFields)) {
    const numeric = typeOf(field) !== 'text';
    const elements = typeof value === 'object' ? new Set(value) : [value];
    if (elements instanceof Set && elements.size > 1) multiValued.push(field);
    for (const element of elements) {
      const text = String(element);
      const num = typeof element === 'number' ? element : !numeric && NUMERIC_TEXT.test(text) ? Number(text) : null;
      values.push({ field, text, num, fold: fold(text) });
    }
  }
  return { values, multiValued };
}
