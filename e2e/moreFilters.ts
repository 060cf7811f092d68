import type { Locator } from '@playwright/test';

/**
 * Opens the facet column's "More filters" (every group past the first two folds under it,
 * issue #44), in any language, if it is closed.
 */
export async function openMoreFilters(column: Locator): Promise<void> {
  const more = column.locator('.ss-panel .ss-more-filters');
  await more.waitFor();
  if ((await more.getAttribute('open')) === null) await more.locator('> summary').click();
}
