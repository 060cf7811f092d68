/** A custom field name as documents may define it (see validateDocument). */
export const CUSTOM_FIELD_NAME = /^[\p{L}\p{N}_-]{1,64}$/u;
const PREFIX = 'custom_fields.';

/** The name in `custom_fields.<name>`, or null when `text` is not of that form. */
export function customFieldName(text: string): string | null {
  if (!text.startsWith(PREFIX)) return null;
  const name = text.slice(PREFIX.length);
  return CUSTOM_FIELD_NAME.test(name) ? name : null;
}
