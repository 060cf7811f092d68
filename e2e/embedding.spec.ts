// The ways in (npm run build first): the script tag alone and twice, the custom element
// on a hostile page, two widgets with their own indices, the JS API, mount and destroy a
// hundred times, and the npm example app. Every page here is served with the strict CSP
// of servePage.ts, and any violation or console error fails the test.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { scaled } from './loadScale.ts';
import { axe } from './axe.ts';
import { itemWithRelated } from './relatedItem.ts';
import { API, CSP, CSP_IMAGES, integrity, servePages } from './servePage.ts';
import { saveScreenshot } from './screenshot.ts';

interface SiteSearchApi {
  mount(target: Element, options: Record<string, unknown>): { search(term: string): void; update(o: Record<string, unknown>): void; destroy(): void };
  mountRecommendations(target: Element, options: Record<string, unknown>): { destroy(): void };
}
declare const SiteSearch: SiteSearchApi;

/** Runs a Node script with `args`; rejects with what it printed when it fails (tsc prints its errors on stdout). */
const runNode = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  new Promise<void>((resolve, reject) => {
    execFile(process.execPath, args, { env: { ...process.env, ...env } }, (error, stdout, stderr) =>
      error ? reject(new Error(`${args[0]} failed: ${stdout}${stderr}`, { cause: error })) : resolve(),
    );
  });

const shot = (page: Page, name: string) => saveScreenshot(page, { path: `e2e/artifacts/screenshots/${name}.png`, fullPage: true });

