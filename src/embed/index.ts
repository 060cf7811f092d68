/**
 * The script-tag entry: one self-contained file with Preact inside.
 *
 *   <script src=".../site-search.js" data-site-key="KEY" data-api="https://API_HOST" defer></script>
 *
 * mounts the widget where the script stands, or into `data-target` (a CSS selector).
 * `data-layout="overlay"`, `data-theme`, `data-url` (the query-string prefix; empty for
 * none) and `data-config` (JSON of any other `mount` option, e.g. facets) are optional.
 * It also exposes `SiteSearch.mount` for pages that mount by hand, and
 * `SiteSearch.mountRecommendations(target, { siteKey, baseUrl, configurationKey, itemId })`
 * for a row of related items.
 */
import '../ui/styles.css';
import { mount, type MountOptions } from '../ui/mount.tsx';
import { mountRecommendations } from '../ui/mountRecommendations.tsx';

export { mount, mountRecommendations };

// `currentScript` is only set while the script runs for the first time, so read it now.
const script = typeof document !== 'undefined' ? (document.currentScript as HTMLScriptElement | null) : null;

function mountFromScript(el: HTMLScriptElement) {
  const { siteKey, api, target: selector, placeholder, layout, theme, url, config } = el.dataset;
  if (!siteKey || !api) {
    console.error('Site Search: the script tag needs data-site-key and data-api attributes.');
    return;
  }
  let target: Element | null;
  if (selector) {
    target = document.querySelector(selector);
    if (!target) return console.error(`Site Search: no element matches data-target="${selector}".`);
  } else {
    target = document.createElement('div');
    el.after(target);
  }
  let extra: Partial<MountOptions> = {};
  try {
    if (config) extra = JSON.parse(config) as Partial<MountOptions>;
  } catch {
    console.error('Site Search: data-config is not valid JSON; it is ignored.');
  }
  mount(target, {
    ...extra,
    siteKey,
    baseUrl: api,
    ...(placeholder ? { placeholder } : {}),
    ...(layout === 'overlay' ? { layout } : {}),
    ...(theme === 'light' || theme === 'dark' ? { theme } : {}),
    ...(url !== undefined ? { url: { prefix: url } } : {}),
  });
}

if (script?.dataset.siteKey !== undefined) {
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', () => mountFromScript(script), { once: true });
  } else mountFromScript(script);
}
