/**
 * FlexSearch's Document index with the settings its documentation gives for partial and
 * fuzzy matching: forward tokenizing (prefixes), its Latin phonetic encoder and
 * suggestions (results that miss a word). It answers per field, so title hits go first.
 */
import type { IndexDocument } from '../../../src/client/types.ts';
import type { BenchDocument, Engine } from '../types.ts';
import { loadPackage, plainDocuments } from './load.ts';

export const FLEXSEARCH_PACKAGE = 'flexsearch@0.8.212';
export const FLEXSEARCH_SETTINGS =
  "a `Document` index of `title` and `main_content`, each `tokenize: 'forward'` (prefixes) with `encoder: Charset.LatinBalance` (its phonetic fuzziness), searched with `suggest: true`; title hits first, then the rest";

interface FieldResult {
  field: string;
  result: string[];
}
interface FlexDocument {
  add(doc: BenchDocument): void;
  search(q: string, options: { limit: number; suggest: boolean }): FieldResult[];
}
interface FlexSearchModule {
  Document: new (options: { document: { id: string; index: Array<{ field: string; tokenize: string; encoder: unknown }> } }) => FlexDocument;
  Charset: { LatinBalance: unknown };
}

export async function flexsearch(folder: string): Promise<Engine> {
  const { Document, Charset } = (await loadPackage(folder, 'flexsearch')) as FlexSearchModule;
  const field = (name: string) => ({ field: name, tokenize: 'forward', encoder: Charset.LatinBalance });
  const index = new Document({ document: { id: 'url', index: [field('title'), field('text')] } });
  return {
    name: 'FlexSearch',
    async index(docs: readonly IndexDocument[]) {
      for (const doc of plainDocuments(docs)) index.add(doc);
    },
    async search(q: string, limit: number) {
      const byField = index.search(q, { limit, suggest: true });
      const ordered = ['title', 'text'].flatMap((name) => byField.find((r) => r.field === name)?.result ?? []);
      return [...new Set(ordered)].slice(0, limit);
    },
  };
}
