// The console's sign-in page, served by the demo's service at /console/: by keyboard alone,
// axe-clean signed out and in, and with nothing of the secret left in the page or storage.
import { expect, test } from '@playwright/test';
import { axe } from './axe.ts';

const CONSOLE = `http://127.0.0.1:${Number(process.env.E2E_API_PORT ?? 18787)}/console/`;

test('signs in and out by keyboard, keeping no secret', async ({ page }) => {
  await page.goto(CONSOLE);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await axe(page, 'signed out');

  await page.keyboard.press('Tab'); // the first choice
  await page.keyboard.press('Tab'); // the index key
  await expect(page.getByLabel('Index key', { exact: true })).toBeFocused();
  await page.keyboard.type('demo');
  await page.keyboard.press('Tab');
  await page.keyboard.type('wrong');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Wrong key or secret.');
  await axe(page, 'refused');

  await page.getByLabel('Secret', { exact: true }).focus();
  await page.keyboard.type('demo-secret');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Signed in' })).toBeFocused();
  await expect(page.getByText('Signed in with index “demo”.')).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveText(['demo']);
  await axe(page, 'signed in');

  const kept = await page.evaluate(() =>
    [document.documentElement.outerHTML, JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage }), document.cookie, location.href].join('\n'),
  );
  expect(kept).not.toContain('demo-secret');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'site_search_session')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

  // A reload finds the session.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Signed in' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Index key', { exact: true })).toBeFocused();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});
