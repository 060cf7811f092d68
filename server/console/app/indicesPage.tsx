// The Indices page, for a session of the admin key: every index of the service with its
// documents, a new index (its secret shown once), a new secret, and a delete that asks
// for the index's key first. Config-file indices are listed, never changed.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { CreateIndexResponse, ListedIndex } from '../../../src/client/types.ts';
import { errorMessage } from './dashboardApi.ts';
import { Dialog, Field, Table } from './dashboardParts.tsx';
import type { AdminApi } from './session.ts';
import { LoadFailed } from './loadState.tsx';

type Load = { state: 'loading' } | { state: 'ready'; indices: ListedIndex[] } | { state: 'error'; message: string };

const KEY = /^[A-Za-z0-9_-]{1,64}$/;

export function IndicesPage({
  api,
  current,
  onOpen,
  onChanged,
}: {
  api: AdminApi;
  current: string | null;
  onOpen: (key: string) => void;
  onChanged: (keys: string[]) => void;
}) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [newKey, setNewKey] = useState('');
  const [keyError, setKeyError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  // A secret answered once (made or rotated): shown until the owner closes it.
  const [secret, setSecret] = useState<CreateIndexResponse | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const keyInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    api.listIndices({ signal: controller.signal }).then(
      (indices) => {
        setLoad({ state: 'ready', indices });
        onChanged(indices.map((i) => i.publicKey));
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'error', message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const create = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    const key = newKey.trim();
    if (!KEY.test(key)) {
      setKeyError('An index key is 1 to 64 letters, digits, _ or -, such as docs or shop_en.');
      keyInput.current?.focus();
      return;
    }
    setKeyError(undefined);
    setBusy(true);
    try {
      setSecret(await api.createIndex(key));
      setNewKey('');
      setNotice(`Index ${key} made.`);
      setAttempt((n) => n + 1);
    } catch (error) {
      setKeyError(errorMessage(error));
      keyInput.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const rotate = async (key: string) => {
    setNotice('');
    try {
      const { secret: fresh } = await api.rotateSecret(key);
      setSecret({ publicKey: key, secret: fresh });
      setNotice(`Index ${key} has a new secret; the old one no longer works.`);
    } catch (error) {
      setNotice(`The secret of ${key} was not changed: ${errorMessage(error)}`);
    }
  };

  return (
    <div class="dash-stack">
      <section class="dash-card" aria-labelledby="indices-new">
        <h2 id="indices-new" class="dash-heading">
          New index
        </h2>
        <form class="dash-inline-form" onSubmit={create} noValidate>
          <Field path="publicKey" label="Index key" hint="Letters, digits, _ or -. The key is public: pages search with it." error={keyError}>
            {(c) => <input {...c} ref={keyInput} value={newKey} autocomplete="off" spellcheck={false} onInput={(e) => setNewKey(e.currentTarget.value)} />}
          </Field>
          <button type="submit" class="dash-primary" aria-disabled={busy}>
            {busy ? 'Making the index…' : 'Make the index'}
          </button>
        </form>
      </section>
      {/* The outcome of a make or a delete stands with the list it changed; empty, it takes no room. */}
      <section class="dash-card" aria-labelledby="indices-all">
        <h2 id="indices-all" class="dash-heading">
          Indices of this service
        </h2>
        <p class="dash-status" role="status" aria-live="polite">
          {load.state === 'loading' ? 'Loading the indices…' : notice}
        </p>
        {load.state === 'error' && <LoadFailed what="The indices" message={load.message} retry={() => setAttempt((n) => n + 1)} />}
        {load.state === 'ready' && (
          <Table
            caption="Each index, where it is defined and how many documents it holds"
            head={['Index', 'Defined in', 'Documents', 'Actions']}
            numeric={(i) => i === 2}
            empty="No index yet: make one above."
            rows={load.indices.map((index) => [
              <a
                href={`?index=${encodeURIComponent(index.publicKey)}#index`}
                aria-current={index.publicKey === current ? 'true' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  onOpen(index.publicKey);
                }}
              >
                {index.publicKey}
              </a>,
              index.source === 'config' ? 'the config file' : 'the index API',
              index.documents.toLocaleString('en'),
              index.source === 'config' ? (
                <span class="dash-muted">Change it in the config file</span>
              ) : (
                <span class="dash-row-actions">
                  <button type="button" onClick={() => void rotate(index.publicKey)} aria-label={`New secret for ${index.publicKey}`}>
                    New secret
                  </button>
                  <button type="button" class="dash-danger" onClick={() => setDeleting(index.publicKey)} aria-label={`Delete ${index.publicKey}`}>
                    Delete
                  </button>
                </span>
              ),
            ])}
          />
        )}
      </section>
      {secret !== null && (
        <Dialog title={`The secret of ${secret.publicKey}`} onClose={() => setSecret(null)}>
          <p>Copy it now: it is shown this once and kept nowhere. Scripts and the command line send it with the key; sign in to this index with both.</p>
          <p>
            <label class="dash-field">
              Secret
              <input readOnly value={secret.secret} class="dash-secret" onFocus={(e) => e.currentTarget.select()} />
            </label>
          </p>
          <div class="dash-actions">
            <button type="button" class="dash-primary" onClick={() => setSecret(null)}>
              Done
            </button>
          </div>
        </Dialog>
      )}
      {deleting !== null && (
        <DeleteIndexDialog
          publicKey={deleting}
          onCancel={() => setDeleting(null)}
          onDelete={async () => {
            await api.deleteIndex(deleting);
            setDeleting(null);
            setNotice(`Index ${deleting} deleted, with its documents and events.`);
            setAttempt((n) => n + 1);
          }}
        />
      )}
    </div>
  );
}

/** Asks for the index's key before deleting: its documents and events go for good. */
function DeleteIndexDialog({ publicKey, onCancel, onDelete }: { publicKey: string; onCancel: () => void; onDelete: () => Promise<void> }) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog title={`Delete ${publicKey}?`} onClose={onCancel}>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          if (busy) return;
          if (typed !== publicKey) {
            setError(`Type ${publicKey} to delete it.`);
            return;
          }
          setBusy(true);
          try {
            await onDelete();
          } catch (thrown) {
            setError(errorMessage(thrown));
            setBusy(false);
          }
        }}
      >
        <p>Its documents, rules, settings and events go for good, and pages that search it get nothing.</p>
        <Field path="confirm" label={`Type ${publicKey} to confirm`} error={error}>
          {(c) => <input {...c} value={typed} autocomplete="off" spellcheck={false} onInput={(e) => setTyped(e.currentTarget.value)} />}
        </Field>
        <div class="dash-actions">
          <button type="submit" class="dash-danger" aria-disabled={busy}>
            Delete {publicKey}
          </button>
          <button type="button" onClick={onCancel}>
            Keep it
          </button>
        </div>
      </form>
    </Dialog>
  );
}
