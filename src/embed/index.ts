/**
 * The script-tag entry: one self-contained file with Preact inside.
 *
 *   <script src=".../site-search.js" data-site-key="KEY" data-api="https://API_HOST" defer></script>
 *
 * mounts the widget where the script stands, or into `data-target` (a CSS selector).
 * It also exposes `SiteSearch.mount` for pages that mount by hand.
 */
import '../ui/styles.css';
import { mount } from '../ui/mount.tsx';

export { mount };

// `currentScript` is only set while the script runs for the first time, so read it now.
const script = typeof document !== 'undefined' ? (document.currentScript as HTMLScriptElement | null) : null;

function mountFromScript(el: HTMLScriptElement) {
  const { siteKey, api, target: selector, placeholder } = el.dataset;
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
  mount(target, { siteKey, baseUrl: api, ...(placeholder ? { placeholder } : {}) });
}

if (script?.dataset.siteKey !== undefined) {
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', () => mountFromScript(script), { once: true });
  } else mountFromScript(script);
}
