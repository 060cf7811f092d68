// Reduces a BCD support block to the facts the corpus shows: who supports a feature
// fully, since which version and release date, and how the rest falls short.
import type { Browsers, CompatStatement } from './bcdFeatures.ts';

type SupportBlock = CompatStatement['support'];
type BrowserId = keyof Browsers;
type SimpleStatement = Exclude<NonNullable<SupportBlock[BrowserId]>, readonly unknown[]>;

/** The browsers `support_score` is a share of: the desktop and mobile engines most sites test on. */
export const MAJOR_BROWSERS: readonly BrowserId[] = ['chrome', 'edge', 'firefox', 'safari', 'chrome_android', 'firefox_android', 'safari_ios'];

export interface FullSupport {
  browser: BrowserId;
  /** Display name from BCD, such as `Safari on iOS`. */
  name: string;
  /** The version that added it, without BCD's `≤` range mark. */
  version: string;
  /** `yyyy-MM-dd` of that release, when BCD knows it. */
  releaseDate?: string;
}

export interface SupportSummary {
  /** Browsers with full support today, in BCD's browser order. */
  full: FullSupport[];
  /** Some browser supports it only behind a flag, prefixed, under another name or partly. */
  flagged: boolean;
  prefixed: boolean;
  partial: boolean;
  /** Some browser shipped it and later removed it. */
  removed: boolean;
  /** `yyyy-MM-dd` of the first release that had it in any form (flagged, prefixed, partly, later removed). */
  firstSeen?: string;
}

export function summarizeSupport(support: SupportBlock, browsers: Browsers): SupportSummary {
  const summary: SupportSummary = { full: [], flagged: false, prefixed: false, partial: false, removed: false };
  for (const browser of Object.keys(browsers) as BrowserId[]) {
    const statement = support[browser];
    if (statement === undefined) continue;
    const info = browsers[browser];
    let best: FullSupport | undefined;
    let bestIndex = Number.POSITIVE_INFINITY;
    for (const simple of ([] as SimpleStatement[]).concat(statement)) {
      if (typeof simple.version_added !== 'string' || simple.version_added === 'preview') continue;
      if (simple.flags) summary.flagged = true;
      if (simple.prefix !== undefined || simple.alternative_name !== undefined) summary.prefixed = true;
      if (simple.partial_implementation) summary.partial = true;
      if (simple.version_removed !== undefined) summary.removed = true;
      const seen = info.releases[simple.version_added.replace(/^≤/, '')]?.release_date;
      if (seen !== undefined && (summary.firstSeen === undefined || seen < summary.firstSeen)) summary.firstSeen = seen;
      if (simple.flags || simple.prefix !== undefined || simple.alternative_name !== undefined) continue;
      if (simple.partial_implementation || simple.version_removed !== undefined) continue;
      const version = simple.version_added.replace(/^≤/, '');
      const release = info.releases[version];
      // Unknown versions sort last so a dated statement wins.
      const index = release?.index ?? Number.MAX_SAFE_INTEGER;
      if (best === undefined || index < bestIndex) {
        best = release?.release_date ? { browser, name: info.name, version, releaseDate: release.release_date } : { browser, name: info.name, version };
        bestIndex = index;
      }
    }
    if (best) summary.full.push(best);
  }
  return summary;
}

/** The earliest release date among the full supports, `yyyy-MM-dd`. */
export function firstReleaseDate(summary: SupportSummary): string | undefined {
  let first: string | undefined;
  for (const support of summary.full) {
    if (support.releaseDate !== undefined && (first === undefined || support.releaseDate < first)) {
      first = support.releaseDate;
    }
  }
  return first;
}

/** Share of {@link MAJOR_BROWSERS} with full support, rounded to 3 places. */
export function supportScore(summary: SupportSummary): number {
  const supported = summary.full.filter((s) => MAJOR_BROWSERS.includes(s.browser)).length;
  return Math.round((supported / MAJOR_BROWSERS.length) * 1000) / 1000;
}

/** Major version of the first full support in `browser` (`10.1` gives 10), 0 when none. */
export function majorVersion(summary: SupportSummary, browser: BrowserId): number {
  const support = summary.full.find((s) => s.browser === browser);
  const major = support ? Number.parseInt(support.version, 10) : 0;
  return Number.isFinite(major) ? major : 0;
}
