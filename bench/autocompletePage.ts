/**
 * The typing benchmark's second page: Algolia Autocomplete wired to the reference
 * service as a site owner would, one source whose items are `/v1/search` hits for the
 * typed term, fetched on every keystroke with no pacing of our own (Autocomplete adds
 * none). Bundled for the browser by the page server (pageServer.ts), never by the widget's build.
 */
import { autocomplete } from '@algolia/autocomplete-js';

// A type, not an interface: Autocomplete's items must take any string key.
type Hit = {
  url: string;
  title?: string;
};

const api = new URLSearchParams(location.search).get('api') ?? '';

autocomplete<Hit>({
  container: '#autocomplete',
  placeholder: 'Search the documentation',
  getSources: ({ query }) => [
    {
      sourceId: 'pages',
      async getItems() {
        // The same request as the widget's typed search: the term, 10 results, typos forgiven.
        const url = new URL(`${api}/v1/search/demo`);
        for (const [name, value] of Object.entries({ term: query, limit: '10', page: '1', fuzzy: 'auto' })) url.searchParams.set(name, value);
        const response = await fetch(url.href);
        if (!response.ok) throw new Error(`search answered ${response.status}`);
        const body = (await response.json()) as { hits?: Hit[] };
        return body.hits ?? [];
      },
      getItemUrl: ({ item }) => item.url,
      templates: {
        item: ({ item, html }) => html`<a class="aa-ItemLink" href=${item.url}>${item.title ?? item.url}</a>`,
      },
    },
  ],
});
