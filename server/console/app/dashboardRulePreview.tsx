// The editor's preview of an unsaved rule on one search: the first results as the index
// ranks them without any rule's pins, promotions or boosts, with this rule's words
// replaced, documents hidden, pins and promotions placed (rulePreview.ts says how).
// Nothing is saved to preview.
import { useState } from 'preact/hooks';
import { SearchApiError } from '../../../src/client/errors.ts';
import { errorMessage, type OwnerApi } from './dashboardApi.ts';
import { ruleOfDraft, type RuleDraft } from './ruleDraft.ts';
import { conditionMatches, placeRule, type Placement, type PreviewPin } from './rulePreview.ts';
import { validityState } from './ruleSummary.ts';

const PREVIEW_LIMIT = 10;

type Preview =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; query: string; matched: boolean; searched: string; placement: Placement; boosts: number; off: string | null };

export function RulePreview({ api, draft }: { api: OwnerApi; draft: RuleDraft }) {
  // Until the owner types a search of their own, the preview searches the first condition's words.
  const [typed, setTyped] = useState<string | null>(null);
  const query = typed ?? draft.conditions[0]?.pattern ?? '';
  const [preview, setPreview] = useState<Preview>({ state: 'idle' });

  const run = async (event: Event) => {
    event.preventDefault();
    setPreview({ state: 'loading' });
    const { rule } = ruleOfDraft(draft);
    const c = rule.consequence;
    const matched = rule.conditions.some((condition) => conditionMatches(condition, query));
    const searched = matched && c.replaceTerm !== undefined ? c.replaceTerm : query.trim() === '' ? '*' : query.trim();
    try {
      const answer = await api.search({ term: searched, limit: PREVIEW_LIMIT, resultType: 'organic' });
      const pins: PreviewPin[] = matched
        ? await Promise.all(
            (c.pin ?? [])
              .filter((p) => p.id !== '' && Number.isInteger(p.position) && p.position >= 1)
              .map(async (p) => ({ ...p, document: await documentOf(api, p.id) })),
          )
        : [];
      const placement = placeRule(
        answer.hits,
        {
          pins,
          hide: matched ? (c.hide ?? []) : [],
          promotions: matched ? (c.promotions ?? []).filter((p) => Number.isInteger(p.position) && p.position >= 1) : [],
        },
        PREVIEW_LIMIT,
      );
      const state = validityState(rule.validity, Date.now());
      const off = !draft.enabled
        ? 'The rule is off: saved like this, it changes no search.'
        : state === 'later' || state === 'ended'
          ? 'The rule is outside its validity windows now: saved like this, it changes no search until a window starts.'
          : null;
      setPreview({ state: 'ready', query, matched, searched, placement, boosts: matched ? (c.boost?.length ?? 0) : 0, off });
    } catch (error) {
      setPreview({ state: 'error', message: errorMessage(error) });
    }
  };

  return (
    <section class="dash-card dash-preview" aria-labelledby="rule-preview">
      <h2 id="rule-preview" class="dash-heading">
        Preview
      </h2>
      <p class="dash-hint">
        The first {PREVIEW_LIMIT} results of a search as the index ranks them without any rule’s pins, promotions or boosts, and with this rule as it stands in
        the form. Nothing is saved.
      </p>
      <form class="dash-inline-form" onSubmit={(e) => void run(e)}>
        <div class="dash-field">
          <label for="preview-query">Search</label>
          <input id="preview-query" type="search" value={query} autoComplete="off" onInput={(e) => setTyped(e.currentTarget.value)} />
        </div>
        <button type="submit">Preview</button>
      </form>
      <div role="status" aria-live="polite" class="dash-status">
        {preview.state === 'loading' && 'Searching…'}
        {preview.state === 'error' && preview.message}
        {preview.state === 'ready' &&
          (preview.matched
            ? `The rule matches “${preview.query}”${preview.searched !== preview.query.trim() ? `, and searches “${preview.searched}” instead` : ''}.`
            : `The rule’s conditions do not match “${preview.query}” as typed, so the results stay as they are. (The service also matches word forms, which the preview does not.)`)}
      </div>
      {preview.state === 'ready' && <PreviewList preview={preview} />}
    </section>
  );
}

function PreviewList({ preview }: { preview: Extract<Preview, { state: 'ready' }> }) {
  const { rows, hidden, missing } = preview.placement;
  return (
    <>
      {preview.off !== null && <p class="dash-note">{preview.off}</p>}
      {rows.length === 0 ? (
        <p class="dash-muted">No results.</p>
      ) : (
        <ol class="dash-preview-list" aria-label={`Results for “${preview.searched}” with this rule`}>
          {rows.map((row) => (
            <li key={`${row.kind}:${row.id}`} class={`dash-preview-item dash-preview-${row.kind}`}>
              <span class="dash-preview-position" aria-hidden="true">
                {row.position}
              </span>
              <span class="dash-preview-text">
                <span class="dash-preview-title">{row.title}</span>
                {row.url !== null && <span class="dash-preview-url">{row.url}</span>}
              </span>
              {row.kind !== 'organic' && <span class="dash-badge dash-badge-on">{row.kind === 'pinned' ? 'Pinned' : 'Promotion'}</span>}
            </li>
          ))}
        </ol>
      )}
      {hidden.length > 0 && <p class="dash-note">Hidden by this rule: {hidden.map((h) => h.title).join(', ')}.</p>}
      {missing.length > 0 && <p class="dash-note">Not in the index, so not pinned: {missing.join(', ')}.</p>}
      {preview.boosts > 0 && (
        <p class="dash-note">
          The rule’s {preview.boosts === 1 ? 'boost is' : 'boosts are'} not applied here: a boost weighs within the ranking rules on the service. After saving,
          Why this order shows its effect.
        </p>
      )}
    </>
  );
}

async function documentOf(api: OwnerApi, id: string): Promise<PreviewPin['document']> {
  try {
    const doc = await api.getDocument(id);
    return { title: doc.title ?? doc.url ?? id, url: doc.url ?? null };
  } catch (error) {
    if (error instanceof SearchApiError && error.status === 404) return null;
    throw error;
  }
}
