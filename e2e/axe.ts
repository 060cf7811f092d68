import axeCore from 'axe-core';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 A and AA. */
const WCAG22 = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

interface Scan {
  /** The rules' tags (axe's `runOnly`). */
  tags?: readonly string[];
  /** A selector: only what it selects is checked. */
  include?: string;
}

/**
 * Axe's violations on the page as it stands, one line each (rule and elements). Axe goes
 * into a document once and runs there (`axe.run`): put in again at every scan, with the
 * frames' results merged in a blank page opened for each scan (as Playwright's axe wrapper
 * does), a scan took three times as long on a busy machine, and the pages tested hold no
 * frames to merge.
 */
export async function axeViolations(page: Page, { tags = WCAG22, include }: Scan = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeCore.source);
  return page.evaluate(
    async ({ tags, include }) => {
      const { axe } = window as unknown as { axe: typeof axeCore };
      const { violations } = await axe.run(include === undefined ? document : { include: [include] }, { runOnly: { type: 'tag', values: tags } });
      return violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    },
    { tags: [...tags], include },
  );
}

/** Runs axe (WCAG 2.2 A and AA) on the page and expects no violation, each named with `state`. */
export async function axe(page: Page, state: string): Promise<void> {
  expect((await axeViolations(page)).map((found) => `${state}: ${found}`)).toEqual([]);
}
