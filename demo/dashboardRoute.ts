// The dashboard's pages, by the fragment of its address, so that each can be linked to
// and the browser's back button goes back a page.
export type Route = { page: 'report' } | { page: 'rules' } | { page: 'rule'; id: string | null } | { page: 'synonyms' } | { page: 'why' };

export function routeOf(hash: string): Route {
  // `#why?q=flex`: what follows `?` belongs to the page.
  const path = hash.replace(/^#\/?/, '').split('?')[0]!;
  if (path === 'rules') return { page: 'rules' };
  if (path === 'rules/new') return { page: 'rule', id: null };
  if (path.startsWith('rules/')) return { page: 'rule', id: decodeURIComponent(path.slice('rules/'.length)) };
  if (path === 'synonyms') return { page: 'synonyms' };
  if (path === 'why') return { page: 'why' };
  return { page: 'report' };
}

export function hashOf(route: Route): string {
  switch (route.page) {
    case 'rule':
      return route.id === null ? '#rules/new' : `#rules/${encodeURIComponent(route.id)}`;
    default:
      return `#${route.page}`;
  }
}
