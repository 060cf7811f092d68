// The console as its specs open it: served by the demo's service at /console/, signed in
// with the demo index's key and secret through the session API, as the sign-in form does.
import { expect, type Page } from '@playwright/test';

/** The demo's service, which serves the console. */
export const API = `http://127.0.0.1:${Number(process.env.E2E_API_PORT ?? 18787)}`;
/** The console's address. */
export const CONSOLE = `${API}/console/`;
/** The demo's credentials, which `npm start` prints. */
export const DEMO = { key: 'demo', secret: 'demo-secret' };
export const ADMIN_KEY = 'demo-admin-key-for-local-use-only';

/**
 * Signs the page's browser context in (the session cookie is the context's) and opens
 * the console on the demo index: `hash` picks the page (`#rules`), `query` adds to the
 * address's query (`from=2001-01-01&to=2001-01-31`).
 */
export async function openConsole(page: Page, hash = '', query = ''): Promise<void> {
  const answer = await page.context().request.post(`${API}/v2/session`, { data: DEMO });
  expect(answer.status()).toBe(200);
  await page.goto(`${CONSOLE}?index=demo${query === '' ? '' : `&${query}`}${hash}`);
}
