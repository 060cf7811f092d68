import type { Locator, Page } from '@playwright/test';

/**
 * Whether the screenshots for people to look at (in e2e/artifacts/screenshots) are taken.
 * They assert nothing, and under `CI` no one looks at them: its clone is thrown away after
 * the run. There they are skipped, unless `E2E_SCREENSHOTS=1` asks for them.
 */
export const SCREENSHOTS_TAKEN = !process.env.CI || process.env.E2E_SCREENSHOTS === '1';

type Options = NonNullable<Parameters<Page['screenshot']>[0]> & NonNullable<Parameters<Locator['screenshot']>[0]>;

/** A screenshot of the page or of one element, saved to `options.path` for a person to look at; no check. */
export async function saveScreenshot(target: Page | Locator, options: Options & { path: string }): Promise<void> {
  if (SCREENSHOTS_TAKEN) await target.screenshot(options);
}