test('a plain page with only the deferred script tag: mounts where it stands, in German, with facets and sorts', async ({ page }) => {
  const problems = await servePages(page);
  await page.goto('/e2e/pages/plain.html');
  // Where the script stands: between the heading and the paragraph after it.
  await expect(page.locator('h1 + script + div:has(> .ss-widget) + #after')).toHaveCount(1);
  // The German messages came from their own file beside the script, loaded by the part
  // loaded later (which pins it), and no other language's file.
  await expect(page.locator('script[src$="/dist/embed/site-search.de.js"]')).toHaveCount(1);
  await expect(page.locator('script[src*="/dist/embed/site-search."][src$=".js"]')).toHaveCount(3);
  const more = page.locator('script[src$="/dist/embed/site-search.more.js"]');
  const box = page.getByRole('combobox', { name: 'Suche' });
  await box.fill('grid');
  await box.press('Enter');
  await expect(
    page
      .getByRole('list', { name: /Suchergebnisse|Ergebnisse/ })
      .getByRole('listitem')
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('group', { name: 'Bereich' })).toBeVisible();
  await expect(more).toHaveCount(1);
  // And they filter: a value chosen becomes a chip, and the count follows it.
  const stats = page.locator('.ss-stats [role="status"]');
  const before = await stats.textContent();
  const value = page.getByRole('group', { name: 'Bereich' }).getByRole('checkbox').first();
  const label = (await value.evaluate((el) => el.closest('label')?.querySelector('.ss-grow')?.textContent)) ?? '';
  await value.check();
  await expect(page.getByRole('button', { name: new RegExp(`Bereich: ${label}`) })).toBeVisible();
  await expect(stats).not.toHaveText(before ?? '');
  await expect(page.getByRole('combobox', { name: 'Sortieren nach' }).locator('option', { hasText: 'Erstes Jahr' })).toHaveCount(2);
  // The script brought its stylesheet: the field has the widget's rounded border.
  expect(await page.locator('.ss-box').evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe('12px');
  // The page's h2 style does not reach the result titles.
  const title = page.locator('.ss-hit-title').first();
  expect(await title.evaluate((el) => [getComputedStyle(el).textTransform, getComputedStyle(el).letterSpacing])).toEqual(['none', 'normal']);
  await shot(page, 'embed-plain');
  expect(problems).toEqual([]);
});

test('on a phone the facets loaded later open in their full-screen panel and give the focus back', async ({ page }) => {
  const problems = await servePages(page);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/e2e/pages/plain.html');
  const box = page.getByRole('combobox', { name: 'Suche' });
  await box.fill('grid');
  await box.press('Enter');
  const toggle = page.getByRole('button', { name: /^Filter/ });
  await toggle.click();
  const panel = page.getByRole('dialog', { name: 'Filter' });
  await panel.getByRole('checkbox').first().check();
  await expect(panel.getByRole('button', { name: /Ergebnisse? anzeigen/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'Filter, 1 aktiv' })).toBeFocused();
  await shot(page, 'embed-phone-filters');
  expect(problems).toEqual([]);
});

test('on a phone the results do not move when the facets come after them', async ({ page }) => {
  const problems = await servePages(page);
  await page.setViewportSize({ width: 390, height: 800 });
  // The facets' file is held back until the results are on screen.
  let release!: () => void;
  const held = new Promise<void>((done) => (release = done));
  await page.route('**/dist/embed/site-search.more.js', async (route) => {
    await held;
    await route.continue();
  });
  // In English: a page in another language needs that file first, for its words.
  await page.goto('/e2e/pages/english.html');
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.fill('grid');
  await box.press('Enter');
  const first = page.locator('.ss-hit').first();
  await expect(first).toBeVisible();
  const toggle = page.getByRole('button', { name: /^Filters/ });
  await expect(toggle).toBeDisabled();
  const top = (await first.boundingBox())?.y;
  release();
  await expect(toggle).toBeEnabled();
  expect((await first.boundingBox())?.y).toBe(top);
  expect(problems).toEqual([]);
});

/** The built files byte for byte, as a static host serves them (the demo's dev server adds their source maps inline). */
const serveBuiltFiles = (page: Page) =>
  page.route(/\/dist\/embed\/[a-z.-]+$/, (route) => route.fulfill({ path: `dist/embed/${new URL(route.request().url()).pathname.split('/').pop()}` }));

test('a script pinned with integrity pins the stylesheet, the German messages and the facets it loads', async ({ page }) => {
  const problems = await servePages(page);
  await serveBuiltFiles(page);
  await page.goto('/e2e/pages/pinned.html');
  const box = page.getByRole('combobox', { name: 'Suche' });
  await box.fill('grid');
  await box.press('Enter');
  await expect(page.getByRole('group', { name: 'Bereich' })).toBeVisible();
  expect(await page.locator('.ss-box').evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe('12px');
  // Each file is pinned by its own SHA-256, as the build wrote it into the script.
  for (const [selector, file] of [
    ['link[href$="/site-search.css"]', 'site-search.css'],
    ['script[src$="/site-search.de.js"]', 'site-search.de.js'],
    ['script[src$="/site-search.more.js"]', 'site-search.more.js'],
  ] as const) {
    await expect(page.locator(selector)).toHaveAttribute('integrity', integrity(`embed/${file}`, 'sha256'));
    await expect(page.locator(selector)).toHaveAttribute('crossorigin', 'anonymous');
  }
  expect(problems).toEqual([]);
});

test('on a pinned page, related items mounted by hand come in their own file, pinned by its hash', async ({ page, request }) => {
  const problems = await servePages(page);
  await serveBuiltFiles(page);
  const { id: itemId, title } = await itemWithRelated(request);
  await page.goto('/e2e/pages/pinned.html');
  await page.waitForFunction(() => 'SiteSearch' in window);
  const related = page.locator('script[src$="/site-search.related.js"]');
  await expect(related).toHaveCount(0);
  await page.evaluate(
    ([api, id, name]) =>
      SiteSearch.mountRecommendations(document.body.appendChild(document.createElement('div')), {
        siteKey: 'demo',
        baseUrl: api,
        configurationKey: 'related',
        itemId: id,
        title: `Related to ${name}`,
        analytics: false,
      }),
    [API, itemId, title],
  );
  await expect(
    page
      .getByRole('region', { name: `Related to ${title}` })
      .getByRole('link')
      .first(),
  ).toBeVisible();
  await expect(related).toHaveAttribute('integrity', integrity('embed/site-search.related.js', 'sha256'));
  await expect(related).toHaveAttribute('crossorigin', 'anonymous');
  expect(problems).toEqual([]);
});

test('a file changed on its way to a pinned page does not run; the results stay', async ({ page }) => {
  const problems = await servePages(page);
  await serveBuiltFiles(page);
  await page.route('**/dist/embed/site-search.more.js', async (route) => {
    const body = `${readFileSync('dist/embed/site-search.more.js', 'utf8')}\nglobalThis.changed = true;`;
    await route.fulfill({ contentType: 'text/javascript', body });
  });
  await page.goto('/e2e/pages/pinned.html');
  // Without that file, no German either (it pins the German file): the widget speaks English.
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.fill('grid');
  await box.press('Enter');
  await expect(page.locator('.ss-hit').first()).toBeVisible();
  await expect.poll(() => problems.some((p) => p.includes('site-search.more.js') && p.includes('integrity'))).toBe(true);
  expect(await page.evaluate(() => (globalThis as { changed?: boolean }).changed)).toBeUndefined();
  await expect(page.getByRole('group', { name: 'Bereich' })).toHaveCount(0);
  await expect(page.locator('.ss-hit').first()).toBeVisible();
});

test('under Trusted Types the script loads its German words and facets through its own policy', async ({ page }) => {
  const problems = await servePages(page, `${CSP_IMAGES}; require-trusted-types-for 'script'; trusted-types site-search`);
  await page.goto('/e2e/pages/plain.html');
  const box = page.getByRole('combobox', { name: 'Suche' });
  await box.fill('grid');
  await box.press('Enter');
  await expect(page.getByRole('group', { name: 'Bereich' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('a page whose Trusted Types list leaves the policy out still gets results, in English and without facets', async ({ page }) => {
  const problems = await servePages(page, `${CSP_IMAGES}; require-trusted-types-for 'script'; trusted-types 'none'`);
  await page.goto('/e2e/pages/plain.html');
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.fill('grid');
  await box.press('Enter');
  await expect(page.locator('.ss-hit').first()).toBeVisible();
  await expect(page.getByRole('group', { name: /Area|Bereich/ })).toHaveCount(0);
  // The browser reports what it refused; nothing else goes wrong.
  expect(problems.length).toBeGreaterThan(0);
  for (const problem of problems) expect(problem).toMatch(/trusted-types|TrustedScriptURL/i);
});

test('auto on a dark system: a page without a dark look keeps the light colours, a page with one goes dark', async ({ page }) => {
  const problems = await servePages(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  const text = () => page.locator('.ss-widget').evaluate((el) => getComputedStyle(el).color);
  // A plain page: the browser shows it white, so dark text (#1b1f24), not the dark theme's light text.
  await page.goto('/e2e/pages/twice.html');
  await expect(page.locator('.ss-widget')).toHaveClass(/ss-on-light/);
  expect(await text()).toBe('rgb(27, 31, 36)');
  await page.getByRole('combobox', { name: 'Search' }).fill('flex');
  await expect(page.locator('.ss-hit').first()).toBeVisible();
  // The dropdown too: a light layer, not the dark theme's.
  expect(await page.locator('.ss-suggest').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
  await shot(page, 'embed-auto-dark-system-light-page');
  // Loaded on a light system, where a site's colours on the root reach the widget; the
  // system turning dark later still leaves dark text on the white page.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/e2e/pages/twice.html');
  await page.evaluate(() => document.documentElement.style.setProperty('--ss-text', 'rgb(1, 2, 3)'));
  expect(await text()).toBe('rgb(1, 2, 3)');
  await page.evaluate(() => document.documentElement.style.removeProperty('--ss-text'));
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await text()).toBe('rgb(27, 31, 36)');
  // A page whose color-scheme meta tag offers dark: the widget follows the system.
  await page.goto('/e2e/pages/dark-look.html');
  await expect(page.locator('.ss-widget')).toHaveClass(/ss-auto/);
  expect(await text()).toBe('rgb(230, 233, 238)');
  await page.getByRole('combobox', { name: 'Search' }).fill('flex');
  await expect(page.locator('.ss-hit').first()).toBeVisible();
  await shot(page, 'embed-auto-dark-system-dark-page');
  expect(problems).toEqual([]);
});

test('the script tag pasted twice mounts one widget that searches once', async ({ page }) => {
  const problems = await servePages(page);
  const searches: string[] = [];
  page.on('request', (r) => r.url().includes('/v1/search/') && searches.push(r.url()));
  await page.goto('/e2e/pages/twice.html');
  await expect(page.locator('.ss-widget')).toHaveCount(1);
  await expect(page.locator('link[href$="site-search.css"]')).toHaveCount(1);
  // English pages do not load the German messages.
  await expect(page.locator('script[src$="site-search.de.js"]')).toHaveCount(0);
  // Nor the tracker and related items, until results are on screen to report.
  const more = page.locator('script[src$="/dist/embed/site-search.more.js"]');
  await expect(more).toHaveCount(0);
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.fill('flex');
  await box.press('Enter');
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toBeVisible();
  await expect(more).toHaveCount(1);
  expect(searches.filter((u) => new URL(u).searchParams.get('term') === 'flex')).toHaveLength(1);
  // The related items' file only where they are mounted.
  await expect(page.locator('script[src$="site-search.related.js"]')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('with data-require-consent the script tag sends no event until SiteSearch.setConsent(true)', async ({ page }) => {
  const problems = await servePages(page);
  const events: Array<{ action: string; keyword: string }> = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/v1/stats/')) events.push(JSON.parse(r.postData() ?? '{}') as { action: string; keyword: string });
  });
  await page.goto('/e2e/pages/consent.html');
  const box = page.getByRole('combobox', { name: 'Search' });
  const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
  await box.fill('flex');
  await box.press('Enter');
  await expect(results.first()).toBeVisible();
  // Nothing is stored for later either.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('ss-')))).toEqual([]);
  await page.evaluate(() => (window as unknown as { SiteSearch: { setConsent(granted: boolean): void } }).SiteSearch.setConsent(true));
  await box.fill('grid');
  await box.press('Enter');
  await expect.poll(() => events.map((e) => `${e.action} ${e.keyword}`)).toEqual(['search grid']);
  expect(problems).toEqual([]);
});

test('the custom element keeps the page styles out and its own in, themed by custom properties and ::part', async ({ page }) => {
  const problems = await servePages(page);
  await page.goto('/e2e/pages/element.html');
  const input = page.locator('site-search .ss-input');
  await input.fill('grid');
  await input.press('Enter');
  const hit = page.locator('site-search .ss-hit').first();
  await expect(hit).toBeVisible();
  const style = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el) => {
        const s = getComputedStyle(el);
        return {
          font: s.fontFamily,
          spacing: s.letterSpacing,
          transform: s.textTransform,
          color: s.color,
          bg: s.backgroundColor,
          padding: s.paddingTop,
          display: s.display,
          italic: s.fontStyle,
          outline: s.outlineColor,
          accent: s.getPropertyValue('--ss-accent').trim(),
        };
      });
  const field = await style('site-search .ss-input');
  expect(field.font).not.toMatch(/Courier/);
  expect(field.spacing).toBe('normal');
  expect(field.transform).toBe('none');
  expect(field.color).not.toBe('rgb(255, 0, 0)');
  expect(field.bg).not.toBe('rgb(255, 255, 0)');
  expect(field.padding).not.toBe('30px');
  expect(field.display).not.toMatch(/none|inline$/);
  expect(field.italic).toBe('italic'); // ::part(input)
  expect(field.accent).toBe('rgb(10, 125, 79)'); // set on the element, inherited through the shadow root
  const result = await style('site-search .ss-hit');
  expect(result.outline).toBe('rgb(0, 0, 255)'); // ::part(result)
  expect(result.display).not.toBe('none');
  expect(result.font).not.toMatch(/Courier/);
  expect((await style('site-search .ss-stats')).color).toBe('rgb(1, 2, 3)'); // ::part(widget) sets a custom property
  const item = await style('site-search li');
  expect(item.bg).not.toBe('rgb(255, 255, 0)');
  expect(item.padding).not.toBe('30px');
  // Ours stays in: the page's own field keeps the page's look, and no --ss-* reaches the page.
  const theirs = await style('#theirs');
  expect(theirs.bg).toBe('rgb(255, 255, 0)');
  expect(theirs.padding).toBe('30px');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--ss-bg'))).toBe('');
  expect(await page.evaluate(() => [...document.styleSheets].map((s) => s.href ?? 'inline').filter((h) => !h.endsWith('hostile.css')))).toEqual([]);
  await shot(page, 'embed-element-hostile');
  expect(problems).toEqual([]);
});

test('two widgets on one page search their own indices; the element follows its attributes', async ({ page }) => {
  const problems = await servePages(page);
  await page.goto('/e2e/pages/two.html');
  const docs = page.getByRole('region', { name: 'Docs search' });
  const blog = page.getByRole('region', { name: 'Blog search' });
  for (const widget of [docs, blog]) {
    const box = widget.getByRole('combobox', { name: 'Search' });
    await box.fill('grid');
    await box.press('Enter');
  }
  const blogHits = blog.getByRole('list', { name: 'Search results' }).getByRole('link');
  await expect(blogHits.first()).toHaveAttribute('href', 'https://blog.example.com/posts/1');
  await expect(blog.getByRole('list', { name: 'Search results' }).getByRole('listitem')).toHaveCount(1);
  const docsHits = docs.getByRole('list', { name: 'Search results' }).getByRole('listitem');
  await expect(docsHits).toHaveCount(10);
  expect(await docs.getByRole('link').evaluateAll((links) => links.filter((a) => (a as HTMLAnchorElement).href.includes('blog.example.com')).length)).toBe(0);
  // An attribute change updates the widget and keeps its search.
  await page.locator('site-search').evaluate((el) => {
    el.setAttribute('lang', 'de');
    el.setAttribute('placeholder', 'Im Blog suchen');
  });
  await expect(blog.getByRole('combobox', { name: 'Suche' })).toHaveAttribute('placeholder', 'Im Blog suchen');
  await expect(blog.getByRole('list', { name: /Suchergebnisse|Ergebnisse/ }).getByRole('listitem')).toHaveCount(1);
  await expect(docs.getByRole('combobox', { name: 'Search' })).toBeVisible();
  await shot(page, 'embed-two');
  expect(problems).toEqual([]);
});

test('the JS API: search and update by hand', async ({ page }) => {
  const problems = await servePages(page);
  await page.goto('/e2e/pages/leak.html');
  await page.waitForFunction(() => 'SiteSearch' in window);
  await page.evaluate((api) => {
    const widget = SiteSearch.mount(document.getElementById('box')!, { siteKey: 'blog', baseUrl: api });
    widget.search('dark');
    Object.assign(window, { widget });
  }, API);
  await expect(page.getByRole('link', { name: /Dark mode done right/ })).toBeVisible();
  await page.evaluate(() => (window as unknown as { widget: { update(o: object): void } }).widget.update({ placeholder: 'Posts', theme: 'dark' }));
  await expect(page.getByRole('combobox', { name: 'Search' })).toHaveAttribute('placeholder', 'Posts');
  await expect(page.getByRole('combobox', { name: 'Search' })).toHaveValue('dark');
  await expect(page.locator('.ss-widget.ss-dark')).toHaveCount(1);
  await expect(page.getByRole('link', { name: /Dark mode done right/ })).toBeVisible();
  expect(problems).toEqual([]);
});

test('related items by hand from the script tag: their part loads when they are mounted, and clicks are reported', async ({ page, request }) => {
  const problems = await servePages(page);
  const { id: item, title } = await itemWithRelated(request);
  await page.goto('/e2e/pages/leak.html');
  await page.waitForFunction(() => 'SiteSearch' in window);
  const more = page.locator('script[src$="/dist/embed/site-search.more.js"]');
  const related = page.locator('script[src$="/dist/embed/site-search.related.js"]');
  await expect(more).toHaveCount(0);
  await expect(related).toHaveCount(0);
  await page.evaluate(
    ([api, itemId, name]) =>
      SiteSearch.mountRecommendations(document.getElementById('box')!, {
        siteKey: 'demo',
        baseUrl: api,
        configurationKey: 'related',
        itemId,
        title: `Related to ${name}`,
      }),
    [API, item, title],
  );
  const links = page
    .getByRole('region', { name: `Related to ${title}` })
    .getByRole('listitem')
    .getByRole('link');
  await expect(links.first()).toBeVisible();
  await expect(more).toHaveCount(1);
  await expect(related).toHaveCount(1);
  // Keep the page: stop the navigation to the item.
  await page.route(
    (url) => !url.href.startsWith(API) && !url.pathname.startsWith('/dist/') && !url.pathname.startsWith('/e2e/'),
    (route) => route.abort(),
  );
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().startsWith(`${API}/v1/stats/`));
  await links.first().click();
  expect((await sent).postDataJSON()).toMatchObject({ action: 'click', position: 1, keyword: `recommendations:related:${item}` });
  expect(problems.filter((p) => !/ERR_FAILED|net::/.test(p))).toEqual([]);
});

test("exactly the README's CSP: the page widget from the script tag and the element's overlay, styled and working, no violation", async ({ page }) => {
  // No img-src here: the blog index has no thumbnails, so nothing may need one.
  const problems = await servePages(page, CSP);
  await page.goto('/e2e/pages/csp.html');
  const main = page.getByRole('main');
  const field = main.getByRole('combobox', { name: 'Search' });
  await field.fill('dialog');
  await field.press('Enter');
  await expect(main.getByRole('link', { name: 'Dialogs without libraries' })).toBeVisible();
  // data-theme="dark", from the stylesheet the script added.
  expect(await main.locator('.ss-box').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(21, 24, 29)');
  // The element's overlay, styled inside its shadow root by the stylesheet beside the script.
  const opener = page.locator('site-search').getByRole('button', { name: /Search/ });
  expect(await opener.evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).not.toBe('0px');
  await opener.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // `/` typed in the overlay's own field is text, not the shortcut (the page-level listener sees the host as the target).
  await dialog.getByRole('combobox', { name: 'Search' }).pressSequentially('fetch/');
  await expect(dialog.getByRole('combobox', { name: 'Search' })).toHaveValue('fetch/');
  await dialog.getByRole('combobox', { name: 'Search' }).press('Backspace');
  await expect(dialog.getByRole('listbox', { name: 'Search results' }).getByRole('option', { name: /^Fetch and streams/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  // Closing gives the focus back to the opener inside the shadow root.
  expect(await page.evaluate(() => document.querySelector('site-search')!.shadowRoot!.activeElement?.getAttribute('part'))).toBe('opener');
  // And `/` from the page opens it.
  await page.locator('site-search').evaluate((el) => (el.shadowRoot!.activeElement as HTMLElement).blur());
  await page.keyboard.press('/');
  await expect(dialog).toBeVisible();
  // The page behind does not scroll while the dialog is open (set through the CSSOM, which the CSP allows)...
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
  // ...and the widget writes no style attribute of its own.
  expect(await page.locator('body [style]').count()).toBe(0);
  await shot(page, 'embed-csp');
  expect(problems).toEqual([]);
});

test('mounting and destroying a hundred times leaves no listener and no element behind', async ({ page }) => {
  const problems = await servePages(page);
  await page.goto('/e2e/pages/leak.html');
  await page.waitForFunction(() => 'SiteSearch' in window);
  const cdp = await page.context().newCDPSession(page);
  /** Event listeners on window and document, as DevTools sees them. */
  const listeners = async () => {
    let count = 0;
    for (const expression of ['window', 'document']) {
      const { result } = await cdp.send('Runtime.evaluate', { expression });
      const { listeners: found } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
      count += found.length;
    }
    return count;
  };
  // Not counting the part loaded when needed: its script element stays, once for the page.
  const nodes = () => page.evaluate(() => document.querySelectorAll('*:not(script[src$="site-search.more.js"])').length);
  const before = { listeners: await listeners(), nodes: await nodes() };

  // One of each kind, left mounted: the counts must see them, or the test proves nothing.
  await page.evaluate((api) => {
    const box = document.getElementById('box')!;
    Object.assign(window, { probe: SiteSearch.mount(box, { siteKey: 'demo', baseUrl: api, layout: 'overlay', url: true }) });
  }, API);
  expect(await listeners()).toBeGreaterThan(before.listeners);
  expect(await nodes()).toBeGreaterThan(before.nodes);
  await page.evaluate(() => (window as unknown as { probe: { destroy(): void } }).probe.destroy());

  await page.evaluate(async (api) => {
    const box = document.getElementById('box')!;
    for (let i = 0; i < 100; i++) {
      const widget = SiteSearch.mount(box, { siteKey: 'demo', baseUrl: api, layout: i % 2 ? 'overlay' : 'page', url: { prefix: `w${i}_` }, shortcut: true });
      widget.search('grid');
      // Mounting again into the same element replaces, never doubles.
      if (i % 10 === 0) SiteSearch.mount(box, { siteKey: 'demo', baseUrl: api, shortcut: true }).search('flex');
      const element = document.createElement('site-search');
      element.setAttribute('site-key', 'blog');
      element.setAttribute('api', api);
      element.setAttribute('shortcut', '');
      document.body.append(element);
      element.setAttribute('placeholder', `Blog ${i}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      element.remove();
      if (i % 10 === 0) SiteSearch.mount(box, { siteKey: 'demo', baseUrl: api }).destroy();
      widget.destroy();
    }
  }, API);
  expect(await listeners()).toBe(before.listeners);
  expect(await nodes()).toBe(before.nodes);
  expect(await page.locator('#box').evaluate((el) => el.childNodes.length)).toBe(0);
  expect(problems.filter((p) => !/aborted|AbortError/i.test(p))).toEqual([]);
});

test('the npm example app imports the package by its name and works', async ({ page }) => {
  test.setTimeout(scaled(120_000)); // two builds first, on a busy machine
  // Built as its author would: `vite build` of demo/npm-app against the package's exports map (dist/), and type-checked against its declarations.
  // The two at once, each by its own bin: neither reads what the other writes, and npx added a start-up to each.
  await Promise.all([
    runNode(['node_modules/vite/bin/vite.js', 'build', '--config', 'demo/npm-app/vite.config.js', '--logLevel', 'warn'], { VITE_SEARCH_API: API }),
    runNode(['node_modules/typescript/bin/tsc', '-p', 'demo/npm-app']),
  ]);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/demo/npm-app/dist/index.html');
  await expect(page.locator('h1')).toHaveAttribute('data-documents', /^[1-9]\d*$/);
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.fill('grid');
  await box.press('Enter');
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem')).toHaveCount(10);
  await expect(page.getByRole('group', { name: 'Area' })).toBeVisible();
  expect(await page.locator('.ss-box').evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe('12px');
  expect(errors).toEqual([]);
});

test('in English, the words of the parts loaded later come with them, also under the site’s own words', async ({ page }) => {
  const problems = await servePages(page);
  await page.goto('/e2e/pages/english-words.html');
  const box = page.getByRole('combobox', { name: 'Search' });
  await expect(box).toHaveAttribute('placeholder', 'Find a feature');
  await box.fill('grid');
  await box.press('Enter');
  await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Area' })).toBeVisible();
  await box.fill('zzqxw');
  await box.press('Enter');
  await expect(page.getByText('No results for “zzqxw”')).toBeVisible();
  await expect(page.getByText('Check the spelling or try fewer or more general words.')).toBeVisible();
  expect(problems).toEqual([]);
});

test('the page’s own language picks the widget’s words, loaded alone, with the site’s own strings over them', async ({ page }) => {
  const problems = await servePages(page);
  await page.goto('/e2e/pages/french.html');
  const box = page.getByRole('combobox', { name: 'Rechercher' });
  await expect(box).toHaveAttribute('placeholder', 'Chercher une fonctionnalité');
  await expect(page.locator('script[src$="/dist/embed/site-search.fr.js"]')).toHaveCount(1);
  await expect(page.locator('script[src*="/dist/embed/site-search."][src$=".js"]')).toHaveCount(3);
  await box.fill('grid');
  await box.press('Enter');
  await expect(page.getByRole('status')).toContainText(/\d+ résultats?/);
  await expect(page.getByRole('group', { name: 'Domaine' })).toBeVisible();
  await axe(page, 'French from <html lang>');
  await shot(page, 'embed-french-from-html-lang');
  expect(problems).toEqual([]);
});
