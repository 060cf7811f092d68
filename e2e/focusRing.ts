// Whether a focus indicator can be seen, at every stop of a walk by Tab. Axe cannot see a
// ring that a container clips, so each stop is checked in the page itself: the styles the
// focus adds (an outline, a box shadow; on the element, its ::before or ::after, or an
// ancestor that rings it), whether the ring stands out from what lies behind it (3:1), and
// whether its box lies in the viewport, unclipped and uncovered. Pixels decide where the
// styles leave a doubt (a ring over an image, a clipping container, a colour this cannot
// read, an indicator drawn some other way), and once for each kind of ring a page shows,
// so every kind is seen on screen at least once per walk.
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
 * The pixel check: around the focused element (its card, for a result), at least as many
 * pixels change between focused and not as half its outline at one pixel wide. The focus
 * is given back afterwards, so a walk by Tab goes on from there.
 */
async function expectRingInPixels(page: Page, name: string): Promise<void> {
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

/** What the styles say of the focused element's ring: a kind of ring seen, or why they cannot tell. */
type StyleReading = { ring: string } | { doubt: string };

/**
 * Reads the focused element's ring from its styles, in one round trip: the outline or box
 * shadow that the focus adds, on the element, its ::before or ::after, or one of its three
 * nearest ancestors (a field's box rings it); its contrast with the background behind it;
 * and its box, which must lie in the viewport, inside every ancestor that clips, and not
 * under anything else. Returns the kind of ring (which box, which property, which colour),
 * or, where any of this cannot be read, why: the caller then compares pixels.
 */
function readRing(page: Page): Promise<StyleReading> {
  return page.evaluate((): StyleReading => {
    let el = document.activeElement as HTMLElement | null;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement as HTMLElement;
    if (!el || el === document.body) return { doubt: 'nothing focused' };
    const focused: HTMLElement = el;
    const up = (node: Element): Element | null => node.parentElement ?? ((node.getRootNode() as ShadowRoot).host || null);

    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba | null => {
      const m = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(css.trim());
      return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])] : null;
    };
    const over = ([r, g, b, a]: Rgba, [R, G, B]: Rgba): Rgba => [r * a + R * (1 - a), g * a + G * (1 - a), b * a + B * (1 - a), 1];
    const luminance = ([r, g, b]: Rgba) => {
      const lin = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const contrast = (a: Rgba, b: Rgba) => {
      const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
      return (x + 0.05) / (y + 0.05);
    };

    // The opaque colour behind a box: its ancestors' backgrounds, laid over one another from
    // the page's (or the canvas's) upwards. An image or gradient on the way is a doubt.
    const behind = (from: Element): Rgba | string => {
      const layers: Rgba[] = [];
      for (let node: Element | null = from; node; node = up(node)) {
        const style = getComputedStyle(node);
        if (style.backgroundImage !== 'none') return `a background image behind it (${node.tagName.toLowerCase()})`;
        const colour = parse(style.backgroundColor);
        if (!colour) return `a background colour not read: ${style.backgroundColor}`;
        if (colour[3] > 0) layers.push(colour);
        if (colour[3] === 1) break;
      }
      const canvas = parse(getComputedStyle(document.documentElement).colorScheme.includes('dark') ? 'rgb(18, 18, 18)' : 'rgb(255, 255, 255)')!;
      let base: Rgba = layers.at(-1)?.[3] === 1 ? layers.pop()! : canvas;
      for (const layer of layers.reverse()) base = over(layer, base);
      return base;
    };

    // The lines each box draws: its outline, and box shadows with a spread (a ring, not a shade).
    type Line = { colour: string; width: number; offset: number; property: string };
    const lines = (style: CSSStyleDeclaration): Line[] => {
      const found: Line[] = [];
      const width = parseFloat(style.outlineWidth);
      if (style.outlineStyle !== 'none' && width >= 1)
        found.push({ colour: style.outlineColor, width, offset: parseFloat(style.outlineOffset) || 0, property: 'outline' });
      if (style.boxShadow !== 'none') {
        for (const shadow of style.boxShadow.split(/,(?![^(]*\))/)) {
          const colour = /rgba?\([^)]*\)/.exec(shadow)?.[0] ?? '';
          const lengths = shadow.replace(colour, '').replace('inset', '').trim().split(/\s+/).map(parseFloat);
          const spread = lengths[3] ?? 0;
          if (spread >= 1 && !shadow.includes('inset')) found.push({ colour, width: spread, offset: 0, property: 'box-shadow' });
        }
      }
      return found;
    };
    const key = (l: Line) => `${l.property} ${l.colour} ${l.width} ${l.offset}`;

    // Every box that could draw the ring, with its lines focused; then the same unfocused.
    const boxes: { box: Element; pseudo: string | null; label: string }[] = [
      { box: focused, pseudo: null, label: 'itself' },
      { box: focused, pseudo: '::before', label: '::before' },
      { box: focused, pseudo: '::after', label: '::after' },
    ];
    // An ancestor's ring counts for a field alone (its box rings it): around a button or a
    // link, a ring of the group it is in would not say which control has the focus.
    if (focused.matches('input, textarea, select, [role="combobox"]'))
      for (let node = up(focused), n = 1; node && n <= 3 && node !== document.body; node = up(node), n++)
        boxes.push({ box: node, pseudo: null, label: `ancestor ${n}` });
    const read = () => boxes.map(({ box, pseudo }) => lines(getComputedStyle(box, pseudo)));
    const withFocus = read();
    focused.blur();
    const without = read();
    focused.focus();
    if (!focused.matches(':focus')) return { doubt: 'the focus did not come back' };

    // Any one line that passes every check is a ring one can see. Otherwise the first doubt.
    const doubts: string[] = [];
    for (const [i, { box, pseudo, label }] of boxes.entries()) {
      const before = new Set(without[i]!.map(key));
      for (const line of withFocus[i]!) {
        if (before.has(key(line))) continue;
        const reading = judge(box, pseudo, label, line);
        if ('ring' in reading) return reading;
        doubts.push(reading.doubt);
      }
    }
    return { doubt: doubts[0] ?? 'no outline or box shadow that the focus adds' };

    function judge(box: Element, pseudo: string | null, label: string, line: Line): StyleReading {
      const colour = parse(line.colour);
      if (!colour) return { doubt: `a ring colour not read: ${line.colour}` };
      if (colour[3] === 0) return { doubt: `a transparent ${line.property}` };
      const background = behind(line.offset >= 0 ? (up(box) ?? box) : box);
      if (typeof background === 'string') return { doubt: background };
      const ratio = contrast(over(colour, background), background);
      if (ratio < 3) return { doubt: `a ${line.property} of contrast ${ratio.toFixed(2)}` };
      // Its box: a pseudo-element's is its element's (or the card's, which a result's link fills).
      const edge = pseudo ? (focused.closest('.ss-hit, .ss-rec') ?? box) : box;
      const r = edge.getBoundingClientRect();
      const out = line.offset + line.width;
      const ring = { left: r.left - out, top: r.top - out, right: r.right + out, bottom: r.bottom + out };
      if (ring.left < 0 || ring.top < 0 || ring.right > innerWidth || ring.bottom > innerHeight) return { doubt: 'its ring reaches past the viewport' };
      for (let node: Element | null = edge; node; node = up(node)) {
        const style = getComputedStyle(node);
        if (Number(style.opacity) < 1 || style.visibility !== 'visible') return { doubt: `a translucent or hidden box (${node.tagName.toLowerCase()})` };
        if (style.clipPath !== 'none' || style.maskImage !== 'none' || style.filter !== 'none')
          return { doubt: `a clip, mask or filter (${node.tagName.toLowerCase()})` };
        if (node === edge || node === document.documentElement) continue;
        const clips = /hidden|clip|auto|scroll/.test(`${style.overflowX} ${style.overflowY}`) || style.contentVisibility === 'auto';
        if (!clips) continue;
        const c = node.getBoundingClientRect();
        const inner = {
          left: c.left + node.clientLeft,
          top: c.top + node.clientTop,
          right: c.left + node.clientLeft + node.clientWidth,
          bottom: c.top + node.clientTop + node.clientHeight,
        };
        if (ring.left < inner.left || ring.top < inner.top || ring.right > inner.right || ring.bottom > inner.bottom)
          return { doubt: `a container that clips its ring (${node.tagName.toLowerCase()}.${node.className})` };
      }
      // Nothing laid over it: the box's middle hits the box (or what is inside it).
      const root = edge.getRootNode() as Document | ShadowRoot;
      const hit = root.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
      if (!hit || !(edge.contains(hit) || hit.contains(edge))) return { doubt: `something over it (${hit?.tagName.toLowerCase()})` };
      return { ring: `${label}: ${key(line)} on ${background.map(Math.round).join(',')}` };
    }
  });
}

// The kinds of ring already seen in pixels, per page.
const seen = new WeakMap<Page, Set<string>>();

/**
 * Expects the focused element to show a focus indicator, read from its styles (readRing),
 * and in pixels (as many changed pixels around it as half its outline) where the styles
 * leave a doubt or the page has not shown this kind of ring yet. The focus stays where it is.
 */
export async function expectVisibleFocus(page: Page, name: string): Promise<void> {
  const reading = await readRing(page);
  if ('ring' in reading) {
    if (!seen.has(page)) seen.set(page, new Set());
    const kinds = seen.get(page)!;
    if (kinds.has(reading.ring)) return;
    kinds.add(reading.ring);
  }
  await expectRingInPixels(page, name);
}
