// Whether a focus indicator can be seen: the pixels around the focused element, against
// the same pixels once it has lost the focus. Axe cannot see a ring that a container clips.
import { expect, type BrowserContext, type Page } from '@playwright/test';

/** The box a focused element marks: a result's link rings its whole card. */
async function ringBox(page: Page) {
  return page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    const card = el?.closest('.ss-hit, .ss-rec') ?? el;
    const r = card!.getBoundingClientRect();
    const pad = 5;
    const x = Math.max(0, Math.floor(r.left - pad));
    const y = Math.max(0, Math.floor(r.top - pad));
    return {
      x,
      y,
      width: Math.min(innerWidth - x, Math.ceil(r.width + 2 * pad)),
      height: Math.min(innerHeight - y, Math.ceil(r.height + 2 * pad)),
      perimeter: r.width + r.height,
    };
  });
}

// One blank page per context for the counting: a walk by Tab counts at every stop, and
// opening a page each time cost seconds on a busy machine. It closes with the context.
const scratches = new WeakMap<BrowserContext, Promise<Page>>();

/** Pixels that differ clearly between two PNGs of the same size, counted in a blank page. */
export async function differing(page: Page, a: Buffer, b: Buffer): Promise<number> {
  const context = page.context();
  if (!scratches.has(context)) scratches.set(context, context.newPage());
  const scratch = await scratches.get(context)!;
  return await scratch.evaluate(
    async ([one, two]: [string, string]) => {
      const pixels = async (base64: string) => {
        const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      };
      const [p, q] = [await pixels(one), await pixels(two)];
      let n = 0;
      for (let i = 0; i < p.length; i += 4) if (Math.abs(p[i]! - q[i]!) + Math.abs(p[i + 1]! - q[i + 1]!) + Math.abs(p[i + 2]! - q[i + 2]!) > 90) n++;
      return n;
    },
    [a.toString('base64'), b.toString('base64')] as [string, string],
  );
}

/**
 * Expects the focused element to show a focus indicator: around it (its card, for a
 * result), at least as many pixels change as half its outline at one pixel wide. The
 * focus is given back afterwards, so a walk by Tab goes on from there.
 */
export async function expectVisibleFocus(page: Page, name: string): Promise<void> {
  const clip = await ringBox(page);
  const { perimeter, ...area } = clip;
  const focused = await page.screenshot({ clip: area, animations: 'disabled', caret: 'hide' });
  const handle = await page.evaluateHandle(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    (el as HTMLElement).blur();
    return el as HTMLElement;
  });
  const plain = await page.screenshot({ clip: area, animations: 'disabled', caret: 'hide' });
  await handle.evaluate((el) => el.focus());
  expect(await differing(page, focused, plain), `a visible focus indicator on ${name}`).toBeGreaterThanOrEqual(perimeter);
}
