// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { de } from '../ui/messagesDe.ts';
import { GERMAN, german, whenLang } from './loadGerman.ts';

type Slot = { [GERMAN]?: unknown };
const scripts = () => [...document.head.querySelectorAll('script[src$="site-search.de.js"]')];

// Test files share one DOM (isolate: false): leave no script tag for the next one.
afterEach(() => {
  delete (globalThis as Slot)[GERMAN];
  for (const script of scripts()) script.remove();
});

describe('whenLang', () => {
  it('goes on at once for any other language, and without a file to load', () => {
    const then = vi.fn();
    whenLang(null, '/x/site-search.de.js', then);
    whenLang('en', '/x/site-search.de.js', then);
    whenLang('de', undefined, then);
    expect(then).toHaveBeenCalledTimes(3);
    expect(scripts()).toHaveLength(0);
  });

  it('loads site-search.de.js once for German, then goes on with its messages; a failed load goes on too', async () => {
    const first = vi.fn();
    const second = vi.fn();
    whenLang('de', '/x/site-search.de.js', first);
    whenLang('de', '/x/site-search.de.js', second);
    expect(first).not.toHaveBeenCalled();
    const [script] = scripts();
    expect(scripts()).toHaveLength(1);
    expect(script?.getAttribute('src')).toBe('/x/site-search.de.js');
    // What the file does when it runs.
    (globalThis as Slot)[GERMAN] = de;
    script?.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(second).toHaveBeenCalled());
    expect(first).toHaveBeenCalledTimes(1);
    expect(german()).toBe(de);
    // Now here: no waiting, no second script.
    const third = vi.fn();
    whenLang('de', '/x/site-search.de.js', third);
    expect(third).toHaveBeenCalledTimes(1);
    expect(scripts()).toHaveLength(1);
  });
});
