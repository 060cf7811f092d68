/**
 * A large corpus made from the demo corpus, for the benchmarks at 10,000 and 100,000
 * documents: the demo documents first, then variants of them with their own ids and
 * URLs and some words changed, so the index holds more distinct text than copies would.
 * Deterministic: the same base and count give the same documents.
 */
import { createHash } from 'node:crypto';
import type { IndexDocument } from '../src/client/types.ts';
import { seededRandom } from '../demo/seededRandom.ts';

/** Share of the words in a variant's text replaced by other words of the corpus. */
const CHANGED = 0.1;

export interface CorpusVariants {
  size: number;
  /** The document at `index`, 0 to size - 1. */
  at(index: number): IndexDocument;
  /** Documents `from` to `to` (excluded), built on demand so 100,000 never sit in memory at once. */
  slice(from: number, to: number): IndexDocument[];
}

export function corpusVariants(base: readonly IndexDocument[], size: number): CorpusVariants {
  if (base.length === 0) throw new Error('corpusVariants needs at least one base document');
  const vocabulary = wordsOf(base);
  const at = (index: number): IndexDocument => {
    if (!Number.isInteger(index) || index < 0 || index >= size) throw new RangeError(`no document ${index} in a corpus of ${size}`);
    const original = base[index % base.length]!;
    const round = Math.floor(index / base.length);
    return round === 0 ? original : variant(original, round, index, vocabulary);
  };
  return {
    size,
    at,
    slice: (from, to) => Array.from({ length: Math.max(0, Math.min(to, size) - from) }, (_, i) => at(from + i)),
  };
}

function variant(original: IndexDocument, round: number, index: number, vocabulary: readonly string[]): IndexDocument {
  const random = seededRandom(index);
  const pick = () => vocabulary[Math.floor(random() * vocabulary.length)]!;
  const change = (text: string) =>
    text
      .split(' ')
      .map((word) => (random() < CHANGED ? pick() : word))
      .join(' ');
  const url = new URL(original.url ?? `https://example.com/${index}`);
  url.pathname = `/v${round}${url.pathname}`;
  return {
    ...original,
    id: createHash('md5')
      .update(`${original.id ?? original.url ?? ''}:${round}`)
      .digest('hex'),
    url: url.href,
    title: `${original.title ?? ''} ${pick()}`.trim(),
    ...(typeof original.main_content === 'string' && { main_content: change(original.main_content) }),
  };
}

/** Distinct words of the titles and texts, in first-seen order. */
function wordsOf(documents: readonly IndexDocument[]): string[] {
  const words = new Set<string>();
  for (const document of documents) {
    for (const text of [document.title, document.main_content]) {
      if (typeof text !== 'string') continue;
      for (const word of text.split(/[^A-Za-z]+/)) if (word.length >= 3) words.add(word.toLowerCase());
    }
    if (words.size >= 20_000) break;
  }
  return [...words];
}
