// The Index page: what one index holds and how it is fed. Its ranking settings in short,
// one document looked up by id with its status, and the latest crawls with what became
// of their pages.
import { useEffect, useState } from 'preact/hooks';
import { SearchApiError } from '../../../src/client/errors.ts';
import type { CrawlJobSummary, DocumentStatus, IndexedDocument, IndexSettings } from '../../../src/client/types.ts';
import { errorMessage, type OwnerApi } from './dashboardApi.ts';
import { Field, Table } from './dashboardParts.tsx';

type Load<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'error'; message: string };

function useLoad<T>(load: (signal: AbortSignal) => Promise<T>): [Load<T>, () => void] {
  const [state, setState] = useState<Load<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState({ state: 'loading' });
    load(controller.signal).then(
      (value) => setState({ state: 'ready', value }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ state: 'error', message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [attempt]);
  return [state, () => setAttempt((n) => n + 1)];
}

function Failed({ what, message, retry }: { what: string; message: string; retry: () => void }) {
  return (
    <div class="dash-error" role="alert">
      <p>
        <strong>{what} could not be loaded.</strong> {message}
      </p>
      <button type="button" onClick={retry}>
        Try again
      </button>
    </div>
  );
}

const when = (iso: string | null) => (iso === null ? '—' : new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }));

export function IndexPage({ api }: { api: OwnerApi }) {
  const [settings, retrySettings] = useLoad<IndexSettings>((signal) => api.getSettings({ signal }));
  const [crawls, retryCrawls] = useLoad<CrawlJobSummary[]>(async (signal) => (await api.listCrawls({ signal })).crawls);

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

      <section class="dash-card" aria-labelledby="index-settings">
        <h2 id="index-settings" class="dash-heading">
          Ranking settings
        </h2>
        {settings.state === 'loading' && <p class="dash-status">Loading the settings…</p>}
        {settings.state === 'error' && <Failed what="The settings" message={settings.message} retry={retrySettings} />}
        {settings.state === 'ready' && (
          <dl class="dash-facts">
            <dt>Ranking rules, in order</dt>
            <dd>{settings.value.rules.join(', ')}</dd>
            <dt>Synonym entries</dt>
            <dd>
              {settings.value.synonyms.length} (<a href="#synonyms">edit</a>)
            </dd>
            <dt>Stop words</dt>
            <dd>{settings.value.stopWords.length === 0 ? 'none' : settings.value.stopWords.join(', ')}</dd>
          </dl>
        )}
      </section>

      <DocumentLookup api={api} />

      <section class="dash-card" aria-labelledby="index-crawls">
        <h2 id="index-crawls" class="dash-heading">
          Crawls
        </h2>
        {crawls.state === 'loading' && <p class="dash-status">Loading the crawls…</p>}
        {crawls.state === 'error' && <Failed what="The crawls" message={crawls.message} retry={retryCrawls} />}
        {crawls.state === 'ready' && (
          <Table
            caption="The latest crawls, newest first: what they found, indexed, left unchanged, excluded and failed"
            head={['Started', 'State', 'Found', 'Indexed', 'Unchanged', 'Excluded', 'Failed', 'Removed']}
            empty={`No crawl yet: its documents came through the API. A crawl starts with the site-search command or POST /v2/indices/${api.siteKey}/crawls.`}
            rows={crawls.value.map((crawl) => [
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
      </section>
    </div>
  );
}

type Found =
  { state: 'idle' } | { state: 'loading' } | { state: 'found'; document: IndexedDocument; status: DocumentStatus | null } | { state: 'missing'; id: string };

/** One document by its id: its fields as stored and, when the service knows it, its status. */
function DocumentLookup({ api }: { api: OwnerApi }) {
  const [id, setId] = useState('');
  const [found, setFound] = useState<Found>({ state: 'idle' });
  const [error, setError] = useState<string | undefined>(undefined);

  const look = async (event: Event) => {
    event.preventDefault();
    const wanted = id.trim();
    if (wanted === '') {
      setError('Type a document id.');
      return;
    }
    setError(undefined);
    setFound({ state: 'loading' });
    try {
      const [document, status] = await Promise.all([api.getDocument(wanted), api.getStatus(wanted).catch(() => null)]);
      setFound({ state: 'found', document, status });
    } catch (thrown) {
      if (thrown instanceof SearchApiError && thrown.status === 404) setFound({ state: 'missing', id: wanted });
      else {
        setFound({ state: 'idle' });
        setError(errorMessage(thrown));
      }
    }
  };

  return (
    <section class="dash-card" aria-labelledby="index-lookup">
      <h2 id="index-lookup" class="dash-heading">
        Look up a document
      </h2>
      <form class="dash-inline-form" onSubmit={look} noValidate>
        <Field path="documentId" label="Document id" hint="The id it was indexed with; a crawled page's id is the MD5 of its address." error={error}>
          {(c) => <input {...c} value={id} autocomplete="off" spellcheck={false} onInput={(e) => setId(e.currentTarget.value)} />}
        </Field>
        <button type="submit">Look up</button>
      </form>
      <div role="status" aria-live="polite">
        {found.state === 'loading' && <p class="dash-status">Looking…</p>}
        {found.state === 'missing' && <p>No document has the id {found.id}.</p>}
        {found.state === 'found' && (
          <>
            {found.status !== null && (
              <p>
                Status: <strong>{found.status.status}</strong>
                {found.status.statusInfo === '' ? '' : ` (${found.status.statusInfo})`}, last fetched {when(found.status.lastFetched)}.
              </p>
            )}
            <Table
              caption={`The fields of ${found.document.id} as stored`}
              head={['Field', 'Value']}
              numeric={() => false}
              rows={Object.entries(found.document).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)])}
            />
          </>
        )}
      </div>
    </section>
  );
}
