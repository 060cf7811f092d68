import { createSSRApp, h } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { describe, expect, it } from 'vitest';

describe('SiteSearch (Vue) on the server', () => {
  // Its first import loads the whole widget, which a loaded machine takes seconds over.
  it('imports without a window and renders only its empty element', async () => {
    expect(typeof window).toBe('undefined');
    const { SiteSearch } = await import('./index.ts');
    const app = createSSRApp({ render: () => h(SiteSearch, { siteKey: 'demo', baseUrl: 'http://127.0.0.1:8787', class: 'site' }) });
    expect(await renderToString(app)).toBe('<div class="site"></div>');
  }, 60_000);
});
