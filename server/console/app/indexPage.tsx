// The Index page: what one index holds and how it is fed. Its fields and their types, one
// document looked up by id or address with its status, the latest indexing errors, its
// ranking settings in short, and the latest crawls with what became of their pages.
import { useState } from 'preact/hooks';
import { SearchApiError } from '../../../src/client/errors.ts';
import type { DocumentStatusEntry, IndexedDocument, IndexField } from '../../../src/client/types.ts';
import { errorMessage, type OwnerApi } from './dashboardApi.ts';
import { Field, Table } from './dashboardParts.tsx';
import { ruleWords } from './dashboardWhy.tsx';
import { LoadState, useLoad } from './loadState.tsx';

/** Indexing errors listed: the latest. */
const ERRORS_SHOWN = 20;

const when = (iso: string | null) => (iso === null ? '—' : new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }));

const TYPE_WORDS: Record<IndexField['type'], string> = { text: 'text', integer: 'whole number', double: 'number', date: 'date' };

function fieldKind(field: IndexField): string {
  if (field.standard) return 'standard';
  return field.multiValued ? 'custom, a list for some documents' : 'custom';
}

export function IndexPage({ api }: { api: OwnerApi }) {
  const [fields, retryFields] = useLoad((signal) => api.listFields({ signal }));
  const [errors, retryErrors] = useLoad((signal) => api.listErrors(ERRORS_SHOWN, { signal }));
  const [settings, retrySettings] = useLoad((signal) => api.getSettings({ signal }));
  const [crawls, retryCrawls] = useLoad(async (signal) => (await api.listCrawls({ signal })).crawls);

  return (
    <div class="dash-stack">
      <section class="dash-card" aria-labelledby="index-keys">
        <h2 id="index-keys" class="dash-heading">
          Keys
        </h2>
        <p>
          Pages search with the public key <code>{api.siteKey}</code>. Scripts and the command line add its secret (HTTP Basic); the console never shows a
          secret it already has: a new one is made on the Indices page, with the admin key.
        </p>
      </section>

      <section class="dash-card" aria-labelledby="index-fields">
        <h2 id="index-fields" class="dash-heading">
          Fields
        </h2>
        <LoadState load={fields} what="The fields" retry={retryFields}>
          {(list) => (
            <Table
              caption="Every field a document may have, and its type: a custom field takes the type of the first value indexed, for good"
              head={['Field', 'Type', 'Kind']}
              numeric={() => false}
              rows={list.map((field) => [<code>{field.name}</code>, TYPE_WORDS[field.type], fieldKind(field)])}
            />
          )}
        </LoadState>
      </section>

      <DocumentLookup api={api} />

      <section class="dash-card" aria-labelledby="index-errors">
        <h2 id="index-errors" class="dash-heading">
          Indexing errors
        </h2>
        <LoadState load={errors} what="The indexing errors" retry={retryErrors}>
          {(list) => (
            <Table
              caption={`The pages whose latest fetch failed, newest first (at most ${ERRORS_SHOWN}); a page indexed before keeps its old copy`}
              head={['Fetched', 'Address', 'What went wrong']}
              numeric={() => false}
              empty="No indexing errors: every page fetched lately was indexed or left out on purpose."
              rows={list.map((entry) => [when(entry.lastFetched), entry.url ?? entry.docId, entry.statusInfo])}
            />
          )}
        </LoadState>
      </section>

      <section class="dash-card" aria-labelledby="index-settings">
        <h2 id="index-settings" class="dash-heading">
          Ranking settings
        </h2>
        <LoadState load={settings} what="The settings" retry={retrySettings}>
          {(value) => (
            <dl class="dash-facts">
              <dt>Ranking rules, in order</dt>
              <dd>{value.rules.map((rule) => ruleWords(rule).name).join(', ')}</dd>
              <dt>Synonym entries</dt>
              <dd>
                {value.synonyms.length} (<a href="#synonyms">edit</a>)
              </dd>
              <dt>Stop words</dt>
              <dd>{value.stopWords.length === 0 ? 'none' : value.stopWords.join(', ')}</dd>
            </dl>
          )}
        </LoadState>
      </section>

      <section class="dash-card" aria-labelledby="index-crawls">
        <h2 id="index-crawls" class="dash-heading">
          Crawls
        </h2>
        <LoadState load={crawls} what="The crawls" retry={retryCrawls}>
          {(list) => (
            <Table
              caption="The latest crawls, newest first: what they found, indexed, left unchanged, excluded and failed"
              head={['Started', 'State', 'Found', 'Indexed', 'Unchanged', 'Excluded', 'Failed', 'Removed']}
              empty={`No crawl yet: its documents came through the API. A crawl starts with the site-search command or POST /v2/indices/${api.siteKey}/crawls.`}
              rows={list.map((crawl) => [
                when(crawl.startedAt ?? crawl.createdAt),
                crawl.error === null ? crawl.state + (crawl.dryRun ? ' (dry run)' : '') : `${crawl.state}: ${crawl.error}`,
                crawl.counts.found,
                crawl.counts.indexed,
                crawl.counts.unchanged,
                Object.values(crawl.counts.excluded).reduce((a, b) => a + b, 0),
                Object.values(crawl.counts.failed).reduce((a, b) => a + b, 0),
                crawl.removals.removed + (crawl.removals.held > 0 ? ` (${crawl.removals.held} held)` : ''),
              ])}
            />
          )}
        </LoadState>
      </section>
    </div>
  );
}

