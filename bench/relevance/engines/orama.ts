/** Orama with the settings its documentation gives: title boosted, typo tolerance; it matches prefixes by default. */
import type { IndexDocument } from '../../../src/client/types.ts';
import type { Engine } from '../types.ts';
import { loadPackage, plainDocuments } from './load.ts';

export const ORAMA_PACKAGE = '@orama/orama@3.1.18';
export const ORAMA_SETTINGS =
  'schema `title` and `main_content` (strings); `search` with `properties` both, `boost: { title: 2 }`, `tolerance: 1` (one typo per word), prefix matching (its default)';

interface OramaRecord {
  id: string;
  title: string;
  text: string;
}
interface OramaModule {
  create(options: { schema: { title: 'string'; text: 'string' } }): object;
  insertMultiple(db: object, docs: OramaRecord[], batchSize?: number): Promise<string[]> | string[];
  search(
    db: object,
    params: { term: string; properties: string[]; boost: Record<string, number>; tolerance: number; limit: number },
  ): Promise<{ hits: Array<{ id: string }> }> | { hits: Array<{ id: string }> };
}

export async function orama(folder: string): Promise<Engine> {
  const { create, insertMultiple, search } = (await loadPackage(folder, '@orama/orama')) as OramaModule;
  const db = create({ schema: { title: 'string', text: 'string' } });
  return {
    name: 'Orama',
    async index(docs: readonly IndexDocument[]) {
      await insertMultiple(
        db,
        plainDocuments(docs).map((d) => ({ id: d.url, title: d.title, text: d.text })),
        1000,
      );
    },
    async search(q: string, limit: number) {
      const result = await search(db, { term: q, properties: ['title', 'text'], boost: { title: 2 }, tolerance: 1, limit });
      return result.hits.map((hit) => hit.id);
    },
  };
}
