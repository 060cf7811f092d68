// The owner's console, served by the service at /console/: a sign-in, then, for the
// index chosen (`?index=`), the analytics report, the query rules, the synonyms and
// stop words, why the results of a query stand in their order and the index itself;
// and, signed in with the admin key, every index of the service. One page, each part
// at its own fragment (#rules, #synonyms, #why, #index, #indices).
import { render } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { SessionResponse } from '../../../src/client/types.ts';
import { errorMessage, ownerApiFor } from './dashboardApi.ts';
import { ReportPage } from './dashboardReport.tsx';
import { hashOf, indexOfSearch, routeOf, searchWithIndex, type Route } from './dashboardRoute.ts';
import { RuleEditor } from './dashboardRuleEditor.tsx';
import { RulesPage } from './dashboardRules.tsx';
import { SynonymsPage } from './dashboardSynonyms.tsx';
import { WhyPage } from './dashboardWhy.tsx';
import { IndexPage } from './indexPage.tsx';
import { IndicesPage } from './indicesPage.tsx';
import { adminApiFor, currentSession, signOut } from './session.ts';
import { SignIn } from './signIn.tsx';

const INDEX_TABS: Array<{ route: Route; label: string }> = [
  { route: { page: 'report' }, label: 'Analytics' },
  { route: { page: 'rules' }, label: 'Rules' },
  { route: { page: 'synonyms' }, label: 'Synonyms, stop words' },
  { route: { page: 'why' }, label: 'Why this order' },
  { route: { page: 'index' }, label: 'Index' },
];

function heading(route: Route, index: string | null): { title: string; lede: string } {
  switch (route.page) {
    case 'report':
      return {
        title: 'Search analytics',
        lede: 'What visitors searched for, what they found nothing for, and what they clicked, over the days you choose.',
      };
    case 'rules':
      return {
        title: 'Query rules',
        lede: 'For chosen searches: pin a page to a position, hide or boost documents, show a promotion, search other words, or send the visitor to a page.',
      };
    case 'rule':
      return {
        title: route.id === null ? 'New rule' : `Rule ${route.id}`,
        lede: 'When the rule applies and what it does. The preview shows its effect on a search before you save.',
      };
    case 'synonyms':
      return {
        title: 'Synonyms and stop words',
        lede: 'Words that should find each other, and words a search leaves out. A change applies to the next search.',
      };
    case 'why':
      return {
        title: 'Why this order',
        lede: 'Type a search to see, for each result, what every ranking rule compared, which one put it ahead of the next, and any pin or boost.',
      };
    case 'index':
      return {
        title: `Index ${index ?? ''}`.trim(),
        lede: 'What the index holds: its fields and their types, one document looked up by id or address with its status, the latest indexing errors, its ranking settings and its latest crawls.',
      };
    case 'indices':
      return {
        title: 'Indices',
        lede: 'Every index of this service. An index made here is searchable at once and kept across restarts; its secret is shown once.',
      };
  }
}

/** The index the address names, if the session may see it; else the session's only one. */
function chosenIndex(keys: readonly string[]): string | null {
  const named = indexOfSearch(location.search);
  if (named !== null && keys.includes(named)) return named;
  return keys.length === 1 ? keys[0]! : null;
}

