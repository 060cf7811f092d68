/**
 * Other forms of a word that a search should treat alike: English singular and plural
 * forms, and forms of numbers (the parts of an identifier are text/identifiers.ts). Words
 * are folded (see server/text/fold.ts) unless a function says otherwise.
 */

const SIBILANT_END = /(?:s|x|z|ch|sh)$/;
const CONSONANT_Y = /[^aeiou]y$/;
/** Words that end in s without being plurals. */
const SINGULAR_S = /(?:ss|us|is|ous)$/;

/**
 * Singular and plural candidates of a folded English word, without the word itself.
 * Liberal on purpose (`caches` gives `cache` and `cach`): callers keep only the forms
 * the index holds, so a wrong guess costs nothing.
 */
export function numberForms(word: string): string[] {
  if (word.length < 3 || !/^[a-z]+$/.test(word)) return [];
  const forms = new Set<string>();
  if (word.endsWith('ies') && word.length > 4) forms.add(`${word.slice(0, -3)}y`);
  if (word.endsWith('es') && word.length > 3) forms.add(word.slice(0, -2));
  if (word.endsWith('s') && !SINGULAR_S.test(word)) forms.add(word.slice(0, -1));
  if (!word.endsWith('s') || SINGULAR_S.test(word)) {
    if (CONSONANT_Y.test(word)) forms.add(`${word.slice(0, -1)}ies`);
    else forms.add(SIBILANT_END.test(word) ? `${word}es` : `${word}s`);
  }
  forms.delete(word);
  return [...forms];
}

/**
 * One key for the singular and plural forms of a folded English word (`logins` and
 * `login`, `boxes` and `box`, `caches` and `cache`): what query rules compare words by.
 * Liberal like numberForms (`cache` keys as `cach`); only equality of keys counts.
 */
export function wordFormKey(word: string): string {
  if (word.length < 3 || !/^[a-z]+$/.test(word) || SINGULAR_S.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('es') && word.length > 3) return SINGULAR_S.test(word.slice(0, -2)) ? word.slice(0, -2) : word.slice(0, -2).replace(/e$/, '');
  if (word.endsWith('s')) return word.slice(0, -1).replace(/e$/, '');
  return word.replace(/e$/, '');
}
