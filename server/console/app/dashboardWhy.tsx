// "Why this order": a search with `explain=true`, as a table of its hits with the value
// each ranking rule compared, the rule that put the hit ahead of the next one, and any
// pin or boost.
import type { ComponentChildren } from 'preact';
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

/** A ranking rule in plain words: a column's name, and what puts a result first. */
interface RuleWords {
  name: string;
  first: string;
}

const RULE_WORDS: Record<string, RuleWords> = {
  attribute: { name: 'In the title', first: 'the name typed, or more of the words, in its title' },
  words: { name: 'Words found', first: 'more of the words searched for' },
  typo: { name: 'Spelling', first: 'fewer words that had to be corrected' },
  exactness: { name: 'Exact words', first: 'a title that is the search itself, then more words found whole and as typed' },
  proximity: { name: 'Words close', first: 'the words searched for nearer each other, and in order' },
  clicks: { name: 'Clicks', first: 'more visitors who chose it after this search' },
  body: { name: 'Long page', first: 'a long page whose whole text matches the words searched for better than any short page does' },
  concise: { name: 'Short title', first: 'a title with less in it beyond the words searched for' },
  position: { name: 'Early in title', first: 'the first word searched for nearer the start of its title' },
  bm25: { name: 'Text score', first: 'the words searched for more often, in a shorter text: the last word on a tie' },
};

/** A rule's plain words; a custom rule (`desc(price)`) says its field and its direction. */
export function ruleWords(rule: string): RuleWords {
  const known = RULE_WORDS[rule];
  if (known !== undefined) return known;
  const custom = /^(asc|desc)\((.+)\)$/.exec(rule);
  if (custom !== null) {
    const [, direction, field] = custom;
    return { name: `${field} (${direction === 'asc' ? 'lowest first' : 'highest first'})`, first: `a ${direction === 'asc' ? 'lower' : 'higher'} ${field}` };
  }
  return { name: rule, first: rule };
}

/** What placed a result ahead of the next one, in words. */
function decidedBy(hit: SearchHit): string {
  const details = hit._rankingDetails;
  if (details === undefined) return '–';
  if (details.pinned !== undefined) return 'Pinned by a rule';
  if (details.decidedBy === 'pageBeforeSections') return 'A page before its own sections';
  if (details.decidedBy !== null) return ruleWords(details.decidedBy).name;
  if (details.note?.startsWith('tied')) return 'A tie: the earlier indexed first';
  if (details.note?.startsWith('the last')) return 'The last one the rules ordered';
  if (details.note?.startsWith('not ordered')) return 'Not ordered by the rules';
  return '–';
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
      {rules.length > 0 && (
        <details class="dash-why-rules" open>
          <summary>How the order is decided</summary>
          <p class="dash-hint">
            The rules below are tried in this order. Between a result and the next one, the first rule that tells them apart decides: its column is named under
            “Decided by”, and its value stands in bold. A page found with its own sections comes just before them.
          </p>
          <dl class="dash-why-rule-list">
            {rules.map((rule) => (
              <div key={rule}>
                <dt>{ruleWords(rule).name}</dt>
                <dd>First: {ruleWords(rule).first}.</dd>
              </div>
            ))}
          </dl>
          <p class="dash-hint">
            “Type” says whether a result was found (organic), pinned to its place by a rule, or is a rule’s promotion; “Pin and boosts” names the rule that
            pinned it and what raised its score (visitors’ clicks, a rule’s boost, ×1.5 meaning half as much again). “–” is a value a rule had none of.
          </p>
        </details>
      )}
      <Table
        caption={`Why the results for “${term}” stand in this order`}
        head={['Result', 'Type', 'Decided by', 'Pin and boosts', ...rules.map((rule) => ruleWords(rule).name)]}
        // Counts and scores line up on the right; a rule that compares words writes them out.
        numeric={(i) => i >= 4 && hits.every((hit) => typeof valueOf(hit, rules[i - 4]!) !== 'string')}
        empty="No results."
        rows={hits.map((hit, i) => [
          <span class="dash-why-result">
            <span class="dash-why-position">{i + 1}.</span> {hit.title}
          </span>,
          typeOf(hit),
          <span class="dash-why-decided">{decidedBy(hit)}</span>,
          <span class="dash-why-adjustments">{adjustments(hit)}</span>,
          ...rules.map((name) => {
            const found = valueOf(hit, name);
            // Words ("1 whole, 1 as typed") break only after a comma: two short lines, never a word a line.
            const shown = typeof found === 'string' ? wordsValue(format(found)) : format(found);
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
  if (found === null) return '–';
  if (typeof found === 'number') return value.format(found);
  // The engine's words for a title without the query: the column says the rest.
  return found === 'title not matched' ? 'not in title' : found;
}

function wordsValue(text: string): ComponentChildren {
  return text.split(', ').map((part, i) => [i > 0 && ', ', <span class="dash-why-value">{part}</span>]);
}

function adjustments(hit: SearchHit): string {
  const details = hit._rankingDetails;
  if (details === undefined) return '–';
  const parts: string[] = [];
  if (details.pinned !== undefined) parts.push(`pinned at ${details.pinned.position} by rule ${details.pinned.ruleId}`);
  for (const boost of details.boosts ?? []) {
    parts.push(`${boost.source === 'clicks' ? 'visitors’ clicks' : boost.source.replace(/^rule:/, 'rule ')} ×${value.format(boost.factor)}`);
  }
  return parts.length === 0 ? '–' : parts.join('; ');
}
