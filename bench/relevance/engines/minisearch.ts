/** MiniSearch with the settings its documentation shows: title boosted, prefix and fuzzy matching. */
import type { IndexDocument } from '../../../src/client/types.ts';
import type { BenchDocument, Engine } from '../types.ts';
import { loadPackage, plainDocuments } from './load.ts';

export const MINISEARCH_PACKAGE = 'minisearch@7.2.0';
export const MINISEARCH_SETTINGS =
  'fields `title` and `main_content`; search options `boost: { title: 2 }`, `prefix: true`, `fuzzy: 0.2` (the example of its documentation), the words OR-ed (its default)';

interface MiniSearchIndex {
  addAll(docs: readonly BenchDocument[]): void;
  search(q: string): Array<{ id: string }>;
}
interface MiniSearchModule {
  default: new (options: { idField: string; fields: string[]; storeFields: string[]; searchOptions: object }) => MiniSearchIndex;
}

export async function minisearch(folder: string): Promise<Engine> {
  const { default: MiniSearch } = (await loadPackage(folder, 'minisearch')) as MiniSearchModule;
  const index = new MiniSearch({
    idField: 'url',
    fields: ['title', 'text'],
    storeFields: [],
    searchOptions: { boost: { title: 2 }, prefix: true, fuzzy: 0.2 },
  });
  return {
    name: 'MiniSearch',
    async index(docs: readonly IndexDocument[]) {
      index.addAll(plainDocuments(docs));
    },
    async search(q: string, limit: number) {
      return index
        .search(q)
        .slice(0, limit)
        .map((hit) => hit.id);
    },
  };
}