type Found =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'found'; status: DocumentStatusEntry | null; document: IndexedDocument | null; others: string[] }
  | { state: 'missing'; wanted: string; byUrl: boolean };

const isAddress = (text: string) => /^https?:\/\//i.test(text);

/** One document by its id or its address: its status and, when it is indexed, its fields as stored. */
function DocumentLookup({ api }: { api: OwnerApi }) {
  const [wanted, setWanted] = useState('');
  const [found, setFound] = useState<Found>({ state: 'idle' });
  const [error, setError] = useState<string | undefined>(undefined);

  const documentOrNull = (id: string) =>
    api.getDocument(id).catch((thrown: unknown) => {
      if (thrown instanceof SearchApiError && thrown.status === 404) return null;
      throw thrown;
    });

  const byId = async (id: string): Promise<Found> => {
    const [document, status] = await Promise.all([documentOrNull(id), api.getStatus(id)]);
    if (document === null && status.status === 'UNKNOWN') return { state: 'missing', wanted: id, byUrl: false };
    return { state: 'found', document, status: { ...status, url: document?.url ?? null }, others: [] };
  };

  const byUrl = async (url: string): Promise<Found> => {
    const [first, ...others] = await api.statusesOfUrl(url);
    if (first === undefined) return { state: 'missing', wanted: url, byUrl: true };
    return { state: 'found', status: first, document: await documentOrNull(first.docId), others: others.map((s) => s.docId) };
  };

  const look = async (event: Event) => {
    event.preventDefault();
    const text = wanted.trim();
    if (text === '') {
      setError('Type a document id, or a page address starting with https://.');
      return;
    }
    setError(undefined);
    setFound({ state: 'loading' });
    try {
      setFound(await (isAddress(text) ? byUrl(text) : byId(text)));
    } catch (thrown) {
      setFound({ state: 'idle' });
      setError(errorMessage(thrown));
    }
  };

  return (
    <section class="dash-card" aria-labelledby="index-lookup">
      <h2 id="index-lookup" class="dash-heading">
        Look up a document
      </h2>
      <form class="dash-inline-form" onSubmit={look} noValidate>
        <Field path="documentId" label="Document id or address" hint="The id it was indexed with, or its page's address (https://…)." error={error}>
          {(c) => <input {...c} value={wanted} autocomplete="off" spellcheck={false} onInput={(e) => setWanted(e.currentTarget.value)} />}
        </Field>
        <button type="submit">Look up</button>
      </form>
      <div role="status" aria-live="polite">
        {found.state === 'loading' && <p class="dash-status">Looking…</p>}
        {found.state === 'missing' && <p>{found.byUrl ? `No document has the address ${found.wanted}.` : `No document has the id ${found.wanted}.`}</p>}
        {found.state === 'found' && <FoundDocument found={found} />}
      </div>
    </section>
  );
}

function FoundDocument({ found }: { found: Extract<Found, { state: 'found' }> }) {
  const { status, document, others } = found;
  return (
    <>
      {status !== null && (
        <p>
          {document === null ? `Document ${status.docId} is not in the index.` : `Document ${status.docId}.`} Status: <strong>{status.status}</strong>
          {status.statusInfo === '' ? '' : ` (${status.statusInfo})`}, last fetched {when(status.lastFetched)}.
        </p>
      )}
      {others.length > 0 && <p>Other ids with this address: {others.join(', ')}.</p>}
      {document !== null && (
        <Table
          caption={`The fields of ${document.id} as stored`}
          head={['Field', 'Value']}
          numeric={() => false}
          rows={Object.entries(document).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)])}
        />
      )}
    </>
  );
}
