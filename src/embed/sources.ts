/**
 * `site-search.sources.js`: the widget of several indices (the `sources` option), which the
 * script loads before it mounts a tag with `data-sources` (loadLanguage.ts `whenLang`). It
 * runs on the script's Preact, signals, widget and client, and on the tracker of
 * `site-search.more.js`, which it reads from them (vite.config.ts). Its tabs' stylesheet,
 * `site-search.sources.css`, is linked beside the widget's own: in the page, or in the
 * shadow root of `<site-search>`.
 */
import '../ui/sourceTabs.css';
import { startSources } from '../ui/startSources.tsx';
import { beside, script } from './scriptUrl.ts';
import { SOURCES_KEY } from './sharedModules.ts';

/** The hash of `site-search.sources.css`; the build writes it in (vite.config.ts). */
declare const __SOURCES_CSS_HASH__: string;

const href = beside('.sources.css');

(globalThis as { [key: symbol]: typeof startSources })[Symbol.for(SOURCES_KEY)] = (target, options) => {
  const root = target.getRootNode() as Document | ShadowRoot;
  const into = root instanceof ShadowRoot ? root : document.head;
  if (href && ![...into.querySelectorAll('link')].some((l) => l.href === href)) {
    const pin = script?.integrity ? { integrity: __SOURCES_CSS_HASH__, crossOrigin: script.crossOrigin } : {};
    into.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href }, pin));
  }
  return startSources(target, options);
};
