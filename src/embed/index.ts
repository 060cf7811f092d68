/**
 * The script-tag entry: one self-contained file with Preact inside; what it needs only later
 * (the facets, the analytics tracker, the related items) it loads from `site-search.more.js`
 * beside it when that is needed (loadMore.ts).
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
import { mount, type MountedWidget, type MountOptions } from '../ui/mount.tsx';
// The script-tag build swaps this for src/embed/lazyRecommendations.ts (vite.config.ts).
import { mountRecommendations } from '../ui/mountRecommendations.tsx';
import { languageOf, whenLang } from './loadLanguage.ts';
import { followConsent, setConsent } from './pageConsent.ts';
import { ATTRIBUTES, readOptions } from './readOptions.ts';
import { beside, pinned, script } from './scriptUrl.ts';
import { shared } from './shared.ts';
import { SHARED_KEY } from './sharedModules.ts';

export { mount, mountRecommendations, setConsent };

// Lent to site-search.more.js, so that it runs on this file's Preact and client: the first
// copy's, which mounts every widget on the page (below); hooks of another copy's Preact
// would fail inside its components.
(globalThis as { [key: symbol]: unknown })[Symbol.for(SHARED_KEY)] ??= shared;
// The stylesheet is built beside the script, under its name.
const stylesheet = beside('.css');
// What every copy of this file on the page has mounted: the same tag twice mounts once.
const mounted: Set<string> = ((globalThis as { [key: symbol]: Set<string> })[Symbol.for('site-search')] ??= new Set());

/** A `<link>` to the stylesheet, when there is one (there is none when the file is not loaded by a script tag). */
const link = (into: ParentNode) =>
  stylesheet && into.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: stylesheet }, pinned('.css')));

/**
 * Runs `then` with the options of `el`'s attributes (`prefix` + name) once the messages
 * of its language (its `lang` attribute, else the page's) are here, and the part of several
 * indices with a `sources` attribute; with none when the attributes lack the site key or the API.
 */
function withOptions(el: Element, prefix: string, then: (options?: MountOptions) => void) {
  const lang = languageOf(el.getAttribute(prefix + 'lang') ?? document.documentElement.lang);
  whenLang(
    lang,
    () => {
      const options = readOptions((name) => (name === 'lang' ? (lang ?? null) : el.getAttribute(prefix + name)));
      then(options.siteKey && options.baseUrl ? options : undefined);
    },
    // Several indices: their part (site-search.sources.js) comes first.
    el.hasAttribute(prefix + 'sources'),
  );
}

/**
 * `<site-search site-key="KEY" api="https://API_HOST">`: the widget in a shadow root,
 * so the page's CSS stays out and ours stays in. The attributes are the script tag's
 * `data-*` ones without `data-`; changing one updates the widget. `--ss-*` custom
 * properties set on the element theme it; `::part()` names (see the README) reach inside.
 */
class SiteSearchElement extends HTMLElement {
  static observedAttributes = ATTRIBUTES;
  // Declared only: each is set when first needed, so the class carries no field initialisers.
  declare widget: MountedWidget | undefined;
  declare root: HTMLElement | undefined;
  declare unfollow: (() => void) | undefined;

  connectedCallback() {
    if (!this.root) {
      const shadow = this.attachShadow({ mode: 'open' });
      // A <link> is the one way into a shadow root that `style-src 'self'` allows without a hash.
      link(shadow);
      shadow.append((this.root = document.createElement('div')));
    }
    this.attributeChangedCallback();
  }

  disconnectedCallback() {
    this.unfollow?.();
    this.widget?.destroy();
    this.widget = undefined;
  }

  attributeChangedCallback() {
    withOptions(this, '', (options) => {
      if (!this.root || !this.isConnected) return;
      if (!options) this.disconnectedCallback();
      else if (this.widget) this.widget.update(options);
      else this.unfollow = followConsent((this.widget = mount(this.root, options)));
    });
  }
}

function mountFromScript(el: HTMLScriptElement) {
  withOptions(el, 'data-', (options) => {
    const selector = el.dataset.target;
    const key = `${options?.siteKey} ${selector}`;
    if (!options) return console.error('Site Search: the script tag needs data-site-key and data-api attributes.');
    if (mounted.has(key)) return;
    let target: Element | null;
    if (selector) {
      target = document.querySelector(selector);
      if (!target) return console.error(`Site Search: no element matches data-target="${selector}".`);
    } else el.after((target = document.createElement('div')));
    mounted.add(key);
    // The widget in the page itself needs the stylesheet there (the element brings its own).
    if (![...document.querySelectorAll('link')].some((l) => l.href === stylesheet)) link(document.head);
    followConsent(mount(target, options));
  });
}

if (!customElements.get('site-search')) customElements.define('site-search', SiteSearchElement);
// The first copy of this file on the page mounts every widget (as it defines the element),
// a later copy hands its tag over: all of them then share the one Preact that
// site-search.more.js is lent.
const mountTag: typeof mountFromScript = ((globalThis as { [key: symbol]: typeof mountFromScript })[Symbol.for('site-search-mount')] ??= mountFromScript);
const tag = script;
if (tag?.dataset.siteKey !== undefined) {
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', () => mountTag(tag), { once: true });
  } else mountTag(tag);
}
