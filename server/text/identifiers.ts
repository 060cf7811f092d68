/**
 * The parts of an identifier as written: `setTimeout` is `set` + `timeout`,
 * `HTMLDialogElement` is `html` + `dialog` + `element`.
 */

/** Lower-to-upper and acronym-to-word boundaries, and letters next to digits. */
export const CASE_BOUNDARY = /(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])/;

/**
 * The folded parts of one word as written (`HTMLDialogElement` -> html, dialog,
 * element); a word without inner boundaries gives itself alone.
 */
export function identifierParts(word: string): string[] {
  return word
    .split(CASE_BOUNDARY)
    .filter((part) => part !== '')
    .map((part) => part.toLowerCase());
}

/** Whether a word as written has parts (cheap test before `identifierParts`). */
export function hasInnerCase(word: string): boolean {
  return /[a-z][A-Z]|[A-Z][A-Z][a-z]|[A-Za-z]\d|\d[A-Za-z]/.test(word);
}
