import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { scaled } from './loadScale.ts';
import { storedEvents, trackerState } from './statsEvents.ts';

// A reference service of this spec's own, so it can be killed while the demo's runs on.
// The first start takes any free port (0); the restart takes the same one back.
let serviceUrl = '';
const WEB = `http://127.0.0.1:${process.env.E2E_WEB_PORT ?? 15173}`;
const AUTH = `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`;

let dataDir = '';
let service: ChildProcess | null = null;

/** Starts `server/main.ts` on `dataDir` (and on serviceUrl's port once it has one); resolves once it listens. */
function startService(): Promise<void> {
  const port = serviceUrl === '' ? '0' : new URL(serviceUrl).port;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--port', port, '--data', dataDir, '--quiet'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  service = child;
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      const listening = /listening on (http:\/\/\S+)/.exec(output);
      if (listening === null) return;
      serviceUrl = listening[1]!;
      resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the service exited (${code}) before listening:\n${output}`)));
  });
}

/** Kills the service at once, as a crash or a pulled plug would. */
async function killService(): Promise<void> {
  const child = service;
  service = null;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

test.afterEach(async () => {
  await killService();
  rmSync(dataDir, { recursive: true, force: true });
});

test('events made while the service is down are delivered exactly once after it is back', async ({ page, request }) => {
  test.setTimeout(scaled(90_000));
  dataDir = mkdtempSync(join(tmpdir(), 'ss-tracker-outage-'));
  serviceUrl = '';
  await startService();
  const documents = Array.from({ length: 25 }, (_, i) => ({
    url: `${WEB}/e2e/landing.html?n=${i + 1}`,
    title: `Lighthouse ${i + 1}`,
    main_content: `Lighthouse number ${i + 1} on the coast.`,
  }));
  const indexed = await request.put(`${serviceUrl}/v2/indices/demo/documents:batch`, { headers: { Authorization: AUTH }, data: { documents } });
  expect(indexed.status()).toBe(202);
  await expect
    .poll(
      async () =>
        ((await (await request.get(`${serviceUrl}/v1/search/demo?term=lighthouse&collectAnalytics=false`)).json()) as { total_hits: number }).total_hits,
    )
    .toBe(25);

  // The page's clock moves only when the test says, until the page is left: the search is
  // typed, not committed, and must still wait out the tracker's pause (2 s) when the
  // service goes and the clicks come, however long a busy machine takes over them.
  await page.clock.install();
  await page.goto(`/e2e/tracker.html?api=${encodeURIComponent(serviceUrl)}`);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.getByRole('searchbox', { name: 'Search' }).fill('lighthouse');
  const links = page.getByRole('list', { name: 'Search results' }).getByRole('listitem').getByRole('link');
  await expect
    .poll(
      async () => {
        await page.clock.runFor(10);
        return links.count();
      },
      { timeout: scaled(15_000) },
    )
    .toBe(10);
  const hrefs = await links.evaluateAll((as) => as.slice(0, 3).map((a) => (a as HTMLAnchorElement).href));

  await killService();
  await links.nth(0).click({ button: 'middle' }); // opens a tab
  await links.nth(1).click({ modifiers: ['ControlOrMeta'] }); // opens a tab
  await links.nth(2).focus();
  await page.keyboard.press('Enter'); // leaves the page
  await page.waitForURL(hrefs[2]!);
  // Nothing reached the service; all four events wait in the site's localStorage.
  const away = await page.evaluate(trackerState);
  expect(away.waiting).toBe(4);
  await page.clock.resume();

  await startService(); // the same data folder
  await page.goBack();
  await page.reload();
  await expect.poll(() => page.evaluate(trackerState).then((s) => s.waiting), { timeout: scaled(30_000) }).toBe(0);
  await page.reload();
  // The search the address restores, on screen, then past the tracker's pause on the page's
  // clock: it must not count again. Had it counted, its event would wait until stored.
  await expect(links).toHaveCount(10);
  await page.clock.runFor(2500);
  await expect.poll(() => page.evaluate(trackerState).then((s) => s.waiting), { timeout: scaled(30_000) }).toBe(0);

  const events = await storedEvents(request, serviceUrl);
  expect(events.every((e) => e.session === away.session && e.source === 'stats')).toBe(true);
  const ids = new Set(events.map((e) => e.eventId));
  expect(ids.size).toBe(events.length);
  expect(events.filter((e) => e.action === 'search')).toMatchObject([{ keyword: 'lighthouse', numberOfResults: 25 }]);
  const clicks = events.flatMap((e) => (e.action === 'click' ? [e] : []));
  expect(clicks.map((e) => e.position).sort()).toEqual([1, 2, 3]);
  expect(clicks.every((e) => e.keyword === 'lighthouse' && /^[0-9a-f]{32}$/.test(e.docid))).toBe(true);
  expect(events).toHaveLength(4);
});
