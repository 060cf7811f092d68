import type { DocumentStatusValue } from '../../src/client/types.ts';
import { documentStateOf } from './documentRow.ts';
import type { CustomFieldType, DocumentState } from './engine.ts';
import type { StatementCache } from '../storage/statementCache.ts';

/** A row of `doc_status`. */
export interface StatusRow {
  id: string;
  url: string | null;
  status: DocumentStatusValue;
  statusInfo: string;
  /** Null keeps the time already recorded (a re-crawl being queued was not a fetch). */
  lastFetched: number | null;
}

/** Records the status of an id, inside the caller's transaction. */
export function upsertStatus(statements: StatementCache, row: StatusRow): void {
  statements
    .get(
      `INSERT INTO doc_status (id, url, status, status_info, last_fetched) VALUES (@id, @url, @status, @statusInfo, @lastFetched)
       ON CONFLICT (id) DO UPDATE SET url = excluded.url, status = excluded.status, status_info = excluded.status_info,
         last_fetched = coalesce(excluded.last_fetched, doc_status.last_fetched)`,
    )
    .run(row);
}

/** The status of an id (see documentStateOf); null when the index never heard of it. */
export function documentState(statements: StatementCache, id: string): DocumentState | null {
  const doc = statements.get('SELECT rowid, url, content_hash, first_indexed FROM docs WHERE id = ?').get(id) as
    { rowid: number; url: string | null; content_hash: string | null; first_indexed: number } | undefined;
  const status = statements.get('SELECT url, status, status_info AS statusInfo, last_fetched AS lastFetched FROM doc_status WHERE id = ?').get(id) as
    Omit<StatusRow, 'id'> | undefined;
  // The first document indexed with this content is the original; later ones are its duplicates.
  const duplicateOf =
    doc === undefined || doc.content_hash === null
      ? null
      : ((statements.get('SELECT id FROM docs WHERE content_hash = ? AND rowid < ? ORDER BY rowid LIMIT 1').pluck().get(doc.content_hash, doc.rowid) ??
          null) as string | null);
  return documentStateOf(id, { doc, status, duplicateOf });
}

export function pendingCrawls(statements: StatementCache): Array<{ id: string; url: string }> {
  return statements.get(`SELECT id, url FROM doc_status WHERE status = 'PENDING' AND url IS NOT NULL`).all() as Array<{ id: string; url: string }>;
}

/** The states of the ids with a status, latest fetch first, or with a URL (see SearchEngine.statuses). */
export function documentStates(statements: StatementCache, filter: { status: DocumentStatusValue } | { url: string }, limit: number): DocumentState[] {
  const ids = (
    'status' in filter
      ? statements.get('SELECT id FROM doc_status WHERE status = ? ORDER BY last_fetched DESC NULLS LAST, id LIMIT ?').pluck().all(filter.status, limit)
      : // No index on url: an owner's look-up, not a search, reads the tables through.
        statements
          .get('SELECT id FROM docs WHERE url = ? UNION SELECT id FROM doc_status WHERE url = ? ORDER BY 1 LIMIT ?')
          .pluck()
          .all(filter.url, filter.url, limit)
  ) as string[];
  return ids.flatMap((id) => documentState(statements, id) ?? []);
}

/** The custom fields with a type, and those some document gave a list of values. */
export function customFields(statements: StatementCache): { types: Map<string, CustomFieldType>; multiValued: Set<string> } {
  const types = statements.get('SELECT name, type FROM field_types ORDER BY name').all() as Array<{ name: string; type: CustomFieldType }>;
  const multiValued = statements.get('SELECT name FROM multi_valued_fields').pluck().all() as string[];
  return { types: new Map(types.map(({ name, type }) => [name, type])), multiValued: new Set(multiValued) };
}
