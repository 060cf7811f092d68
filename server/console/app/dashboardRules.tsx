// The rules page: every query rule of the index with when it matches, what it does,
// whether it is on and when it applies; a new rule, an edit, and a delete that asks first.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { QueryRule } from '../../../src/client/types.ts';
import { errorMessage, type OwnerApi } from './dashboardApi.ts';
import { Dialog, Table } from './dashboardParts.tsx';
import { hashOf } from './dashboardRoute.ts';
import { conditionsSummary, consequenceSummary, documentsOfRules, validitySummary } from './ruleSummary.ts';
import { LoadFailed } from './loadState.tsx';

type Load = { state: 'loading' } | { state: 'ready'; rules: QueryRule[]; next: string | null } | { state: 'error'; message: string };

/** Rules shown at a time: an index may keep thousands, read a page at a time. */
export const RULES_PAGE = 50;

export function RulesPage({ api, notice, onNotice }: { api: OwnerApi; notice: string; onNotice: (message: string) => void }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [deleting, setDeleting] = useState<QueryRule | null>(null);
  // The `after` of each page shown so far: the last is this page's, the one before it the previous page's.
  const [pages, setPages] = useState<Array<string | null>>([null]);
  const after = pages[pages.length - 1]!;
  const newRule = useRef<HTMLAnchorElement>(null);
  // The titles of the pages the rules shown pin or hide: a rule keeps only their ids.
  const [titles, setTitles] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    if (load.state !== 'ready') return;
    const controller = new AbortController();
    const wanted = documentsOfRules(load.rules).filter((id) => !titles.has(id));
    void Promise.all(
      wanted.map((id) =>
        api.getDocument(id, { signal: controller.signal }).then(
          (doc): [string, string] => [id, doc.title || doc.url || id],
          (): [string, string] => [id, `${id}, not in the index`],
        ),
      ),
    ).then((found) => {
      if (!controller.signal.aborted && found.length > 0) setTitles((known) => new Map([...known, ...found]));
    });
    return () => controller.abort();
  }, [load]);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    api.listRules(after, RULES_PAGE, { signal: controller.signal }).then(
      (page) => setLoad({ state: 'ready', rules: [...page.rules].sort((a, b) => a.id.localeCompare(b.id)), next: page.next ?? null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'error', message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [attempt, after]);

  const now = Date.now();
  return (
    <>
      <div class="dash-toolbar">
        <a class="dash-button dash-primary" href={hashOf({ page: 'rule', id: null })} ref={newRule}>
          New rule
        </a>
      </div>
      <p class="dash-status" role="status" aria-live="polite">
        {load.state === 'loading' ? 'Loading the rules…' : notice}
      </p>
      {load.state === 'error' && <LoadFailed what="The rules" message={load.message} retry={() => setAttempt((n) => n + 1)} />}
      {load.state === 'ready' && (
        <section class="dash-card" aria-labelledby="dash-rules">
          <h2 id="dash-rules" class="dash-heading">
            Rules of this index
          </h2>
          {load.rules.length === 0 && pages.length === 1 ? (
            <p class="dash-muted">No rules yet. A rule pins, hides, boosts or promotes results for the searches you choose.</p>
          ) : (
            <>
              <div class="dash-wide-only">
                <Table
                  caption={`${load.rules.length} ${load.rules.length === 1 ? 'rule' : 'rules'}, by id`}
                  head={['Rule', 'When the search', 'Then', 'On', 'Applies', 'Actions']}
                  numeric={() => false}
                  rows={load.rules.map((rule) => [
                    <>
                      <span class="dash-rule-id">{rule.id}</span>
                      {rule.description !== undefined && rule.description !== '' && <span class="dash-rule-description">{rule.description}</span>}
                    </>,
                    conditionsSummary(rule),
                    consequenceSummary(rule, titles),
                    <OnBadge rule={rule} />,
                    validitySummary(rule.validity, now),
                    <Actions rule={rule} onDelete={setDeleting} />,
                  ])}
                />
              </div>
              {/* A phone has no room for six columns: one card a rule. */}
              <ul class="dash-narrow-only dash-rule-cards" aria-label={`${load.rules.length} ${load.rules.length === 1 ? 'rule' : 'rules'}, by id`}>
                {load.rules.map((rule) => (
                  <li key={rule.id} class="dash-rule-card">
                    <p class="dash-rule-card-head">
                      <span class="dash-rule-id">{rule.id}</span> <OnBadge rule={rule} />
                    </p>
                    {rule.description !== undefined && rule.description !== '' && <p class="dash-rule-description">{rule.description}</p>}
                    <dl class="dash-rule-facts">
                      <dt>When the search</dt>
                      <dd>{conditionsSummary(rule)}</dd>
                      <dt>Then</dt>
                      <dd>{consequenceSummary(rule, titles)}</dd>
                      <dt>Applies</dt>
                      <dd>{validitySummary(rule.validity, now)}</dd>
                    </dl>
                    <Actions rule={rule} onDelete={setDeleting} />
                  </li>
                ))}
              </ul>
            </>
          )}
          {(pages.length > 1 || load.next !== null) && (
            <nav class="dash-actions" aria-label="Pages of rules">
              <button type="button" disabled={pages.length === 1} onClick={() => setPages(pages.slice(0, -1))}>
                Previous rules
              </button>
              <span class="dash-muted">Page {pages.length}</span>
              <button type="button" disabled={load.next === null} onClick={() => load.next !== null && setPages([...pages, load.next])}>
                Next rules
              </button>
            </nav>
          )}
        </section>
      )}
      {deleting !== null && load.state === 'ready' && (
        <DeleteDialog
          api={api}
          rule={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            const rules = load.rules.filter((r) => r.id !== deleting.id);
            setLoad({ ...load, rules });
            onNotice(`Rule ${deleting.id} deleted.`);
            setDeleting(null);
            // The delete button left with its row: the focus goes to the page's first action.
            setTimeout(() => newRule.current?.focus(), 0);
          }}
        />
      )}
    </>
  );
}

