import { mount, type MountedWidget } from '../ui/mount.tsx';
import { whenLang } from './loadGerman.ts';
import { followConsent } from './pageConsent.ts';
import { ATTRIBUTES, readOptions } from './readOptions.ts';

/**
 * `<site-search site-key="KEY" api="https://API_HOST">`: the widget in a shadow root,
 * so the page's CSS stays out and ours stays in. The attributes are the script tag's
 * `data-*` ones without `data-`; changing one updates the widget. `--ss-*` custom
 * properties set on the element theme it; `::part()` names (see the README) reach inside.
 */
export function defineSiteSearch(stylesheet: string | undefined, germanSrc: string | undefined): void {
  if (customElements.get('site-search')) return;
  customElements.define(
    'site-search',
    class SiteSearchElement extends HTMLElement {
      static observedAttributes = ATTRIBUTES;
      widget: MountedWidget | undefined;
      root: HTMLElement | undefined;
      unfollow: (() => void) | undefined;

      connectedCallback() {
        if (!this.root) {
          const shadow = this.attachShadow({ mode: 'open' });
          this.root = document.createElement('div');
          // A <link> is the one way into a shadow root that `style-src 'self'` allows without a hash.
          if (stylesheet) shadow.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: stylesheet }));
          shadow.append(this.root);
        }
        this.attributeChangedCallback();
      }

      disconnectedCallback() {
        this.unfollow?.();
        this.widget?.destroy();
        this.widget = undefined;
      }

      attributeChangedCallback() {
        whenLang(this.getAttribute('lang'), germanSrc, () => {
          if (!this.root || !this.isConnected) return;
          const options = readOptions((name) => this.getAttribute(name));
          if (!options.siteKey || !options.baseUrl) return this.disconnectedCallback();
          if (this.widget) this.widget.update(options);
          else this.unfollow = followConsent((this.widget = mount(this.root, options)));
        });
      }
    },
  );
}
