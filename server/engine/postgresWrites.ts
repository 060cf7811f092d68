/** The statements of a write on PostgreSQL, each inside the caller's transaction. */
import type pg from 'pg';
import { fieldValues } from './fieldValues.ts';
import { asStored } from '../storage/postgresPool.ts';
import { insertColumns } from '../storage/postgresUnnest.ts';
import { contentHash, contentStartColumn, DOC_REPLACED_COLUMNS, headingsColumn, indexedContent, laterNamesColumn, sectionsColumn } from './documentRow.ts';
import type { CustomFieldType, DocumentState, PreparedDocument } from './engine.ts';
import { documentVector, indexedWords } from './postgresText.ts';

/** Writes (creates or replaces) documents with distinct ids, inside the caller's transaction. */
export async function writeChunk(
  client: pg.ClientBase,
  documents: readonly PreparedDocument[],
  types: ReadonlyMap<string, CustomFieldType>,
  knownMultiValued: ReadonlySet<string>,
  /** The app's clock's time of the write: first indexed, last fetched. */
  now: number,
): Promise<void> {
  const ids = documents.map((d) => d.id);
  // Hidden keywords are kept when a document is replaced, and indexed with it.
  const { rows: old } = await client.query<{ id: string; hidden_keywords: string | null }>(
    'SELECT id, hidden_keywords FROM docs WHERE id = ANY($1::text[]) FOR UPDATE',
    [ids],
  );
  const hidden = new Map(old.map((r) => [r.id, r.hidden_keywords]));
  const column = <T>(pick: (d: PreparedDocument) => T) => documents.map(pick);
  const vectors = column((d) => documentVector(d.title, indexedContent(d.mainContent, hidden.get(asStored(d.id)) ?? null)));
  const { rows: written } = await client.query<{ rowid: number; id: string }>(
    // The document's row, then its words' (see 0004-word-table), in one statement.
    `WITH written AS (
       INSERT INTO docs (id, url, title, main_content, language, thumbnail, thumbnail_b64, doc_date, first_indexed, ts, custom_fields,
         h1, h2, meta_description, content_hash, headings, sections, content_start, later_names)
       SELECT id, url, title, main_content, language, thumbnail, thumbnail_b64, doc_date, $16, coalesce(doc_date, $16), custom_fields,
         h1, h2, meta_description, content_hash, headings, sections, content_start, later_names
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[], $9::text[],
         $10::text[], $11::text[], $12::text[], $13::text[], $15::int[], $17::text[], $18::text[], $19::text[], $20::text[])
         AS t(id, url, title, main_content, language, thumbnail, thumbnail_b64, doc_date, custom_fields, h1, h2, meta_description, content_hash, n,
           headings, sections, later_names, content_start)
       ORDER BY n
       ON CONFLICT (id) DO UPDATE SET ${DOC_REPLACED_COLUMNS}
       RETURNING rowid, id, language, ts
     ), words AS (
       INSERT INTO doc_words (rowid, id, language, ts, tsv, words)
       SELECT w.rowid, w.id, w.language, w.ts, v.tsv::tsvector, v.words
       FROM written w JOIN unnest($1::text[], $14::text[], $21::int[]) AS v(id, tsv, words) ON v.id = w.id
       ON CONFLICT (rowid) DO UPDATE SET language = excluded.language, ts = excluded.ts, tsv = excluded.tsv, words = excluded.words
     )
     SELECT rowid, id FROM written`,
    [
      ids,
      column((d) => d.url),
      column((d) => d.title),
      column((d) => d.mainContent),
      column((d) => d.language),
      column((d) => d.thumbnail),
      column((d) => d.thumbnailB64),
      column((d) => d.docDate),
      column((d) => JSON.stringify(d.customFields)),
      column((d) => d.page?.h1 ?? ''),
      column((d) => d.page?.h2 ?? ''),
      column((d) => d.page?.metaDescription ?? null),
      column((d) => contentHash(d.mainContent)),
      vectors.map((v) => v.vector),
      documents.map((_, i) => i),
      now,
      column(headingsColumn),
      column(sectionsColumn),
      column(laterNamesColumn),
      column(contentStartColumn),
      vectors.map((v) => v.words),
    ],
  );
  const rowidOf = new Map(written.map((r) => [r.id, r.rowid]));
  const rowids = documents.map((d) => rowidOf.get(asStored(d.id))!);
  await client.query('DELETE FROM field_values WHERE doc = ANY($1::bigint[])', [rowids]);
  await client.query('DELETE FROM doc_categories WHERE doc = ANY($1::bigint[])', [rowids]);

  const categories: { doc: number[]; category: string[] } = { doc: [], category: [] };
  const values: { doc: number[]; field: string[]; text: string[]; num: Array<number | null>; fold: string[] } = {
    doc: [],
    field: [],
    text: [],
    num: [],
    fold: [],
  };
  const multiValued = new Set<string>();
  const words = new Set<string>();
  documents.forEach((document, i) => {
    const rowid = rowids[i]!;
    for (const category of new Set(document.categories)) {
      categories.doc.push(rowid);
      categories.category.push(category);
    }
    const indexed = fieldValues(document, (field) => types.get(field));
    for (const field of indexed.multiValued) if (!knownMultiValued.has(field)) multiValued.add(field);
    for (const value of indexed.values) {
      values.doc.push(rowid);
      values.field.push(value.field);
      values.text.push(value.text);
      values.num.push(value.num);
      values.fold.push(value.fold);
    }
    for (const word of indexedWords(`${document.title} ${document.mainContent} ${hidden.get(asStored(document.id)) ?? ''}`)) words.add(word);
  });
  if (categories.doc.length > 0) {
    await insertColumns(
      client,
      'doc_categories',
      [
        ['doc', 'bigint'],
        ['category', 'text'],
      ],
      [categories.doc, categories.category],
      'ON CONFLICT DO NOTHING',
    );
  }
  if (values.doc.length > 0) {
    await insertColumns(
      client,
      'field_values',
      [
        ['doc', 'bigint'],
        ['field', 'text'],
        ['text', 'text'],
        ['num', 'float8'],
        ['fold', 'text'],
      ],
      [values.doc, values.field, values.text, values.num, values.fold],
    );
  }
  if (multiValued.size > 0) {
    await client.query('INSERT INTO multi_valued_fields (name) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', [[...multiValued]]);
  }
  await upsertStatus(
    client,
    documents.map((d) => ({
      id: d.id,
      url: d.url,
      status: 'INDEXED',
      statusInfo: d.page === undefined ? 'written through the indexing API' : 'crawled and indexed',
      lastFetched: now,
    })),
  );
  await insertTerms(client, words);
}