function OnBadge({ rule }: { rule: QueryRule }) {
  return rule.enabled ? <span class="dash-badge dash-badge-on">On</span> : <span class="dash-badge">Off</span>;
}

function Actions({ rule, onDelete }: { rule: QueryRule; onDelete: (rule: QueryRule) => void }) {
  return (
    <span class="dash-actions">
      <a href={hashOf({ page: 'rule', id: rule.id })} aria-label={`Edit ${rule.id}`}>
        Edit
      </a>
      <button type="button" class="dash-danger" aria-label={`Delete ${rule.id}`} onClick={() => onDelete(rule)}>
        Delete
      </button>
    </span>
  );
}

/** Asks before deleting; a rule deleted is gone, there is no undo. */
export function DeleteDialog({ api, rule, onClose, onDeleted }: { api: OwnerApi; rule: QueryRule; onClose: () => void; onDeleted: () => void }) {
  const [state, setState] = useState<{ busy: boolean; error: string }>({ busy: false, error: '' });
  const remove = () => {
    setState({ busy: true, error: '' });
    api.deleteRule(rule.id).then(onDeleted, (error: unknown) => setState({ busy: false, error: errorMessage(error) }));
  };
  return (
    <Dialog title={`Delete rule ${rule.id}?`} onClose={onClose}>
      {rule.description !== undefined && rule.description !== '' && <p>“{rule.description}”</p>}
      <p>Searches stop being changed by this rule at once. This cannot be undone.</p>
      {state.error !== '' && (
        <p class="dash-problem" role="alert">
          {state.error}
        </p>
      )}
      <div class="dash-buttons">
        <button type="button" class="dash-danger-solid" onClick={remove} disabled={state.busy}>
          {state.busy ? 'Deleting…' : 'Delete'}
        </button>
        <button type="button" onClick={onClose} autoFocus>
          Keep it
        </button>
      </div>
    </Dialog>
  );
}
