// The fixes the analytics propose: a search that found nothing (or nothing clicked),
// followed in the same visit by one whose result was clicked. Each is accepted (a synonym
// added to the settings, or a rule that pins the clicked page) or dismissed; nothing
// applies itself.
import { useEffect, useRef, useState } from 'preact/hooks';
import { SearchApiError } from '../../../src/client/errors.ts';
import type { StatsProposal } from '../../../src/client/types.ts';
import { errorMessage, type OwnerApi } from './dashboardApi.ts';
import { hashOf } from './dashboardRoute.ts';
import { LoadFailed } from './loadState.tsx';
import { dismissedProposals, dismissProposal, proposalKey } from './dismissedProposals.ts';
import { pinRuleId, pinRuleOf, synonymsWith } from './proposalFixes.ts';

type Load = { state: 'loading' } | { state: 'ready'; proposals: StatsProposal[] } | { state: 'error'; message: string };
/** The proposal being accepted, or the one whose acceptance failed and why. */
type Row = { key: string; busy: boolean; error: string };
/** What the last action did, said in words; `rule` links to a rule it saved. */
type Notice = { text: string; rule?: string };

const number = new Intl.NumberFormat('en');
/** How many proposals a phone shows before "Show all" (dashboard.css hides the others, by the same number). */
const FOLDED_PROPOSALS = 3;

