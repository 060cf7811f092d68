// Every text field of every hit holds hostile markup: nothing may run, no
// javascript: link may be rendered, and the text stays readable as text.
import { expect, test } from '@playwright/test';
import type { SearchHit } from '../src/client/types.ts';
import { mockApi } from './mockApi.ts';

const EVIL = `<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"><a href="javascript:window.__pwned=3">x</a><em>ok</b></em><svg onload="window.__pwned=4">`;

function hostileHit(i: number): SearchHit {
  return {
    id: `${EVIL}${i}`,
    url: i === 0 ? 'javascript:window.__pwned=5' : i === 1 ? ' JaVaScRiPt:alert(1)' : `https://example.com/${i}"><script>window.__pwned=6</script>`,
    title: EVIL,
    meta_description: EVIL,
    meta_categories: [EVIL],
    custom_fields: { area: EVIL, status: [EVIL] },
    highlight: `<em>grid</em> ${EVIL} <em><em>nested</em> <strong onclick="x()">`,
    ts: EVIL,
    categories: [EVIL],
    document_type: EVIL as SearchHit['document_type'],
    images: { main: 'javascript:window.__pwned=7', main_b64: `x" onerror="window.__pwned=8`, capture: EVIL },
    thumbnail_external_src: 'javascript:window.__pwned=9',
    score: 1,
  };
}

test('hostile markup in every field runs nothing and renders no javascript: link', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => {
    errors.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  await mockApi(page, { hits: [0, 1, 2].map(hostileHit), suggestions: [EVIL, 'grid'] });
  await page.goto('/?q=grid');
  await expect(page.locator('#search .ss-item')).toHaveCount(3);
  await page.locator('#search').getByRole('combobox', { name: 'Search' }).focus();
  await page.keyboard.type('x');
  // Over results on screen the suggestions open on ↓ alone.
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('#search').getByRole('option').first()).toBeVisible();
  // Every image loaded or failed: an injected onload or onerror, had one got in, has run.
  await expect.poll(() => page.evaluate(() => [...document.images].every((img) => img.complete))).toBe(true);

  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  const hrefs = await page.locator('#search a').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.filter((h) => !/^https?:\/\//i.test(h))).toEqual([]);
  expect(await page.locator('#search script, #search [onerror], #search [onload], #search [onclick], #search strong').count()).toBe(0);
  const srcs = await page.locator('#search img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src') ?? ''));
  expect(srcs.filter((s) => !/^(https?:|data:image\/)/i.test(s))).toEqual([]);
  // The markup shows as text.
  await expect(page.locator('#search .ss-hit-title').first()).toContainText('<script>');
  expect(errors).toEqual([]);
});
