import type { Messages } from '../ui/messages.ts';
import { LANGUAGES } from './languages.ts';
import { loadMore } from './loadMore.ts';

/** Where each language's file leaves its messages, by code. */
export const MESSAGES = Symbol.for('site-search-messages');

type Slot = { [MESSAGES]?: Record<string, Messages> };

/** The language the widget speaks for a page or attribute `lang` (`pt-BR` is `pt`): a code of LANGUAGES, else none (English). */
export function languageOf(lang: string | null | undefined): string | undefined {
  const code = lang?.split('-')[0]!.toLowerCase();
  return code && LANGUAGES.split(' ').includes(code) ? code : undefined;
}

/** The messages of language `code` once its file has run. */
export const messagesOf = (code: string | undefined): Messages | undefined => (code ? (globalThis as Slot)[MESSAGES]?.[code] : undefined);

/**
 * Runs `then` once the messages of language `code` are here, and with `sources` the widget of
 * several indices (`site-search.sources.js`): at once for English or a language already
 * loaded; else after loading their files, whose hashes are in `site-search.more.js` (loaded
 * first, as it is with the first search anyway). If a language fails to load, `then` still
 * runs and the widget speaks English.
 */
export function whenLang(code: string | undefined, then: () => void, sources?: boolean): void {
  if ((!code || messagesOf(code)) && !sources) return then();
  loadMore()
    .then((more) => Promise.all([code && more.loadLanguage(code), sources && more.loadSources()]))
    .then(then, then);
}
