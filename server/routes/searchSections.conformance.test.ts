// In the conformance suite: a crawled page's headings weigh in ranking, and its hits
// carry the sections that match (SearchHit.sections), on every engine.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentStatus, SearchResponse } from '../../src/client/types.ts';
import { startPageServer, type PageServer } from '../testing/pageServer.ts';
import { basicAuth, eventually, getJson, putJson, sendJson, startService, type TestService } from '../testing/service.ts';

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');
const page = (title: string, body: string): string => `<!doctype html><html><head><title>${title}</title></head><body><main>${body}</main></body></html>`;
const filler = (n: number): string => Array.from({ length: n }, (_, i) => `<p>Plain paragraph ${i} about numbers and strings.</p>`).join('');

const TYPES = page(
  'Built-in Types',
  `<section id="built-in-types"><h1>Built-in Types<a class="headerlink" href="#built-in-types">¶</a></h1><p>The standard types.</p>
   <section id="numeric"><h2>Numeric Types</h2>${filler(5)}</section>
   <section id="frozen"><h2>Set Types — frozenset</h2><p>A frozenset is an immutable set.</p></section>
   <section id="mapping-types-dict"><h2>Mapping Types — dict<a href="#mapping-types-dict">¶</a></h2><p>A mapping object maps keys; dict is the one mapping type.</p>
     <h3 id="dict-views">Dictionary view objects</h3><p>Views of a dict change with it.</p>
     <h3>Unanchored dict notes</h3><p>A dict section without an anchor.</p>
     <h3 id="dict-more">More on dict</h3><p>Yet more about each dict.</p></section></section>`,
);
const MENTIONS = page('Release notes', `<h1>Release notes</h1>${filler(3)}<p>Among many changes, a mapping type learned to merge.</p>`);

let site: PageServer;
let service: TestService;

async function search(term: string, extra: Array<[string, string]> = []): Promise<SearchResponse> {
  return (await getJson<SearchResponse>(service, '/v1/search/demo', [['term', term], ...extra])).body;
}

beforeAll(async () => {
  site = await startPageServer({ '/types.html': { body: TYPES }, '/notes.html': { body: MENTIONS } });
  service = await startService({ crawlAllowPrivate: [new URL(site.origin).host] });
  for (const path of ['/types.html', '/notes.html']) {
    const url = site.origin + path;
    const response = await sendJson(service, 'POST', '/crawler', { action: 'FETCH', indexPublicKey: 'demo', url }, basicAuth('demo', 'demo-secret'));
    expect(response.status).toBe(202);
    await eventually(async () => {
      const status = (await (await sendJson(service, 'GET', `/v1/indices/demo/documents/${md5(url)}`)).json()) as DocumentStatus;
      return status.status === 'INDEXED' ? status : undefined;
    });
  }
});

afterAll(async () => {
  await service.close();
  service.remove();
  await site.close();
});

describe('sections of crawled pages', () => {
  it('gives a hit up to 3 matching sections, best first, each linked by its anchor and highlighted', async () => {
    const found = await search('dict', [['limit', '1']]);
    // Pages are counted, not sections.
    expect(found.total_hits).toBe(1);
    expect(found.hits).toHaveLength(1);
    const sections = found.hits[0]!.sections!;
    // The word being typed also begins `Dictionary`: heading and text both match, as in `More on dict`, which follows it on the page.
    expect(sections.map((s) => s.title)).toEqual(['Mapping Types — dict', 'Dictionary view objects', 'More on dict']);
    expect(sections[0]).toEqual({
      title: 'Mapping Types — dict',
      url: `${site.origin}/types.html#mapping-types-dict`,
      highlight: 'A mapping object maps keys; <em>dict</em> is the one mapping type.',
    });
    expect(sections[1]!.url).toBe(`${site.origin}/types.html#dict-views`);
  });

  it('ranks a page whose heading names the words above one whose text alone holds them', async () => {
    const found = await search('mapping type');
    expect(found.hits.map((h) => h.title)).toEqual(['Built-in Types', 'Release notes']);
    expect(found.hits[1]!.sections).toBeUndefined();
  });

  it('gives no sections where none matches or has an anchor, nor to documents written through the API', async () => {
    // The notes page's one heading has no anchor.
    expect((await search('release')).hits.map((h) => [h.title, h.sections])).toEqual([['Release notes', undefined]]);
    const put = await putJson(service, '/v2/indices/demo/documents/', { url: 'https://example.com/api', title: 'Api page', main_content: 'apiwordzz' });
    expect(put.status).toBe(202);
    const found = await eventually(async () => {
      const result = await search('apiwordzz');
      return result.hits.length > 0 ? result : undefined;
    });
    expect(found.hits[0]!.sections).toBeUndefined();
  });
});
