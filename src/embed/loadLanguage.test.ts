// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { de } from '../ui/messagesDe.ts';
import { languageOf, messagesOf, MESSAGES, whenLang } from './loadLanguage.ts';
import { MORE, type More } from './loadMore.ts';

type Slot = { [MESSAGES]?: Record<string, unknown>; [MORE]?: More };
const slot = globalThis as Slot;

// The part loaded later stands here as site-search.more.js leaves it on the page, where
// loadMore finds it without loading a script. Not as a module mock: test files share their
// worker's modules (vite.config.ts), and a mock of loadMore.ts does not reach a
// loadLanguage.ts that another file (readOptions.test.ts) loaded first in the same worker.
const loadLanguage = vi.fn<(code: string) => Promise<void>>();
let asked = 0;
beforeEach(() => {
  delete slot[MESSAGES];
  asked = 0;
  const more = { loadLanguage } as unknown as More;
  Object.defineProperty(slot, MORE, { configurable: true, get: () => (asked++, more) });
});
afterEach(() => {
  delete slot[MESSAGES];
  delete slot[MORE];
  loadLanguage.mockReset();
});

describe('languageOf', () => {
  it('takes the first subtag of a language the widget speaks, else none', () => {
    expect(['de', 'pt-BR', 'zh-Hans-CN', 'AR', 'ja', 'fr-CA'].map(languageOf)).toEqual(['de', 'pt', 'zh', 'ar', 'ja', 'fr']);
    expect(['en', 'en-GB', '', null, undefined, 'xx', 'deutsch'].map(languageOf)).toEqual(Array(7).fill(undefined));
  });
});

describe('whenLang', () => {
  it('goes on at once for English and for a language already here', () => {
    const then = vi.fn();
    whenLang(undefined, then);
    slot[MESSAGES] = { de };
    whenLang('de', then);
    expect(then).toHaveBeenCalledTimes(2);
    expect(asked).toBe(0);
  });

  it('loads the language’s file through the part loaded later, then goes on; a failure goes on in English', async () => {
    loadLanguage.mockImplementation(async (code) => {
      slot[MESSAGES] = { [code]: { ...de, locale: code } };
    });
    const then = vi.fn();
    whenLang('fr', then);
    await vi.waitFor(() => expect(then).toHaveBeenCalledTimes(1));
    expect(loadLanguage).toHaveBeenCalledWith('fr');
    expect(messagesOf('fr')?.locale).toBe('fr');
    loadLanguage.mockRejectedValue(new Error('offline'));
    whenLang('ja', then);
    await vi.waitFor(() => expect(then).toHaveBeenCalledTimes(2));
    expect(messagesOf('ja')).toBeUndefined();
  });
});
