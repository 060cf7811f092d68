/**
 * Splits at anything but letters and digits, and inside camel case
 * (`HTMLCanvasElement`: `HTML`, `Canvas`, `Element`), where a reader sees words start too.
 */
const BETWEEN_WORDS = /[^\p{L}\p{N}]+|(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;

/** Lower case without accents: `Zürich` and `zurich` read alike. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const words = (text: string) => text.split(BETWEEN_WORDS).map(fold).filter(Boolean);

/**
 * Whether each word of `query` starts a word of a text, case and accents aside: `tem col`
 * finds `grid-template-columns`, `canvas` finds `HTMLCanvasElement`, `plate` finds neither.
 * An empty query matches every text.
 */
export function matchesWordStarts(query: string): (text: string) => boolean {
  const wanted = words(query);
  return (text) => {
    const have = words(text);
    return wanted.every((w) => have.some((h) => h.startsWith(w)));
  };
}
