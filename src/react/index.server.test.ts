import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

describe('SiteSearch (React) on the server', () => {
  // Its first import loads the whole widget, which a loaded machine takes seconds over.
  it('imports without a window and renders only its empty element', async () => {
    expect(typeof window).toBe('undefined');
    const { SiteSearch } = await import('./index.ts');
    expect(renderToString(createElement(SiteSearch, { siteKey: 'demo', baseUrl: 'http://127.0.0.1:8787', className: 'site' }))).toBe(
      '<div class="site"></div>',
    );
  }, 60_000);
});
