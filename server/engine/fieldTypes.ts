import { customFieldType } from '../../src/client/validateDocuments.ts';
import type { CustomFieldType, FieldTypeConflict, PreparedDocument } from './engine.ts';

/** A double field takes whole numbers too: JSON cannot tell 5 from 5.0. */
function accepts(fieldType: CustomFieldType, type: CustomFieldType): boolean {
  return fieldType === type || (fieldType === 'double' && type === 'integer');
}

/**
 * Types for the custom fields of a write, in document order: a field without a type
 * takes its first value's, and a later value of another type is a conflict.
 */
export function assignFieldTypes(
  documents: readonly PreparedDocument[],
  known: ReadonlyMap<string, CustomFieldType>,
): { added: Map<string, CustomFieldType>; conflicts: FieldTypeConflict[] } {
  const added = new Map<string, CustomFieldType>();
  const conflicts: FieldTypeConflict[] = [];
  documents.forEach((document, position) => {
    for (const [field, value] of Object.entries(document.customFields)) {
      const type = customFieldType(value);
      const fieldType = known.get(field) ?? added.get(field);
      if (fieldType === undefined) added.set(field, type);
      else if (!accepts(fieldType, type)) conflicts.push({ position, field, fieldType, valueType: type });
    }
  });
  return { added, conflicts };
}
