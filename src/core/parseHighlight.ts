/** One run of a highlight: plain text, emphasised (a matched term) or not. */
export interface HighlightPart {
  text: string;
  em: boolean;
}

// `<em>`, `</em>`, `<EM class=x>`, `<em/>`: the only markup a highlight may carry.
// `[^<>]*` keeps a broken tag from swallowing the text after it.
const EM_TAG = /<(\/?)em(?:[\s/][^<>]*)?>/iy;
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos|nbsp));/g;
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (_match, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (name !== undefined) return NAMED[name] ?? _match;
    const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? '', 16);
    // NUL, lone surrogates and values past Unicode become U+FFFD, as HTML does.
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
    return String.fromCodePoint(code);
  });
}

/**
 * Splits a highlight from the API (matched terms in `<em>`, the rest HTML-escaped)
 * into text parts. The string is untrusted: `<em>` and `</em>` (any case, attributes
 * ignored) only switch emphasis on and off, every other tag stays literal text, and
 * entities are decoded after the tags are found, so `&lt;em&gt;` is text, never markup.
 * Render the parts as text nodes; nothing here is ever parsed as HTML.
 */
export function parseHighlight(highlight: string | null | undefined): HighlightPart[] {
  const parts: HighlightPart[] = [];
  if (!highlight) return parts;
  // Nesting depth, so `<em><em>a</em>b</em>` keeps `b` emphasised; stray closers are ignored.
  let depth = 0;
  let raw = '';
  const flush = () => {
    if (raw === '') return;
    const text = decodeEntities(raw);
    raw = '';
    const em = depth > 0;
    const previous = parts[parts.length - 1];
    if (previous && previous.em === em) previous.text += text;
    else parts.push({ text, em });
  };
  let i = 0;
  while (i < highlight.length) {
    const lt = highlight.indexOf('<', i);
    if (lt === -1) {
      raw += highlight.slice(i);
      break;
    }
    raw += highlight.slice(i, lt);
    EM_TAG.lastIndex = lt;
    const tag = EM_TAG.exec(highlight);
    if (!tag) {
      raw += '<';
      i = lt + 1;
      continue;
    }
    const closing = tag[1] === '/';
    const selfClosing = !closing && tag[0].endsWith('/>');
    if (!selfClosing && !(closing && depth === 0)) {
      flush();
      depth += closing ? -1 : 1;
    }
    i = lt + tag[0].length;
  }
  flush();
  return parts;
}
