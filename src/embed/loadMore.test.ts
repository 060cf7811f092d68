// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { loadMore, MORE, type More } from './loadMore.ts';

type Slot = { [MORE]?: More };
const scripts = (src: string) => [...document.head.querySelectorAll(`script[src="${src}"]`)];
const more = { createTracker: () => null, loadRelated: () => null, FacetPanel: () => null } as unknown as More;

// Test files share one DOM (isolate: false): leave no script tag for the next one.
afterEach(() => {
  delete (globalThis as Slot)[MORE];
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

describe('loadMore', () => {
  it('adds the file once for every caller, and answers what it left on the page', async () => {
    const first = loadMore('/a/site-search.more.js');
    const second = loadMore('/a/site-search.more.js');
    expect(scripts('/a/site-search.more.js')).toHaveLength(1);
    (globalThis as Slot)[MORE] = more;
    scripts('/a/site-search.more.js')[0]!.dispatchEvent(new Event('load'));
    expect(await first).toBe(more);
    expect(await second).toBe(more);
    // Here already: nothing more is added.
    expect(await loadMore('/b/site-search.more.js')).toBe(more);
    expect(scripts('/b/site-search.more.js')).toHaveLength(0);
  });

  it('says so when the file cannot be had, did not run, or has no address', async () => {
    const failed = loadMore('/c/site-search.more.js');
    scripts('/c/site-search.more.js')[0]!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toBeDefined();
    const empty = loadMore('/d/site-search.more.js');
    scripts('/d/site-search.more.js')[0]!.dispatchEvent(new Event('load'));
    await expect(empty).rejects.toThrow('Site Search: /d/site-search.more.js did not run.');
    await expect(loadMore(undefined)).rejects.toThrow(/beside the script tag/);
  });
});
