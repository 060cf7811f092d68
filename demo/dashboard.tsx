// The demo's dashboard for the site owner: the analytics report, the query rules, the
// synonyms and stop words, and why the results of a query stand in their order. Served by
// the demo's Vite dev server at /demo/dashboard.html; one page, each part at its own
// fragment (#rules, #synonyms, #why).
import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ownerApi } from './dashboardApi.ts';
import { ReportPage } from './dashboardReport.tsx';
import { hashOf, routeOf, type Route } from './dashboardRoute.ts';
import { RuleEditor } from './dashboardRuleEditor.tsx';
import { RulesPage } from './dashboardRules.tsx';
import { SynonymsPage } from './dashboardSynonyms.tsx';
import { WhyPage } from './dashboardWhy.tsx';

const TABS: Array<{ route: Route; label: string }> = [
  { route: { page: 'report' }, label: 'Analytics' },
  { route: { page: 'rules' }, label: 'Rules' },
  { route: { page: 'synonyms' }, label: 'Synonyms, stop words' },
  { route: { page: 'why' }, label: 'Why this order' },
];

function heading(route: Route): { title: string; lede: string } {
  switch (route.page) {
    case 'report':
      return {
        title: 'Search analytics',
        lede: 'What visitors searched for, what they found nothing for, and what they clicked: the report of the reference service over the generated traffic of the last two months and your own searches.',
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
  }
}

function Dashboard() {
  const [route, setRoute] = useState<Route>(() => routeOf(location.hash));
  // What the last page did (a rule saved or deleted), for the next page to say.
  const [notice, setNotice] = useState('');
  const title = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  useEffect(() => {
    const changed = () => setRoute(routeOf(location.hash));
    addEventListener('hashchange', changed);
    return () => removeEventListener('hashchange', changed);
  }, []);

  const { title: text, lede } = heading(route);
  useEffect(() => {
    document.title = `${text} · Site Search demo`;
    // A new page takes the focus to its title, as a page load would; the first one does not.
    if (first.current) first.current = false;
    else title.current?.focus();
  }, [hashOf(route)]);

  const go = (next: Route, message = '') => {
    setNotice(message);
    location.hash = hashOf(next);
  };
  const tab = route.page === 'rule' ? 'rules' : route.page;

  return (
    <>
      <header class="demo-header">
        <p class="demo-eyebrow">Site Search demo</p>
        <h1 class="demo-title" ref={title} tabIndex={-1}>
          {text}
        </h1>
        <p class="demo-lede">{lede}</p>
      </header>
      <nav class="dash-tabs" aria-label="Dashboard">
        <ul>
          {TABS.map(({ route: r, label }) => (
            <li key={r.page}>
              <a href={hashOf(r)} aria-current={tab === r.page ? 'page' : undefined} onClick={() => setNotice('')}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main class="dash-main">
        {route.page === 'report' && <ReportPage />}
        {route.page === 'rules' && <RulesPage api={ownerApi} notice={notice} onNotice={setNotice} />}
        {route.page === 'rule' && (
          <RuleEditor
            key={hashOf(route)}
            api={ownerApi}
            ruleId={route.id}
            when={route.when}
            onDone={(message) => go({ page: 'rules' }, message)}
            onCancel={() => go({ page: 'rules' })}
          />
        )}
        {route.page === 'synonyms' && <SynonymsPage key={hashOf(route)} api={ownerApi} add={route.add} />}
        {route.page === 'why' && <WhyPage api={ownerApi} />}
      </main>
    </>
  );
}

const root = document.getElementById('dashboard');
if (root === null) throw new Error('dashboard: the page lacks #dashboard');
root.replaceChildren();
render(<Dashboard />, root);