export function ProposalsSection({ api }: { api: OwnerApi }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [row, setRow] = useState<Row | null>(null);
  const [unfolded, setUnfolded] = useState(false);
  const [notice, setNotice] = useState<Notice>({ text: '' });
  const [titles, setTitles] = useState<Map<string, string>>(new Map());
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    api.getProposals({ signal: controller.signal }).then(
      (all) => {
        const dismissed = dismissedProposals(localStorage, api.siteKey);
        const proposals = all.filter((p) => !dismissed.has(proposalKey(p)));
        setLoad({ state: 'ready', proposals });
        // A pin names a document by id; the owner reads its title.
        for (const id of new Set(proposals.flatMap((p) => (p.kind === 'pin' && p.id !== undefined ? [p.id] : [])))) {
          api.getDocument(id, { signal: controller.signal }).then(
            (doc) => setTitles((t) => new Map(t).set(id, doc.title ?? doc.url ?? id)),
            () => undefined,
          );
        }
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'error', message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  if (load.state === 'loading') return null;

  /** Takes a handled proposal off the list; the focus goes to the next one's first button, else to the heading. */
  const done = (proposal: StatsProposal, said: Notice) => {
    if (load.state !== 'ready') return;
    const index = load.proposals.indexOf(proposal);
    const left = load.proposals.filter((p) => p !== proposal);
    setLoad({ state: 'ready', proposals: left });
    setRow(null);
    setNotice(said);
    setTimeout(() => {
      const next = list.current?.querySelectorAll<HTMLElement>('li')[Math.min(index, left.length - 1)]?.querySelector('button');
      (next ?? heading.current)?.focus();
    }, 0);
  };

  const accept = async (proposal: StatsProposal) => {
    const key = proposalKey(proposal);
    setRow({ key, busy: true, error: '' });
    setNotice({ text: '' });
    try {
      if (proposal.kind === 'synonym') {
        const settings = await api.getSettings();
        await api.patchSettings({ synonyms: synonymsWith(settings.synonyms, proposal) });
        done(proposal, { text: `Synonym added: a search for “${proposal.from}” now also finds “${proposal.to}”.` });
      } else if (proposal.id !== undefined) {
        const id = await freeRuleId(api, pinRuleId(proposal.from));
        await api.putRule(id, pinRuleOf({ ...proposal, id: proposal.id }));
        done(proposal, { text: `Rule ${id} saved: it pins ${titles.get(proposal.id) ?? proposal.id} first for “${proposal.from}”.`, rule: id });
      }
    } catch (error) {
      setRow({ key, busy: false, error: `Not applied. ${errorMessage(error)}` });
    }
  };

  const dismiss = (proposal: StatsProposal) => {
    const kept = dismissProposal(localStorage, api.siteKey, proposal);
    done(proposal, {
      text: kept
        ? `Dismissed: “${proposal.from}” → “${proposal.to}” stays hidden in this browser.`
        : `Dismissed for now; this browser does not keep it, so it comes back on the next visit.`,
    });
  };

  return (
    <section class="dash-card dash-proposals" aria-labelledby="dash-proposals">
      <h2 id="dash-proposals" class="dash-heading" ref={heading} tabIndex={-1}>
        Proposed fixes
      </h2>
      <p class="dash-hint">
        Visitors searched the first words, found nothing or clicked nothing, then searched the second and clicked. Nothing changes until you accept; a dismissed
        proposal is hidden in this browser only.
      </p>
      <p class="dash-status" role="status" aria-live="polite">
        {notice.text}
        {notice.rule !== undefined && (
          <>
            {' '}
            <a href={hashOf({ page: 'rule', id: notice.rule })}>Open the rule</a>
          </>
        )}
      </p>
      {load.state === 'error' ? (
        <LoadFailed what="The proposed fixes" message={load.message} retry={() => setAttempt((n) => n + 1)} />
      ) : load.proposals.length === 0 ? (
        <p class="dash-muted">No proposed fixes now. They appear once enough visitors rephrase a search and click what the second one found.</p>
      ) : (
        <>
          <ul
            // On a phone the first FOLDED_PROPOSALS wait alone, the rest behind a button (dashboard.css).
            class={load.proposals.length > FOLDED_PROPOSALS && !unfolded ? 'dash-proposal-list dash-folded-list' : 'dash-proposal-list'}
            ref={list}
            aria-label={`${load.proposals.length} proposed ${load.proposals.length === 1 ? 'fix' : 'fixes'}, most sessions first`}
          >
            {load.proposals.map((proposal) => {
              const key = proposalKey(proposal);
              const state = row?.key === key ? row : null;
              const name = describe(proposal, titles);
              const errorId = `proposal-error-${load.proposals.indexOf(proposal)}`;
              return (
                <li key={key} class="dash-proposal">
                  <p class="dash-proposal-what">
                    <span class="dash-badge">{proposal.kind === 'synonym' ? 'Synonym' : 'Pin'}</span> {name}
                  </p>
                  <p class="dash-proposal-counts">
                    {count(proposal.sessions, 'session')} from {count(proposal.addresses, 'address', 'addresses')} in {count(proposal.groups, 'network')}, on{' '}
                    {count(proposal.days, 'day')}
                  </p>
                  <span class="dash-actions">
                    <button
                      type="button"
                      class="dash-primary"
                      aria-label={`Accept: ${name}`}
                      aria-describedby={state?.error ? errorId : undefined}
                      // Not `disabled`: a disabled button drops the focus, which should stay put while the fix is sent.
                      aria-disabled={state?.busy === true}
                      onClick={() => state?.busy !== true && void accept(proposal)}
                    >
                      {state?.busy ? 'Applying…' : 'Accept'}
                    </button>
                    <button
                      type="button"
                      aria-label={`Dismiss: ${name}`}
                      aria-disabled={state?.busy === true}
                      onClick={() => state?.busy !== true && dismiss(proposal)}
                    >
                      Dismiss
                    </button>
                  </span>
                  {state?.error ? (
                    <p id={errorId} class="dash-problem" role="alert">
                      {state.error}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {load.proposals.length > FOLDED_PROPOSALS && (
            <button type="button" class="dash-unfold dash-narrow-only" aria-expanded={unfolded} onClick={() => setUnfolded(!unfolded)}>
              {unfolded ? `Show the first ${FOLDED_PROPOSALS}` : `Show all ${load.proposals.length}`}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function describe(proposal: StatsProposal, titles: Map<string, string>): string {
  if (proposal.kind === 'synonym') return `“${proposal.from}” also finds “${proposal.to}”`;
  const id = proposal.id ?? '';
  return `“${proposal.from}” shows ${titles.get(id) ?? id} first (clicked after “${proposal.to}”)`;
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${number.format(n)} ${n === 1 ? one : many}`;
}

/** `base`, or `base-2`, `base-3`… when a rule of that id exists: accepting never replaces a rule. */
export async function freeRuleId(api: OwnerApi, base: string): Promise<string> {
  for (let n = 1; ; n++) {
    const id = n === 1 ? base : `${base.slice(0, 60)}-${n}`;
    try {
      await api.getRule(id);
    } catch (error) {
      if (error instanceof SearchApiError && error.status === 404) return id;
      throw error;
    }
  }
}
