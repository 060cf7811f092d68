/**
 * What a site crawl may be asked (`POST /v2/indices/{key}/crawls`), and the recrawl
 * schedule of an index's settings (`crawlSchedule`: the same options and an interval),
 * as TypeBox schemas, so the crawl route, `PATCH .../settings` and the config file
 * refuse the same values with the same words.
 */
import Type from 'typebox';
import { URL_MAX_CHARS } from '../../src/client/limits.ts';

const MINUTE_MS = 60_000;
const UNIT_MS: Record<string, number> = { m: MINUTE_MS, h: 60 * MINUTE_MS, d: 24 * 60 * MINUTE_MS };
/** A crawl more often than this would mostly find nothing new, and keep the site busy. */
export const SCHEDULE_MIN_MS = 5 * MINUTE_MS;
/** A year: past it a schedule is a mistake. */
const SCHEDULE_MAX_MS = 366 * UNIT_MS.d!;
const EVERY = /^([1-9][0-9]{0,5})([mhd])$/;

/** The interval of a schedule in milliseconds (`30m`, `6h`, `1d`); null when it is not one. */
export function scheduleIntervalMs(every: string): number | null {
  const match = EVERY.exec(every);
  if (match === null) return null;
  const ms = Number(match[1]) * UNIT_MS[match[2]!]!;
  return ms >= SCHEDULE_MIN_MS && ms <= SCHEDULE_MAX_MS ? ms : null;
}

const Url = Type.String({ minLength: 1, maxLength: URL_MAX_CHARS });
/** ISO 8601 with a time and a zone: the deploy hook's `since`. */
const TIMESTAMP = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,9})?)?(?:Z|[+-]\\d{2}:\\d{2})$';
const HttpUrl = Type.String({
  minLength: 1,
  maxLength: URL_MAX_CHARS,
  pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
  errorMessage: 'must be an absolute http or https URL',
});
const Glob = Type.String({ minLength: 1, maxLength: URL_MAX_CHARS });

/** The options of a site crawl but `dryRun`, each optional. */
export const CRAWL_OPTION_FIELDS = {
  start: Type.Optional(Type.Array(Url, { maxItems: 100 })),
  sitemaps: Type.Optional(Type.Array(Url, { maxItems: 100 })),
  include: Type.Optional(Type.Array(Glob, { maxItems: 100 })),
  exclude: Type.Optional(Type.Array(Glob, { maxItems: 100 })),
  maxPages: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000 })),
  maxDepth: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  ignoreParams: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 100 })),
  maxRemovalShare: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  maxFailureShare: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
};

export const SCHEDULE_FIELDS = 'every, start, sitemaps, include, exclude, maxPages, maxDepth, ignoreParams, maxRemovalShare, maxFailureShare';
const EVERY_PROBLEM = 'must be an interval such as 30m, 6h or 1d (minutes, hours or days), from 5m to 366d';

/** `crawlSchedule`: when to recrawl and what; it needs start URLs or sitemaps. */
export const CrawlScheduleSetting = Type.Refine(
  Type.Object(
    {
      every: Type.Refine(
        Type.String({ maxLength: 10 }),
        (every) => scheduleIntervalMs(every) !== null,
        () => EVERY_PROBLEM,
      ),
      ...CRAWL_OPTION_FIELDS,
      start: Type.Optional(Type.Array(HttpUrl, { maxItems: 100 })),
      sitemaps: Type.Optional(Type.Array(HttpUrl, { maxItems: 100 })),
    },
    { additionalProperties: false, errorMessage: `must be an object (${SCHEDULE_FIELDS})` },
  ),
  // Refinements may see a value that failed its type.
  (value: unknown) => {
    if (typeof value !== 'object' || value === null) return true;
    const { start, sitemaps } = value as { start?: unknown[]; sitemaps?: unknown[] };
    return (start?.length ?? 0) + (sitemaps?.length ?? 0) > 0;
  },
  () => 'needs start URLs (start) or sitemaps (sitemaps)',
);

/** A deploy hook's fields (`POST .../crawls` only): the URLs changed, or the time since which the sitemaps say what changed. */
export const CRAWL_CHANGE_FIELDS = {
  changed: Type.Optional(Type.Array(Url, { maxItems: 10_000 })),
  since: Type.Optional(Type.String({ pattern: TIMESTAMP, errorMessage: 'must be a time in ISO 8601 with its zone, such as 2026-12-01T10:00:00Z' })),
};

/** A schedule given, or null to remove it. */
export const CrawlSchedulePatch = Type.Union([CrawlScheduleSetting, Type.Null()], {
  errorMessage: `must be null or an object (${SCHEDULE_FIELDS}), such as {"every": "6h", "start": ["https://example.com/"]}`,
});
