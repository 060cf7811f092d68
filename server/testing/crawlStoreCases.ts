/**
 * The crawl store's cases (engine/crawlStore.ts), run on each engine by its own test file
 * (engine/sqliteCrawlStore.test.ts, engine/postgresCrawlStore.test.ts), so both answer alike.
 */
import { describe, expect, it } from 'vitest';
import type { CrawlStore } from '../engine/crawlStore.ts';

const LEASE = 60_000;

function entry(url: string, depth = 0, foundFrom: string | null = null) {
  return { url, depth, foundFrom };
}

/** `fresh` gives the store of an empty index each time. */
export function crawlStoreCases(fresh: () => Promise<CrawlStore>): void {
  describe('crawl jobs', () => {
    it('keeps one crawl queued or running at a time, and lists the recent first', async () => {
      const store = await fresh();
      expect(await store.create('c1', '{"start":["a"]}', 1000)).toEqual({ ok: true });
      expect(await store.create('c2', '{}', 1001)).toEqual({ ok: false, active: 'c1' });
      expect(await store.setState('c1', 'running', 1500)).toBe(true);
      expect(await store.create('c2', '{}', 1600)).toEqual({ ok: false, active: 'c1' });
      expect(await store.setState('c1', 'done', 2000)).toBe(true);
      // An ended crawl stays ended.
      expect(await store.setState('c1', 'cancelled', 2100)).toBe(false);
      expect(await store.create('c2', '{}', 3000)).toEqual({ ok: true });
      expect((await store.active())?.id).toBe('c2');
      const c1 = await store.get('c1');
      expect(c1).toMatchObject({ id: 'c1', state: 'done', options: '{"start":["a"]}', createdAt: 1000, startedAt: 1500, endedAt: 2000, error: null });
      expect((await store.list(10)).map((c) => c.id)).toEqual(['c2', 'c1']);
      expect(await store.setState('c2', 'failed', 3500, 'no start URL could be read')).toBe(true);
      expect(await store.get('c2')).toMatchObject({ state: 'failed', error: 'no start URL could be read' });
      // An id taken by an ended crawl stands: a schedule's crawl is made once.
      expect(await store.create('c1', '{}', 4000)).toEqual({ ok: false, active: 'c1' });
      expect(await store.active()).toBeNull();
      expect(await store.get('nope')).toBeNull();
      await store.saveBlocks('c1', '{"pages":3}');
      expect((await store.get('c1'))?.blocks).toBe('{"pages":3}');
    });
  });

  describe('the frontier', () => {
    it('adds each URL once, claims shallowest first in the order found, and counts outcomes', async () => {
      const store = await fresh();
      await store.create('c', '{}', 0);
      expect(await store.enqueue('c', [entry('https://s/'), entry('https://s/b', 1, 'https://s/'), entry('https://s/a', 1, 'https://s/')])).toEqual([
        'https://s/',
        'https://s/b',
        'https://s/a',
      ]);
      expect(await store.enqueue('c', [entry('https://s/a', 2), entry('https://s/c', 2)])).toEqual(['https://s/c']);
      expect(await store.settle('c', [{ ...entry('https://other/', 1, 'https://s/'), outcome: 'excluded', reason: 'out of scope' }])).toEqual([
        'https://other/',
      ]);
      // Settling a URL already found changes nothing.
      expect(await store.settle('c', [{ ...entry('https://s/c', 1), outcome: 'excluded', reason: 'trap' }])).toEqual([]);
      const first = await store.claim('c', 'w1', 2, 10, 10 + LEASE);
      expect(first.map((e) => e.url)).toEqual(['https://s/', 'https://s/b']);
      expect(first[1]).toEqual(entry('https://s/b', 1, 'https://s/'));
      const second = await store.claim('c', 'w2', 10, 10, 10 + LEASE);
      expect(second.map((e) => e.url)).toEqual(['https://s/a', 'https://s/c']);
      expect(await store.claim('c', 'w3', 10, 10, 10 + LEASE)).toEqual([]);
      await store.finish('c', 'https://s/', { outcome: 'indexed' }, 20, true);
      await store.finish('c', 'https://s/b', { outcome: 'failed', reason: 'not found' }, 21, true);
      await store.finish('c', 'https://s/a', { outcome: 'excluded', reason: 'noindex' }, 22, true);
      expect(await store.counts('c')).toEqual({
        found: 5,
        pending: 1,
        fetched: 3,
        indexed: 1,
        unchanged: 0,
        excluded: { 'out of scope': 1, noindex: 1 },
        failed: { 'not found': 1 },
      });
      expect(await store.samples('c', 5)).toEqual({
        excluded: { noindex: ['https://s/a'], 'out of scope': ['https://other/'] },
        failed: { 'not found': ['https://s/b'] },
      });
      const page = await store.urls('c', { outcome: 'excluded' }, 0, 10);
      expect(page.map((u) => [u.url, u.reason])).toEqual([
        ['https://s/a', 'noindex'],
        ['https://other/', 'out of scope'],
      ]);
      expect(page[0]).toMatchObject({ state: 'done', outcome: 'excluded', fetchedAt: 22, depth: 1, foundFrom: 'https://s/' });
      expect(page[1]?.fetchedAt).toBeNull();
      expect((await store.urls('c', { reason: 'noindex' }, 0, 10)).map((u) => u.url)).toEqual(['https://s/a']);
      expect((await store.urls('c', {}, 1, 2)).map((u) => u.url)).toEqual(['https://s/b', 'https://s/a']);
    });

    it('gives a claim back to the queue when released, or once its lease ran out', async () => {
      const store = await fresh();
      await store.create('c', '{}', 0);
      await store.enqueue('c', [entry('https://s/1'), entry('https://s/2'), entry('https://s/3')]);
      expect((await store.claim('c', 'w1', 3, 0, 100)).map((e) => e.url)).toEqual(['https://s/1', 'https://s/2', 'https://s/3']);
      await store.release('c', 'w1', ['https://s/2']);
      expect((await store.claim('c', 'w2', 3, 50, 150)).map((e) => e.url)).toEqual(['https://s/2']);
      // w1's lease ends at 100: its claims are taken by another after it.
      expect(await store.claim('c', 'w2', 3, 99, 199)).toEqual([]);
      expect((await store.claim('c', 'w2', 3, 101, 201)).map((e) => e.url)).toEqual(['https://s/1', 'https://s/3']);
      await store.release('c', null);
      expect((await store.claim('c', 'w3', 5, 102, 202)).map((e) => e.url)).toEqual(['https://s/1', 'https://s/2', 'https://s/3']);
    });

    it('adopts a URL not yet found as claimed, and only such a URL', async () => {
      const store = await fresh();
      await store.enqueue('c', [entry('https://s/old')]);
      expect(await store.adopt('c', entry('https://s/new', 0, 'https://s/old'), 'w1', 100)).toBe(true);
      expect(await store.adopt('c', entry('https://s/old', 0), 'w1', 100)).toBe(false);
      expect((await store.claim('c', 'w2', 5, 0, 1000)).map((e) => e.url)).toEqual(['https://s/old']);
      expect((await store.claim('c', 'w2', 5, 101, 200)).map((e) => e.url)).toEqual(['https://s/new']);
    });

    it('keeps the frontiers of crawls apart', async () => {
      const store = await fresh();
      await store.create('a', '{}', 0);
      await store.enqueue('a', [entry('https://s/')]);
      expect(await store.enqueue('b', [entry('https://s/')])).toEqual(['https://s/']);
      expect((await store.claim('a', 'w', 5, 0, 10)).map((e) => e.url)).toEqual(['https://s/']);
      expect((await store.counts('b')).pending).toBe(1);
    });

    it('tells what a crawl indexed new or changed, and the URLs it failed on that the previous did not', async () => {
      const store = await fresh();
      const run = async (crawl: string, outcomes: Array<[string, Parameters<CrawlStore['finish']>[2]]>) => {
        await store.enqueue(
          crawl,
          outcomes.map(([url]) => entry(url)),
        );
        await store.claim(crawl, 'w', 100, 0, LEASE);
        for (const [url, outcome] of outcomes) await store.finish(crawl, url, outcome, 1, true);
      };
      await run('c1', [
        ['https://s/a', { outcome: 'indexed', reason: 'new' }],
        ['https://s/b', { outcome: 'failed', reason: 'server error' }],
        ['https://s/c', { outcome: 'indexed', reason: 'new' }],
      ]);
      expect(await store.change('c1', null, 10)).toEqual({ added: 2, changed: 0, newFailures: 1, newFailureSamples: ['https://s/b'] });
      await run('c2', [
        ['https://s/a', { outcome: 'indexed', reason: 'changed' }],
        ['https://s/b', { outcome: 'failed', reason: 'timeout' }],
        ['https://s/c', { outcome: 'failed', reason: 'server error' }],
        ['https://s/d', { outcome: 'failed', reason: 'not found' }],
        ['https://s/e', { outcome: 'indexed' }],
      ]);
      expect(await store.change('c2', 'c1', 10)).toEqual({ added: 0, changed: 1, newFailures: 2, newFailureSamples: ['https://s/c', 'https://s/d'] });
      expect(await store.change('c2', 'c1', 1)).toMatchObject({ newFailures: 2, newFailureSamples: ['https://s/c'] });
    });

    it('finds duplicate content by its hash', async () => {
      const store = await fresh();
      expect(await store.takeContent('c', 'h1', 'https://s/a')).toBe('https://s/a');
      expect(await store.takeContent('c', 'h1', 'https://s/b')).toBe('https://s/a');
      expect(await store.takeContent('c', 'h2', 'https://s/b')).toBe('https://s/b');
      expect(await store.takeContent('d', 'h1', 'https://s/b')).toBe('https://s/b');
    });
  });

  describe('pages found unchanged', () => {
    it('records a batch at once: the content hashes taken, what was read again kept, and the outcomes', async () => {
      const store = await fresh();
      await store.create('c', '{}', 0);
      await store.keepPage({ url: 'https://s/b', etag: '"1"', lastModified: null, hash: 'hb', links: [] });
      await store.countFailures(['https://s/b'], 50);
      await store.enqueue('c', [entry('https://s/a'), entry('https://s/b'), entry('https://s/c'), entry('https://s/d')]);
      await store.claim('c', 'w', 10, 0, LEASE);
      expect(await store.takeContent('c', 'hc', 'https://s/x')).toBe('https://s/x');
      await store.finishUnchanged('c', [
        // Skipped by its lastmod: not fetched, nothing read.
        { url: 'https://s/a', hash: 'ha', kept: null, fetched: false, now: 100 },
        // Read again, the same text: its new validators kept, its run of failures ended.
        {
          url: 'https://s/b',
          hash: null,
          kept: { url: 'https://s/b', etag: '"2"', lastModified: null, hash: 'hb', links: ['https://s/a'] },
          fetched: true,
          now: 101,
        },
        // A 304 whose content another URL holds already: that one keeps it.
        { url: 'https://s/c', hash: 'hc', kept: null, fetched: true, now: 102 },
      ]);
      await store.finishUnchanged('c', []);
      expect(await store.counts('c')).toMatchObject({ found: 4, pending: 1, fetched: 2, unchanged: 3 });
      expect((await store.urls('c', { outcome: 'unchanged' }, 0, 10)).map((u) => [u.url, u.state, u.fetchedAt])).toEqual([
        ['https://s/a', 'done', null],
        ['https://s/b', 'done', 101],
        ['https://s/c', 'done', 102],
      ]);
      expect(await store.takeContent('c', 'ha', 'https://s/y')).toBe('https://s/a');
      expect(await store.takeContent('c', 'hc', 'https://s/y')).toBe('https://s/x');
      expect(await store.page('https://s/b')).toEqual({
        url: 'https://s/b',
        etag: '"2"',
        lastModified: null,
        hash: 'hb',
        links: ['https://s/a'],
        failures: 0,
        firstFailureAt: null,
      });
      // The claim is over: nothing is claimed again once the lease ends.
      expect((await store.claim('c', 'w2', 10, LEASE + 1, 2 * LEASE)).map((e) => e.url)).toEqual(['https://s/d']);
    });
  });

  describe('sitemap lastmod per host', () => {
    it("merges every process's verdicts: a host untrusted once stays so, whoever wrote last", async () => {
      const store = await fresh();
      expect(await store.lastmodVerdicts('c')).toEqual([]);
      // Two processes of one crawl, each with what it found.
      await store.judgeLastmod('c', [
        { host: 'https://a', trusted: true },
        { host: 'https://b', trusted: false },
      ]);
      await store.judgeLastmod('c', [
        { host: 'https://b', trusted: true },
        { host: 'https://c', trusted: true },
        { host: 'https://a', trusted: false },
        { host: 'https://c', trusted: true },
      ]);
      await store.judgeLastmod('d', [{ host: 'https://a', trusted: true }]);
      expect(await store.lastmodVerdicts('c')).toEqual([
        { host: 'https://a', trusted: false },
        { host: 'https://b', trusted: false },
        { host: 'https://c', trusted: true },
      ]);
      expect(await store.lastmodVerdicts('d')).toEqual([{ host: 'https://a', trusted: true }]);
    });
  });

  describe('pages kept across crawls', () => {
    it('keeps validators and links, counts runs of failures, judges pages by a crawl, and holds removals', async () => {
      const store = await fresh();
      expect(await store.page('https://s/a')).toBeNull();
      await store.keepPage({ url: 'https://s/a', etag: '"1"', lastModified: null, hash: 'h', links: ['https://s/b'] });
      await store.keepPage({ url: 'https://s/b', etag: null, lastModified: 'Mon, 01 Jan 2024 00:00:00 GMT', hash: 'g', links: [] });
      await store.countFailures(['https://s/a'], 100);
      await store.countFailures(['https://s/a'], 200);
      expect(await store.page('https://s/a')).toEqual({
        url: 'https://s/a',
        etag: '"1"',
        lastModified: null,
        hash: 'h',
        links: ['https://s/b'],
        failures: 2,
        firstFailureAt: 100,
      });
      expect(await store.create('c', '{}', 1000)).toEqual({ ok: true });
      await store.enqueue('c', [entry('https://s/a')]);
      await store.claim('c', 'w', 10, 1000, 1000 + LEASE);
      await store.finish('c', 'https://s/a', { outcome: 'failed', reason: 'server error' }, 1100, true);
      expect(await store.verdicts('c', '', 10)).toEqual([
        { url: 'https://s/a', outcome: 'failed', reason: 'server error', failures: 2, firstFailureAt: 100 },
        { url: 'https://s/b', outcome: null, reason: null, failures: 0, firstFailureAt: null },
      ]);
      expect((await store.verdicts('c', 'https://s/a', 10)).map((v) => v.url)).toEqual(['https://s/b']);
      // Answering again ends the run.
      await store.keepPage({ url: 'https://s/a', etag: '"2"', lastModified: null, hash: 'h2', links: [] });
      expect(await store.page('https://s/a')).toMatchObject({ etag: '"2"', failures: 0, firstFailureAt: null });

      await store.addRemovals('c', [{ url: 'https://s/b', reason: 'no longer linked', state: 'held' }]);
      expect(await store.setState('c', 'held', 2000)).toBe(true);
      expect(await store.removalCounts('c')).toEqual({ removed: 0, held: 1, discarded: 0 });
      expect(await store.removals('c', 'held', 0, 10)).toEqual([{ url: 'https://s/b', reason: 'no longer linked', state: 'held' }]);
      await store.setRemovals('c', 'held', 'removed');
      await store.forgetPages(['https://s/b']);
      expect(await store.page('https://s/b')).toBeNull();
      expect(await store.endHeld('c', 3000)).toBe(true);
      expect(await store.endHeld('c', 3000)).toBe(false);
      expect(await store.get('c')).toMatchObject({ state: 'done', endedAt: 3000 });
      expect(await store.removals('c', undefined, 0, 10)).toEqual([{ url: 'https://s/b', reason: 'no longer linked', state: 'removed' }]);
    });
  });
}