function Shell({ session, onSignedOut }: { session: SessionResponse; onSignedOut: () => void }) {
  const admin = session.identity.kind === 'admin';
  const [keys, setKeys] = useState(() => session.indices.map((i) => i.publicKey));
  const [index, setIndex] = useState<string | null>(() => chosenIndex(keys));
  const [route, setRoute] = useState<Route>(() => routeOf(location.hash));
  // What the last page did (a rule saved or deleted), for the next page to say.
  const [notice, setNotice] = useState('');
  const [signOutError, setSignOutError] = useState('');
  const title = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  const api = useMemo(() => (index === null ? null : ownerApiFor(index, session.csrfToken)), [index]);
  const adminApi = useMemo(() => (admin ? adminApiFor(session.csrfToken) : null), []);

  useEffect(() => {
    const changed = () => {
      setRoute(routeOf(location.hash));
      setIndex(chosenIndex(keys));
    };
    addEventListener('hashchange', changed);
    addEventListener('popstate', changed);
    return () => {
      removeEventListener('hashchange', changed);
      removeEventListener('popstate', changed);
    };
  }, [keys]);

  // The page shown: the index list for the admin key with no index chosen, and never to a session of one index.
  const shown: Route = route.page === 'indices' ? (admin ? route : { page: 'report' }) : api === null ? { page: 'indices' } : route;
  const { title: text, lede } = heading(shown, index);
  useEffect(() => {
    document.title = `${text} · Site Search console`;
    // A new page takes the focus to its title, as a page load would; the first one does not.
    if (first.current) first.current = false;
    else title.current?.focus();
  }, [hashOf(shown), index]);

  const go = (next: Route, message = '') => {
    setNotice(message);
    location.hash = hashOf(next);
  };
  /** Opens an index: its address names it, so the back button and a reload keep it. */
  const open = (key: string, page: Route = shown.page === 'indices' ? { page: 'report' } : shown) => {
    setNotice('');
    history.pushState(null, '', `${searchWithIndex(location.search, key)}${hashOf(page)}`);
    setIndex(key);
    setRoute(page);
  };
  const indicesChanged = (now: string[]) => {
    setKeys(now);
    if (index !== null && !now.includes(index)) setIndex(null);
  };
  const leave = async () => {
    setSignOutError('');
    try {
      await signOut(session.csrfToken);
      onSignedOut();
    } catch (error) {
      setSignOutError(`Not signed out: ${errorMessage(error)}`);
    }
  };
  const tab = shown.page === 'rule' ? 'rules' : shown.page;
  const tabs = [...(api === null ? [] : INDEX_TABS), ...(admin ? [{ route: { page: 'indices' } as Route, label: 'Indices' }] : [])];

  return (
    <div class="console-page">
      <div class="console-bar">
        <p class="console-brand">Site Search console</p>
        {keys.length > 1 || (admin && keys.length > 0) ? (
          <label class="console-picker">
            Index
            <select value={index ?? ''} onChange={(e) => e.currentTarget.value !== '' && open(e.currentTarget.value)}>
              {index === null && <option value="">Choose an index</option>}
              {keys.map((key) => (
                <option key={key} value={key}>
                  {key}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <p class="console-who">
          {admin ? 'Signed in with the admin key' : `Signed in to index ${session.identity.kind === 'index' ? session.identity.publicKey : ''}`}
        </p>
        <button type="button" onClick={() => void leave()}>
          Sign out
        </button>
        {signOutError !== '' && (
          <p class="console-error" role="alert">
            {signOutError}
          </p>
        )}
      </div>
      <div class="dash-app">
        <header class="page-header">
          <p class="page-eyebrow">{index === null || shown.page === 'indices' || shown.page === 'index' ? 'Site Search console' : `Index ${index}`}</p>
          <h1 class="page-title" ref={title} tabIndex={-1}>
            {text}
          </h1>
          <p class="page-lede">{lede}</p>
        </header>
        {tabs.length > 1 && (
          <nav class="dash-tabs" aria-label="Console">
            <ul>
              {tabs.map(({ route: r, label }) => (
                <li key={r.page}>
                  <a href={hashOf(r)} aria-current={tab === r.page ? 'page' : undefined} onClick={() => setNotice('')}>
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <main class="dash-main" key={shown.page === 'indices' ? '' : index}>
          {shown.page === 'indices' && adminApi !== null && (
            <IndicesPage api={adminApi} current={index} onOpen={(key) => open(key, { page: 'index' })} onChanged={indicesChanged} />
          )}
          {api !== null && shown.page === 'report' && <ReportPage api={api} />}
          {api !== null && shown.page === 'rules' && <RulesPage api={api} notice={notice} onNotice={setNotice} />}
          {api !== null && shown.page === 'rule' && (
            <RuleEditor
              key={hashOf(shown)}
              api={api}
              ruleId={shown.id}
              when={shown.when}
              onDone={(message) => go({ page: 'rules' }, message)}
              onCancel={() => go({ page: 'rules' })}
            />
          )}
          {api !== null && shown.page === 'synonyms' && <SynonymsPage key={hashOf(shown)} api={api} add={shown.add} />}
          {api !== null && shown.page === 'why' && <WhyPage api={api} />}
          {api !== null && shown.page === 'index' && <IndexPage api={api} />}
        </main>
      </div>
    </div>
  );
}

type State = { kind: 'loading' } | { kind: 'out'; notice: string } | { kind: 'in'; session: SessionResponse };

function Console() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    currentSession().then(
      (session) => setState(session === null ? { kind: 'out', notice: '' } : { kind: 'in', session }),
      () => setState({ kind: 'out', notice: '' }),
    );
  }, []);
  if (state.kind === 'loading') return <p class="console-loading console-page">Loading the console…</p>;
  if (state.kind === 'out')
    return (
      <div class="console-page">
        <SignIn notice={state.notice} onSignedIn={(session) => setState({ kind: 'in', session })} />
      </div>
    );
  return <Shell session={state.session} onSignedOut={() => setState({ kind: 'out', notice: 'You are signed out.' })} />;
}

const root = document.getElementById('console');
if (root === null) throw new Error('console: the page lacks #console');
root.replaceChildren();
render(<Console />, root);
