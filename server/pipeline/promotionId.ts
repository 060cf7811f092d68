/**
 * The id of a query rule's promotion card, which is the `docid` of a click on it: a click
 * event takes at most 32 characters there (API 4.9), and a rule id may have 64. The id is
 * `promotion:{ruleId}:{n}` when that fits, else `promotion:~{digest}:{n}`, the digest being
 * the first 16 hex digits of the rule id's SHA-256 (`~` is no rule id character, so the
 * two forms never meet). Either way it is the same for every search, so the stats report
 * finds the rule again (promotionsOf).
 */
import { createHash } from 'node:crypto';
import { DOCID_MAX_CHARS } from '../../src/client/limits.ts';
import type { QueryRule, RulePromotion } from '../../src/client/types.ts';
import type { Steering } from '../engine/engine.ts';

const PREFIX = 'promotion:';
const DIGEST_MARK = '~';
const DIGEST_HEX = 16;
const ID = /^promotion:(~?)([A-Za-z0-9_-]+):(0|[1-9][0-9]*)$/;

/** The id of the `n`th (from 0) promotion of rule `ruleId`, at most DOCID_MAX_CHARS long. */
export function promotionId(ruleId: string, n: number): string {
  const readable = `${PREFIX}${ruleId}:${n}`;
  return readable.length <= DOCID_MAX_CHARS ? readable : `${PREFIX}${DIGEST_MARK}${ruleDigest(ruleId)}:${n}`;
}

function ruleDigest(ruleId: string): string {
  return createHash('sha256').update(ruleId).digest('hex').slice(0, DIGEST_HEX);
}

/** A clicked promotion as the stats report names it: its rule, its place there, and the card as the rule holds it now. */
export interface ClickedPromotion {
  ruleId: string;
  n: number;
  /** Undefined when the rule no longer has a promotion at `n`. */
  card: RulePromotion | undefined;
}

/**
 * The promotions that these docids name, by docid, among the index's rules as they are
 * now: a docid whose rule is gone names none. The rules are listed only when a docid
 * holds a digest.
 */
export async function promotionsOf(steering: Pick<Steering, 'get' | 'list'>, docids: readonly string[]): Promise<Map<string, ClickedPromotion>> {
  const found = new Map<string, ClickedPromotion>();
  const parsed = docids.flatMap((docid) => {
    const match = ID.exec(docid);
    return match === null ? [] : [{ docid, digest: match[1] === DIGEST_MARK, key: match[2]!, n: Number(match[3]) }];
  });
  let byDigest: Map<string, { id: string; body: string }> | null = null;
  for (const { docid, digest, key, n } of parsed) {
    let rule: { id: string; body: string } | undefined;
    if (digest) {
      byDigest ??= new Map((await steering.list('rule')).map((entry) => [ruleDigest(entry.id), entry]));
      rule = byDigest.get(key);
    } else {
      const body = await steering.get('rule', key);
      if (body !== null) rule = { id: key, body };
    }
    // Only the form the service gives this rule's promotions: no second name for one card.
    if (rule === undefined || promotionId(rule.id, n) !== docid) continue;
    found.set(docid, { ruleId: rule.id, n, card: (JSON.parse(rule.body) as QueryRule).consequence.promotions?.[n] });
  }
  return found;
}