export interface StatusRow {
  id: string;
  url: string | null;
  status: DocumentState['status'];
  statusInfo: string;
  /** Null keeps the time already recorded (a re-crawl being queued was not a fetch). */
  lastFetched: number | null;
}

export async function upsertStatus(client: pg.ClientBase, rows: readonly StatusRow[]): Promise<void> {
  await insertColumns(
    client,
    'doc_status',
    [
      ['id', 'text'],
      ['url', 'text'],
      ['status', 'text'],
      ['status_info', 'text'],
      ['last_fetched', 'bigint'],
    ],
    [rows.map((r) => r.id), rows.map((r) => r.url), rows.map((r) => r.status), rows.map((r) => r.statusInfo), rows.map((r) => r.lastFetched)],
    `ON CONFLICT (id) DO UPDATE SET url = excluded.url, status = excluded.status, status_info = excluded.status_info,
       last_fetched = coalesce(excluded.last_fetched, doc_status.last_fetched)`,
  );
}

export async function insertTerms(client: pg.ClientBase, words: Iterable<string>): Promise<void> {
  // Sorted: two writers adding the same words lock them in the same order.
  const list = [...new Set(words)].sort();
  if (list.length === 0) return;
  await client.query('INSERT INTO terms (term) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', [list]);
}

/** Deletes a document's rows (not its status) inside the caller's transaction. */
export async function removeRow(client: pg.ClientBase, id: string): Promise<boolean> {
  const { rows } = await client.query<{ rowid: number }>('DELETE FROM docs WHERE id = $1 RETURNING rowid', [id]);
  if (rows.length === 0) return false;
  await client.query('DELETE FROM doc_words WHERE rowid = $1', [rows[0]!.rowid]);
  await client.query('DELETE FROM field_values WHERE doc = $1', [rows[0]!.rowid]);
  await client.query('DELETE FROM doc_categories WHERE doc = $1', [rows[0]!.rowid]);
  return true;
}
