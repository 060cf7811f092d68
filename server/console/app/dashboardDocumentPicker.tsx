// A dialog that searches the index, as a visitor would, for a document to pin or hide.
import { useEffect, useState } from 'preact/hooks';
import type { SearchHit } from '../../../src/client/types.ts';
import { errorMessage, type OwnerApi } from './dashboardApi.ts';
import { Dialog } from './dashboardParts.tsx';

/** Time between the last key and the search, so that a typed word makes one request. */
const TYPING_PAUSE_MS = 250;

type Found =
  { state: 'idle' } | { state: 'loading'; hits: SearchHit[] } | { state: 'ready'; hits: SearchHit[]; total: number } | { state: 'error'; message: string };

export function DocumentPicker({
  api,
  title,
  initialTerm,
  onChoose,
  onClose,
}: {
  api: OwnerApi;
  title: string;
  initialTerm: string;
  onChoose: (document: { id: string; title: string }) => void;
  onClose: () => void;
}) {
  const [term, setTerm] = useState(initialTerm);
  const [found, setFound] = useState<Found>({ state: 'idle' });

  useEffect(() => {
    if (term.trim() === '') {
      setFound({ state: 'idle' });
      return;
    }
    // A newer term aborts the older request, so no stale list replaces a newer one.
    const controller = new AbortController();
    setFound((f) => ({ state: 'loading', hits: f.state === 'ready' || f.state === 'loading' ? f.hits : [] }));
    const timer = setTimeout(() => {
      api.search({ term: term.trim(), limit: 10 }, { signal: controller.signal }).then(
        (answer) => setFound({ state: 'ready', hits: answer.hits.filter((h) => h.resultType !== 'promotion'), total: answer.total_hits }),
        (error: unknown) => {
          if (!controller.signal.aborted) setFound({ state: 'error', message: errorMessage(error) });
        },
      );
    }, TYPING_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term]);

  const hits = found.state === 'ready' || found.state === 'loading' ? found.hits : [];
  return (
    <Dialog title={title} onClose={onClose}>
      <div class="dash-field dash-field-wide">
        <label for="picker-term">Search the index</label>
        <input id="picker-term" type="search" value={term} autoFocus autoComplete="off" onInput={(e) => setTerm(e.currentTarget.value)} />
      </div>
      <p class="dash-status" role="status" aria-live="polite">
        {found.state === 'loading'
          ? 'Searching…'
          : found.state === 'ready'
            ? found.total === 0
              ? 'No document matches.'
              : `${found.total.toLocaleString('en')} ${found.total === 1 ? 'document matches' : 'documents match'}${found.total > hits.length ? `; the first ${hits.length} are shown` : ''}.`
            : found.state === 'error'
              ? found.message
              : 'Type words of the document’s title or text.'}
      </p>
      {hits.length > 0 && (
        <ul class="dash-picks" aria-label="Documents found">
          {hits.map((hit) => (
            <li key={hit.id}>
              <button type="button" class="dash-pick" onClick={() => onChoose({ id: hit.id, title: hit.title })}>
                <span class="dash-pick-title">{hit.title}</span>
                <span class="dash-pick-url">{hit.url}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div class="dash-buttons">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
