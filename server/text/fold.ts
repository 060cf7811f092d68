/**
 * Lower case without accents: the form in which words are compared, close to what
 * FTS5's `unicode61 remove_diacritics 2` tokenizer indexes.
 */
export function fold(text: string): string {
  // Most text is ASCII, where folding is lower-casing; normalising costs far more.
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

// The whole ASCII range, NUL included, on purpose.
// eslint-disable-next-line no-control-regex
const NON_ASCII = /[^\x00-\x7f]/;
