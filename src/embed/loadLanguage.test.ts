// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { de } from '../ui/messagesDe.ts';
import type { More } from './loadMore.ts';

const loadLanguage = vi.fn<(code: string) => Promise<void>>();
const loadMore = vi.fn(async () => ({ loadLanguage }) as unknown as More);
vi.mock('./loadMore.ts', () => ({ loadMore }));
const { languageOf, messagesOf, MESSAGES, whenLang } = await import('./loadLanguage.ts');

type Slot = { [MESSAGES]?: Record<string, unknown> };
// Test files share their worker's globals and modules (vite.config.ts): each test starts
// with no language loaded and this file's stand-in for the part loaded later.
beforeEach(() => {
  delete (globalThis as Slot)[MESSAGES];
  loadMore.mockImplementation(async () => ({ loadLanguage }) as unknown as More);
});
afterEach(() => {
  delete (globalThis as Slot)[MESSAGES];
  loadLanguage.mockReset();
  loadMore.mockClear();
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
    (globalThis as Slot)[MESSAGES] = { de };
    whenLang('de', then);
    expect(then).toHaveBeenCalledTimes(2);
    expect(loadMore).not.toHaveBeenCalled();
  });

  it('loads the language’s file through the part loaded later, then goes on; a failure goes on in English', async () => {
    loadLanguage.mockImplementation(async (code) => {
      (globalThis as Slot)[MESSAGES] = { [code]: { ...de, locale: code } };
    });
    const then = vi.fn();
    whenLang('fr', then);
    await vi.waitFor(() => expect(then).toHaveBeenCalledTimes(1));
    // What the worker held, should the file not have been asked for.
    const held = `loadMore called ${loadMore.mock.calls.length} times; languages here: ${Object.keys((globalThis as Slot)[MESSAGES] ?? {}).join(' ')}`;
    expect(loadLanguage, held).toHaveBeenCalledWith('fr');
    expect(messagesOf('fr')?.locale).toBe('fr');
    loadLanguage.mockRejectedValue(new Error('offline'));
    whenLang('ja', then);
    await vi.waitFor(() => expect(then).toHaveBeenCalledTimes(2));
    expect(messagesOf('ja')).toBeUndefined();
  });
});
