// "Why this order": a search with `explain=true`, as a table of its hits with the value
// each ranking rule compared, the rule that put the hit ahead of the next one, and any
// pin or boost.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { SearchHit, SearchResponse } from '../../../src/client/types.ts';
import { errorMessage, type OwnerApi } from './dashboardApi.ts';
import { Table } from './dashboardParts.tsx';

const LIMIT = 20;
const value = new Intl.NumberFormat('en', { maximumFractionDigits: 3 });

type Answer = { state: 'idle' } | { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; term: string; response: SearchResponse };

export function WhyPage({ api }: { api: OwnerApi }) {
  const [term, setTerm] = useState(() => new URLSearchParams(location.hash.split('?')[1] ?? '').get('q') ?? '');
  const [answer, setAnswer] = useState<Answer>({ state: 'idle' });
  const request = useRef<AbortController | null>(null);

  useEffect(() => () => request.current?.abort(), []);

  const explain = (event: Event) => {
    event.preventDefault();
    const asked = term.trim() === '' ? '*' : term.trim();
    // A newer search aborts the older one, so no stale table replaces a newer one.
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    history.replaceState(null, '', `#why?${new URLSearchParams({ q: asked }).toString()}`);
    setAnswer({ state: 'loading' });
    api.explain({ term: asked, limit: LIMIT }, { signal: controller.signal }).then(
      (response) => setAnswer({ state: 'ready', term: asked, response }),
      (error: unknown) => {
        if (!controller.signal.aborted) setAnswer({ state: 'error', message: errorMessage(error) });
      },
    );
  };

  return (
    <>
      <form class="dash-controls" role="search" aria-label="Explain a search" onSubmit={explain}>
        <div class="dash-field dash-field-wide">
          <label for="why-term">Search</label>
          <input id="why-term" type="search" value={term} autoComplete="off" onInput={(e) => setTerm(e.currentTarget.value)} />
        </div>
        <button type="submit" class="dash-primary">
          Explain
        </button>
      </form>
      <p class="dash-status" role="status" aria-live="polite">
        {answer.state === 'loading'
          ? 'Searching…'
          : answer.state === 'ready'
            ? `${answer.response.total_hits.toLocaleString('en')} ${answer.response.total_hits === 1 ? 'document matches' : 'documents match'} “${answer.term}”${answer.response.hits.length < answer.response.total_hits ? `; the first ${answer.response.hits.length} results are explained` : ''}.`
            : ''}
      </p>
      {answer.state === 'error' && (
        <div class="dash-error" role="alert">
          <p>
            <strong>The search could not be explained.</strong> {answer.message}
          </p>
        </div>
      )}
      {answer.state === 'ready' && <Explained term={answer.term} response={answer.response} />}
    </>
  );
}

function Explained({ term, response }: { term: string; response: SearchResponse }) {
  const { hits } = response;
  const rules = hits.find((h) => h._rankingDetails !== undefined)?._rankingDetails?.rules.map((r) => r.rule) ?? [];
  return (
    <section class="dash-card" aria-labelledby="why-results">
      <h2 id="why-results" class="dash-heading">
        Results in order
      </h2>
      {response.redirect !== undefined && <p class="dash-note">A rule sends visitors of this search to {response.redirect}.</p>}
      {response.appliedRules !== undefined && response.appliedRules.length > 0 && (
        <p class="dash-hint">Rules applied: {response.appliedRules.map((id, i) => [i > 0 && ', ', <a href={`#rules/${encodeURIComponent(id)}`}>{id}</a>])}</p>
      )}
      <p class="dash-hint">
        Each ranking rule compares one value, in the index’s order; the first that differs between a result and the next one decides (“Decided by”, its value in
        bold).
      </p>
      <Table
        caption={`Why the results for “${term}” stand in this order`}
        head={['Result', 'Type', 'Decided by', 'Pin and boosts', ...rules]}
        // Counts and scores line up on the right; a rule that compares words writes them out.
        numeric={(i) => i >= 4 && hits.every((hit) => typeof valueOf(hit, rules[i - 4]!) !== 'string')}
        empty="No results."
        rows={hits.map((hit, i) => [
          <span class="dash-why-result">
            <span class="dash-why-position">{i + 1}.</span> {hit.title}
          </span>,
          typeOf(hit),
          hit._rankingDetails?.decidedBy ?? <span class="dash-muted">–</span>,
          <span class="dash-why-adjustments">{adjustments(hit)}</span>,
          ...rules.map((name) => {
            const shown = format(valueOf(hit, name));
            // The value that put this result ahead of the next one stands out.
            return hit._rankingDetails?.decidedBy === name ? <strong class="dash-decided">{shown}</strong> : shown;
          }),
        ])}
      />
    </section>
  );
}

function typeOf(hit: SearchHit): string {
  return hit.resultType === 'pinned' ? 'Pinned' : hit.resultType === 'promotion' ? 'Promotion' : 'Organic';
}

function valueOf(hit: SearchHit, rule: string): number | string | null {
  return hit._rankingDetails?.rules.find((r) => r.rule === rule)?.value ?? null;
}

function format(found: number | string | null): string {
  return found === null ? '–' : typeof found === 'number' ? value.format(found) : found;
}

function adjustments(hit: SearchHit): string {
  const details = hit._rankingDetails;
  if (details === undefined) return '–';
  const parts: string[] = [];
  if (details.pinned !== undefined) parts.push(`pinned at ${details.pinned.position} by ${details.pinned.ruleId}`);
  for (const boost of details.boosts ?? []) {
    parts.push(`${boost.source === 'clicks' ? 'clicks' : boost.source.replace(/^rule:/, 'rule ')} ×${value.format(boost.factor)}`);
  }
  return parts.length === 0 ? '–' : parts.join('; ');
}
