// The console's pages, by the fragment of its address, so that each can be linked to
// and the browser's back button goes back a page. The index a page is about is the
// address's `?index=` (indexOfSearch), the same for every page.
export type Route =
  | { page: 'report' }
  | { page: 'rules' }
  /** `when`: for a new rule, the words of the `is` condition it starts with (a search that found nothing). */
  | { page: 'rule'; id: string | null; when?: string }
  /** `add`: a word to start a new synonym entry with. */
  | { page: 'synonyms'; add?: string }
  | { page: 'why' }
  /** The index itself: documents, fields, a document looked up, crawls. */
  | { page: 'index' }
  /** Every index of the service, for the admin key. */
  | { page: 'indices' };

export function routeOf(hash: string): Route {
  // `#why?q=flex`: what follows `?` belongs to the page.
  const [path = '', query = ''] = hash.replace(/^#\/?/, '').split('?');
  const params = new URLSearchParams(query);
  if (path === 'rules') return { page: 'rules' };
  if (path === 'rules/new') {
    const when = params.get('when');
    return when === null ? { page: 'rule', id: null } : { page: 'rule', id: null, when };
  }
  if (path.startsWith('rules/')) return { page: 'rule', id: decodeURIComponent(path.slice('rules/'.length)) };
  if (path === 'synonyms') {
    const add = params.get('add');
    return add === null ? { page: 'synonyms' } : { page: 'synonyms', add };
  }
  if (path === 'why' || path === 'index' || path === 'indices') return { page: path };
  return { page: 'report' };
}

export function hashOf(route: Route): string {
  switch (route.page) {
    case 'rule':
      if (route.id !== null) return `#rules/${encodeURIComponent(route.id)}`;
      return route.when === undefined ? '#rules/new' : `#rules/new?${new URLSearchParams({ when: route.when }).toString()}`;
    case 'synonyms':
      return route.add === undefined ? '#synonyms' : `#synonyms?${new URLSearchParams({ add: route.add }).toString()}`;
    default:
      return `#${route.page}`;
  }
}

/** The index named by the address's `?index=`, or null. */
export function indexOfSearch(search: string): string | null {
  return new URLSearchParams(search).get('index') || null;
}

/** The address's query with the index set, the rest of it kept. */
export function searchWithIndex(search: string, index: string): string {
  const params = new URLSearchParams(search);
  params.set('index', index);
  return `?${params.toString()}`;
}
