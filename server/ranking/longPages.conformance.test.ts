/**
 * Long pages, over real HTTP, searched as the widget searches (the `body` rule): a page
 * whose text runs past what the ranking rules read is judged by the engine's score of its
 * whole text before the title's length, when that score is above every page the rules read
 * whole; short pages are left to the title's length as before.
 */
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/createClient.ts';
import type { IndexDocument } from '../../src/client/types.ts';
import { toSearchParams } from '../../src/core/searchState.ts';
import { RANKED_FIELD_CHARS } from '../engine/engine.ts';
import { serviceForFile, startServiceWithDocuments } from '../testing/service.ts';

const doc = (id: string, title: string, main_content: string): IndexDocument => ({ id, url: `https://docs.example.com/${id}.html`, title, main_content });

/** A text of about `chars` characters holding `word` `times` times, spread through it (the first near its start). */
function text(chars: number, word: string, times: number): string {
  const sentence = 'Each chapter of the manual covers one module in turn. ';
  const sentences = Math.ceil(chars / sentence.length);
  const every = Math.max(1, Math.floor(sentences / times));
  return Array.from({ length: sentences }, (_, i) => (i % every === 0 && i / every < times ? `It speaks of ${word} here. ${sentence}` : sentence)).join('');
}

const LONG = RANKED_FIELD_CHARS + 4_000;

const DOCUMENTS: IndexDocument[] = [
  // Two long pages whose titles name the word: the shorter title's page holds it once, the other's all through.
  doc('threads', 'Threads — Thread-based parallelism', text(LONG, 'parallelism', 1)),
  doc('processes', 'Processes — Process-based parallelism across cores', text(LONG, 'parallelism', 40)),
  // A short page with the shortest title, and a long page that holds the word all through.
  doc('crypt', 'Crypt — Checking passwords', text(8_000, 'passwords', 1)),
  doc('hashes', 'Hashes — Secure digests of passwords and messages', text(LONG, 'passwords', 40)),
  // Short pages alone: the shorter title first, whatever the engine scores their texts.
  doc('kettle', 'Electric kettle', text(6_000, 'kettle', 1)),
  doc('kettle-care', 'Kettle care and descaling', text(600, 'kettle', 6)),
  // A long page the engine scores no higher than the short page beside it: the title's length decides.
  doc('teapots', 'Clay teapot', text(1_200, 'teapot', 3)),
  doc('teapot-history', 'Teapot history through the ages', text(LONG, 'teapot', 1)),
];

const service = serviceForFile(() => startServiceWithDocuments(DOCUMENTS));

/** The ids of the hits the widget shows for `term`. */
async function widgetSearch(term: string): Promise<string[]> {
  const client = createClient({ siteKey: 'demo', baseUrl: service().baseUrl });
  const answer = await client.search(toSearchParams({ term, page: 1, sort: 'relevance', order: 'desc', filters: {} }, 10));
  return answer.hits.map((hit) => hit.url.replace(/^.*\/(.*)\.html$/, '$1'));
}

describe('long pages: the engine scored their whole text', () => {
  it('puts the long page that holds the word all through before the long page with the shorter title', async () => {
    expect(await widgetSearch('parallelism')).toEqual(['processes', 'threads']);
  });

  it('puts a long page the engine scores above every short page before the short page with the shorter title', async () => {
    expect(await widgetSearch('passwords')).toEqual(['hashes', 'crypt']);
  });

  it('leaves short pages to the title: the shorter title first', async () => {
    expect(await widgetSearch('kettle')).toEqual(['kettle', 'kettle-care']);
  });

  it('leaves a long page scored no higher than the short page to the title', async () => {
    expect(await widgetSearch('teapot')).toEqual(['teapots', 'teapot-history']);
  });
});
