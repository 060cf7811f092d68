// Serves the pages under e2e/pages/ the way a careful site would: with a strict
// Content-Security-Policy header that allows the API and nothing else, the API's
// address put in for `__API__`. The script and stylesheet come from the demo's own
// server (same origin, so `'self'`). Every CSP violation is recorded.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

export const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 18787}`;
/** What a site owner must allow for the widget, exactly as the README says. */
export const CSP = `default-src 'self'; script-src 'self'; style-src 'self'; connect-src ${API}`;
/** And for thumbnails: the inline ones are `data:` URLs (the demo's others come from the page's own origin). */
export const CSP_IMAGES = `${CSP}; img-src 'self' data:`;

/** The `integrity` of a built file under dist/: SHA-384 as a site owner pins the script; the build pins the files beside it with SHA-256. */
export const integrity = (file: string, algorithm: 'sha256' | 'sha384' = 'sha384'): string =>
  `${algorithm}-${createHash(algorithm)
    .update(readFileSync(new URL(`../dist/${file}`, import.meta.url)))
    .digest('base64')}`;

/**
 * Routes `/e2e/pages/<name>.html` to the file with `csp` (and `__INTEGRITY__` as the built script's), also
 * with a query (a reload of a page whose URL holds the search); returns the list of errors and violations, which must stay empty.
 */
export async function servePages(page: Page, csp = CSP_IMAGES): Promise<string[]> {
  const problems: string[] = [];
  // A fulfilled page has no address, so Chromium counts it as public and asks before it
  // reaches the loopback API; a real site's API is public and asks nothing.
  await page.context().grantPermissions(['local-network-access']);
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP: ${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.route(/\/e2e\/pages\/[a-z-]+\.html(\?[^#]*)?$/, (route) => {
    const name = new URL(route.request().url()).pathname.split('/').pop()!;
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      headers: { 'Content-Security-Policy': csp },
      body: readFileSync(new URL(`./pages/${name}`, import.meta.url), 'utf8')
        .replaceAll('__API__', API)
        .replace('__INTEGRITY__', () => integrity('embed/site-search.js')),
    });
  });
  return problems;
}
