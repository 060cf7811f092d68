/**
 * The script-tag entry: one self-contained file with Preact inside.
 *
 *   <script src=".../site-search.js" data-site-key="KEY" data-api="https://API_HOST" defer></script>
 *
 * mounts the widget where the script stands, or into `data-target` (a CSS selector),
 * with the options of its other `data-*` attributes (see readOptions.ts and the README).
 * It adds `site-search.css` from beside itself to the page for that widget, defines the
 * `<site-search>` element, and exposes `SiteSearch.mount` and
 * `SiteSearch.mountRecommendations` for pages that mount by hand, and
 * `SiteSearch.setConsent` for the widgets it mounted (with `data-require-consent`).
 */
import '../ui/styles.css';
import { mount } from '../ui/mount.tsx';
import { mountRecommendations } from '../ui/mountRecommendations.tsx';
import { whenLang } from './loadGerman.ts';
import { followConsent, setConsent } from './pageConsent.ts';
import { readOptions } from './readOptions.ts';
import { defineSiteSearch } from './SiteSearchElement.ts';

export { mount, mountRecommendations, setConsent };

// `currentScript` is only set while the script runs for the first time, so read it now.
const script = document.currentScript as HTMLScriptElement | null;
// The stylesheet and the German messages are built beside the script, under its name.
const beside = (ending: string) => script?.src.replace(/\.js(?=[?#]|$)/, ending);
const stylesheet = beside('.css');
const germanSrc = beside('.de.js');
// What every copy of this file on the page has mounted: the same tag twice mounts once.
const mounted: Set<string> = ((globalThis as { [key: symbol]: Set<string> })[Symbol.for('site-search')] ??= new Set());

function mountFromScript(el: HTMLScriptElement) {
  whenLang(el.dataset.lang, germanSrc, () => mountNow(el));
}

function mountNow(el: HTMLScriptElement) {
  const options = readOptions((name) => el.getAttribute(`data-${name}`));
  const selector = el.dataset.target;
  const key = `${options.siteKey} ${selector}`;
  if (!options.siteKey || !options.baseUrl) {
    return console.error('Site Search: the script tag needs data-site-key and data-api attributes.');
  }
  if (mounted.has(key)) return;
  let target: Element | null;
  if (selector) {
    target = document.querySelector(selector);
    if (!target) return console.error(`Site Search: no element matches data-target="${selector}".`);
  } else {
    target = document.createElement('div');
    el.after(target);
  }
  mounted.add(key);
  // The widget in the page itself needs the stylesheet there (the element brings its own).
  if (stylesheet && ![...document.querySelectorAll('link')].some((link) => link.href === stylesheet)) {
    document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: stylesheet }));
  }
  followConsent(mount(target, options));
}

defineSiteSearch(stylesheet, germanSrc);
if (script?.dataset.siteKey !== undefined) {
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', () => mountFromScript(script), { once: true });
  } else mountFromScript(script);
}
