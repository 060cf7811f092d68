/** One query word and what it may match in FTS5. */
export interface WordTerm {
  word: string;
  /** Also match words that begin with `word`. */
  prefix: boolean;
  /** Near words (fuzzy) that match too. */
  alternatives: readonly string[];
}

/**
 * Every word becomes a quoted FTS5 string, so no input (quotes, `*`, `:`, `^`,
 * parentheses, NEAR, AND, OR) can be read as query syntax.
 */
export function quoteFts(word: string): string {
  return `"${word.replaceAll('"', '""')}"`;
}

/** An FTS5 MATCH expression for query words: one group per word, joined by AND or OR. */
export interface FtsMatch {
  expression: string;
  /** Each word's own expression (the word, its prefix, its near words). */
  groups: string[];
  operator: 'and' | 'or';
}

export function ftsMatch(terms: readonly WordTerm[], operator: 'and' | 'or'): FtsMatch {
  const groups = terms.map((term) => {
    const parts = [quoteFts(term.word) + (term.prefix ? '*' : ''), ...term.alternatives.map(quoteFts)];
    return parts.length === 1 ? parts[0]! : `(${parts.join(' OR ')})`;
  });
  return { expression: groups.join(operator === 'or' ? ' OR ' : ' AND '), groups, operator };
}

/** The words as one phrase, the last word a prefix: what suggestions complete. */
export function ftsPhrasePrefix(words: readonly string[]): string {
  return `${quoteFts(words.join(' '))}*`;
}
