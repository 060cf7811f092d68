/**
 * The queries people tried first on the demo, over real HTTP against the demo corpus,
 * searched as the widget searches: each must put the obvious page first.
 */
import { describe, expect, it } from 'vitest';
import { buildCorpus } from '../../demo/corpus/build.ts';
import { batches } from '../../src/client/batches.ts';
import { createClient } from '../../src/client/createClient.ts';
import type { SearchParams, SearchResponse } from '../../src/client/types.ts';
import { toSearchParams } from '../../src/core/searchState.ts';
import { putJson, serviceForFile, startService } from '../testing/service.ts';

const service = serviceForFile(async () => {
  const started = await startService();
  for (const batch of batches(buildCorpus({ thumbBase: 'http://127.0.0.1/thumbs' }))) {
    expect((await putJson(started, '/v2/indices/demo/documents:batch', { documents: batch })).status).toBe(202);
  }
  return started;
}, 300_000);

/** The titles the widget shows for `term`: its own parameters, and partial matches when all words find nothing. */
async function widgetSearch(term: string): Promise<string[]> {
  const client = createClient({ siteKey: 'demo', baseUrl: service().baseUrl });
  const params: SearchParams = { ...toSearchParams({ term, page: 1, sort: 'relevance', order: 'desc', filters: {} }, 10) };
  let answer: SearchResponse = await client.search(params);
  if (answer.total_hits === 0 && term.trim().split(/\s+/).length > 1) answer = await client.search({ ...params, defaultOperator: 'or' });
  return answer.hits.map((hit) => hit.title);
}

const OBVIOUS: Array<[string, string[]]> = [
  ['fetch', ['fetch()']],
  ['grid', ['CSS property: grid']],
  ['flex', ['CSS property: flex']],
  ['IntersectionObserver', ['IntersectionObserver']],
  ['details', ['HTML element: <details>']],
  ['border radius', ['CSS property: border-radius']],
  ['set timeout', ['setTimeout()']],
  ['web sockets', ['WebSocket']],
  ['local storage', ['Window.localStorage']],
  ['how to use fetch api', ['fetch()']],
  ['promse', ['Promise']],
  ['boder radius', ['CSS property: border-radius']],
  // No title holds `flexbox`: the title holding its stem comes first among the pages that mention it.
  ['flexbx', ['CSS property: flex', 'CSS property: display › flex']],
  // A hundred titles end in `.length`; with `prototype` a common title word, Array's leaves the fewest letters.
  ['lenght', ['Array.prototype.length', 'String.length']],
  ['querySeletor', ['Document.querySelector()', 'Element.querySelector()', 'Element.querySelector']],
];

describe('the obvious page first on the demo corpus', () => {
  it.each(OBVIOUS)('%s', async (term, wanted) => {
    const titles = await widgetSearch(term);
    expect(wanted, `top 3: ${titles.slice(0, 3).join(' | ')}`).toContain(titles[0]);
  });
});
