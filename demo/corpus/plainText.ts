// Turns the markup found in upstream text (HTML in BCD, Markdown in TypeScript's JSDoc and in
// VS Code's web data) into plain sentences, because the service highlights `main_content` as
// plain text.

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Plain text of an HTML fragment: tags dropped, entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  return collapse(
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, code: string) => {
        if (code.startsWith('#x') || code.startsWith('#X')) return String.fromCodePoint(parseInt(code.slice(2), 16));
        if (code.startsWith('#')) return String.fromCodePoint(parseInt(code.slice(1), 10));
        return ENTITIES[code.toLowerCase()] ?? whole;
      })
      // Markup around a final period leaves a doubled one (`<code>x.</code>.`); keep ellipses.
      .replace(/(?<!\.)\.\.(?!\.)/g, '.'),
  );
}

/**
 * A Markdown link: `[text](url)` or `[text](url "title")`. The URL may hold one level of
 * parentheses; a title (MDN glossary tooltips, with quotes of their own) ends at `")`.
 */
const MARKDOWN_LINK = /\[([^\]]*)\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+"[^\n]*?")?\s*\)/g;
/** `_word_` or `*word*` standing alone; `snake_case`, `_self`, `a * b` and `margin-*` are left as they are. */
const EMPHASIS = /(^|[\s(])([*_])(?=\S)([^*_\n]*?[^*_\s])\2(?=$|[\s.,;:!?)'"])/g;

/** Plain text of Markdown (TypeScript's JSDoc, VS Code's web data): emphasis, code marks and escapes dropped, links reduced to their text. */
export function markdownToText(markdown: string): string {
  const linked = markdown.replace(MARKDOWN_LINK, '$1').replace(/\{@link\s+([^}|\s]+)[^}]*\}/g, '$1');
  // Odd parts are code spans, whose text is literal: `` `_self` `` is no emphasis, `` `\` `` no escape.
  const parts = linked.split(/(`[^`\n]*`)/);
  return collapse(
    parts
      .map((part, i) =>
        i % 2 === 1
          ? part.slice(1, -1)
          : part
              .replace(/\*\*|__|`/g, '')
              .replace(EMPHASIS, '$1$3')
              .replace(/\\([\\`*_{}[\]()#+\-.!<>])/g, '$1'),
      )
      .join(''),
  );
}

/** Ends the text with a period unless it already ends a sentence. */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  return /[.!?]["')\]]?$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => /[A-Za-z0-9]/.test(word)).length;
}

/**
 * Whether the text holds a real sentence: at least `minWords` words and a sentence end.
 * Bare labels such as "`load` event" do not count.
 */
export function isSentence(text: string, minWords = 6): boolean {
  return wordCount(text) >= minWords && /[.!?]["')\]]?$/.test(text.trim());
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
