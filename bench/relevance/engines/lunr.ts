/**
 * lunr with the title boosted at build time, and each query word searched three ways as
 * lunr's own typeahead example does: as typed (with its stemmer), as a prefix, and one
 * edit away for words of four letters or more.
 */
import type { IndexDocument } from '../../../src/client/types.ts';
import type { Engine } from '../types.ts';
import { loadPackage, plainDocuments } from './load.ts';

export const LUNR_PACKAGE = 'lunr@2.3.9';
export const LUNR_SETTINGS =
  'fields `title` (boost 10) and `main_content`; each query word (through its tokenizer, trimmer and stop-word filter) as three clauses, as in its typeahead example: the word with its stemmer (boost 100), the word with a trailing wildcard (boost 10), and, from four letters, the word with its stemmer one edit away (`~1`, boost 1). Should lunr throw on a query (on the Python documentation its word set yields, for some trailing wildcards, words its index lacks: a flaw of its word-set compression on long digit strings such as `21181583404541015625`), the query is asked again without the wildcard clauses, and the times count both';

interface LunrToken {
  toString(): string;
}
interface LunrClause {
  boost: number;
  usePipeline?: boolean;
  wildcard?: number;
  editDistance?: number;
}
interface LunrQuery {
  term(term: string, clause: LunrClause): LunrQuery;
}
interface LunrBuilder {
  ref(name: string): void;
  field(name: string, attributes?: { boost: number }): void;
  add(doc: object): void;
}
interface LunrIndex {
  query(build: (query: LunrQuery) => void): Array<{ ref: string }>;
}
interface Lunr {
  (config: (this: LunrBuilder) => void): LunrIndex;
  tokenizer(text: string): LunrToken[];
  trimmer(token: LunrToken): LunrToken;
  stopWordFilter(token: LunrToken): LunrToken | undefined;
  Query: { wildcard: { TRAILING: number } };
}

export async function lunr(folder: string): Promise<Engine> {
  const { default: lunr } = (await loadPackage(folder, 'lunr')) as { default: Lunr };
  let index: LunrIndex | null = null;
  /** The words lunr itself would index from the query: tokenized, trimmed, stop words out. */
  const words = (q: string) =>
    lunr
      .tokenizer(q)
      .map((t) => lunr.stopWordFilter(lunr.trimmer(t)))
      .flatMap((t) => (t === undefined || t.toString() === '' ? [] : [t.toString()]));
  return {
    name: 'lunr',
    async index(docs: readonly IndexDocument[]) {
      const plain = plainDocuments(docs);
      index = lunr(function () {
        this.ref('url');
        this.field('title', { boost: 10 });
        this.field('text');
        for (const doc of plain) this.add(doc);
      });
    },
    async search(q: string, limit: number) {
      if (index === null) throw new Error('lunr: search before index');
      const ask = (wildcards: boolean) =>
        index!.query((query) => {
          for (const word of words(q)) {
            query.term(word, { boost: 100 });
            if (wildcards) query.term(word, { boost: 10, usePipeline: false, wildcard: lunr.Query.wildcard.TRAILING });
            if (word.length >= 4) query.term(word, { boost: 1, editDistance: 1 });
          }
        });
      let results: Array<{ ref: string }>;
      try {
        results = ask(true);
      } catch {
        // lunr's own flaw (see LUNR_SETTINGS): its answer without the clauses that meet it.
        results = ask(false);
      }
      return results.slice(0, limit).map((r) => r.ref);
    },
  };
}
