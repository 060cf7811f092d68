import { fold } from '../text/fold.ts';
import { findPhraseCompletion } from '../text/phraseCompletion.ts';
import { ftsPhrasePrefix } from './ftsExpression.ts';
import type { StatementCache } from './statementCache.ts';

/** Titles longer than this are not offered whole: a suggestion is something to search for. */
const WHOLE_TITLE_MAX_CHARS = 80;

/**
 * Suggestions for typed words (folded; the last one a prefix): completions found in the
 * best-matching titles, then in content when titles give too few. A completion seen in
 * many documents ranks first; values keep the documents' case and accents.
 */
export function sqliteSuggest(statements: StatementCache, words: readonly string[], size: number): string[] {
  if (words.length === 0) return [];
  const found = new Map<string, { value: string; score: number; order: number }>();
  const add = (value: string | null, weight: number): void => {
    if (value === null) return;
    const clean = value.replace(/\s+/g, ' ').trim();
    const key = fold(clean);
    const entry = found.get(key);
    if (entry === undefined) found.set(key, { value: clean, score: weight, order: found.size });
    else entry.score += weight;
  };

  // A sample of matching titles, not the best ranked: ranking every match of a short
  // prefix would be slow, and completions are ordered by how often they occur anyway.
  const titles = statements
    .get(`SELECT d.title FROM fts_title JOIN docs d ON d.rowid = fts_title.rowid WHERE fts_title MATCH ? LIMIT 300`)
    .pluck()
    .all(ftsPhrasePrefix(words)) as string[];
  for (const title of titles) {
    const completion = findPhraseCompletion(title, words);
    if (completion === null) continue;
    add(completion.completed, 3);
    add(completion.extended, 1);
    if (completion.atStart && title.length <= WHOLE_TITLE_MAX_CHARS) add(title, 1);
  }

  if (found.size < size) {
    const contents = statements
      .get(`SELECT d.main_content FROM fts JOIN docs d ON d.rowid = fts.rowid WHERE fts MATCH ? LIMIT 30`)
      .pluck()
      .all(`main_content : ${ftsPhrasePrefix(words)}`) as string[];
    for (const content of contents) {
      const completion = findPhraseCompletion(content, words);
      if (completion === null) continue;
      // Only the completed words: the next word of running text is mostly noise ("and").
      add(completion.completed, 2);
    }
  }

  return [...found.values()]
    .sort((a, b) => b.score - a.score || a.value.length - b.value.length || a.order - b.order)
    .slice(0, size)
    .map((entry) => entry.value);
}
