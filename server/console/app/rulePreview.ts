// The rule editor's preview: the results of a query without any rule's pins, promotions or
// boosts (`resultType=organic`), with the unsaved rule's hides, pins and promotions placed
// the way the service places them. It never writes anything: the rule is not saved to be
// previewed. Boosts are marked, not re-ranked, since their weight is decided among the
// ranking rules on the service.
import type { RuleCondition, SearchHit } from '../../../src/client/types.ts';

export interface PreviewPin {
  id: string;
  position: number;
  /** The indexed document, or null when the index has no document with this id. */
  document: { title: string; url: string | null } | null;
}

export interface PreviewPromotion {
  title: string;
  url: string;
  position: number;
}

export interface PreviewRow {
  position: number;
  kind: 'organic' | 'pinned' | 'promotion';
  id: string;
  title: string;
  url: string | null;
}

export interface Placement {
  rows: PreviewRow[];
  /** Documents of the current results that the rule hides. */
  hidden: SearchHit[];
  /** Pins whose document is not in the index: the service leaves them out. */
  missing: string[];
}

/**
 * Places the rule's pins and promotions at their 1-based positions over the organic
 * results, after leaving out hidden documents and the pinned ones (a pinned document
 * appears once, where it is pinned). Two items for one position: pins come first, and
 * the later one takes the next free position.
 */
export function placeRule(
  hits: readonly SearchHit[],
  rule: { pins: readonly PreviewPin[]; hide: readonly string[]; promotions: readonly PreviewPromotion[] },
  limit: number,
): Placement {
  const hide = new Set(rule.hide);
  const pins = rule.pins.filter((p) => p.document !== null);
  const pinned = new Set(pins.map((p) => p.id));
  const organic = hits.filter((h) => !hide.has(h.id) && !pinned.has(h.id));
  const slots = new Map<number, Omit<PreviewRow, 'position'>>();
  const place = (position: number, row: Omit<PreviewRow, 'position'>) => {
    let p = Math.max(1, position);
    while (slots.has(p)) p++;
    slots.set(p, row);
  };
  for (const pin of [...pins].sort((a, b) => a.position - b.position)) {
    place(pin.position, { kind: 'pinned', id: pin.id, title: pin.document!.title, url: pin.document!.url });
  }
  rule.promotions
    .map((promotion, n) => ({ promotion, n }))
    .sort((a, b) => a.promotion.position - b.promotion.position)
    .forEach(({ promotion, n }) => place(promotion.position, { kind: 'promotion', id: `promotion:${n}`, title: promotion.title, url: promotion.url }));

  const rows: PreviewRow[] = [];
  let next = 0;
  for (let position = 1; position <= limit; position++) {
    const fixed = slots.get(position);
    if (fixed !== undefined) {
      rows.push({ position, ...fixed });
      continue;
    }
    const hit = organic[next++];
    // Past the organic results, a pin at a far position moves up, as nothing stands before it.
    if (hit === undefined) {
      const later = [...slots.keys()].filter((p) => p > position).sort((a, b) => a - b)[0];
      if (later === undefined) break;
      rows.push({ position, ...slots.get(later)! });
      slots.delete(later);
      continue;
    }
    rows.push({ position, kind: 'organic', id: hit.id, title: hit.title, url: hit.url });
  }
  return { rows, hidden: hits.filter((h) => hide.has(h.id)), missing: rule.pins.filter((p) => p.document === null).map((p) => p.id) };
}

/** Lower case, without accents, words separated by one space: close to how the service reads a query. */
export function foldQuery(text: string): string[] {
  const folded = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
  return folded === '' || folded === '*' ? [] : folded.split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');
}

/**
 * Whether a condition without a filter matches the query as typed. The service also
 * matches word forms (`pages` for `page`), so a `false` here may still match there.
 */
export function conditionMatches(condition: RuleCondition, query: string): boolean {
  if (condition.filters !== undefined) return false;
  const q = foldQuery(query);
  const p = foldQuery(condition.pattern);
  const at = (start: number) => p.every((w, i) => q[start + i] === w);
  switch (condition.anchoring) {
    case 'is':
      return q.length === p.length && at(0);
    case 'startsWith':
      return p.length <= q.length && at(0);
    case 'endsWith':
      return p.length <= q.length && at(q.length - p.length);
    case 'contains':
      return q.some((_, i) => i + p.length <= q.length && at(i)) || p.length === 0;
  }
}
