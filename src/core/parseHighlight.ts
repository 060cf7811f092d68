/** One run of a highlight: plain text, emphasised (a matched term) or not. */
export interface HighlightPart {
  text: string;
  em: boolean;
}

// `<em>`, `</em>`, `<EM class=x>`, `<em/>`: the only markup a highlight may carry.
// `[^<>]*` keeps a broken tag from swallowing the text after it. Captured, so that
// `split` puts every tag at an odd index between the texts.
const EM_TAG = /(<\/?em(?:[\s/][^<>]*)?>)/i;
const NAMED = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const ENTITY = /&(?:#(\d{1,7}|[xX][\da-fA-F]{1,6})|(amp|lt|gt|quot|apos|nbsp));/g;

/**
 * Splits a highlight from the API (matched terms in `<em>`, the rest HTML-escaped)
 * into text parts. The string is untrusted: `<em>` and `</em>` (any case, attributes
 * ignored) only switch emphasis on and off, every other tag stays literal text, and
 * entities are decoded after the tags are found, so `&lt;em&gt;` is text, never markup.
 * Render the parts as text nodes; nothing here is ever parsed as HTML.
 */
export function parseHighlight(highlight: string | null | undefined): HighlightPart[] {
  const parts: HighlightPart[] = [];
  // Nesting depth, so `<em><em>a</em>b</em>` keeps `b` emphasised; stray closers are ignored.
  let depth = 0;
  (highlight || '').split(EM_TAG).forEach((piece, i) => {
    if (i % 2) {
      if (piece[1] !== '/') depth += piece.endsWith('/>') ? 0 : 1;
      else if (depth) depth--;
    } else if (piece) {
      const text = piece.replace(ENTITY, (_match, num: string | undefined, name: keyof typeof NAMED | undefined) => {
        if (name) return NAMED[name];
        const code = Number(num! < 'A' ? num : `0${num}`);
        // NUL, lone surrogates and values past Unicode become U+FFFD, as HTML does.
        return code && code < 0x110000 && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
      });
      const em = depth > 0;
      const last = parts.at(-1);
      if (last?.em === em) last.text += text;
      else parts.push({ text, em });
    }
  });
  return parts;
}
