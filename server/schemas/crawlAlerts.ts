/**
 * `crawlAlerts` of an index's settings: where the service tells the owner a crawl went
 * wrong (a webhook), and how many new failures are worth telling. The same schema for
 * `PATCH .../settings` and the config file; field by field, as the other grouped settings.
 */
import Type from 'typebox';
import type { CrawlAlerts } from '../../src/client/types.ts';
import { URL_MAX_CHARS } from '../../src/client/limits.ts';

/** A crawl that finds more URLs failing than this that did not fail in the previous crawl is told of. */
export const DEFAULT_CRAWL_ALERTS: CrawlAlerts = { webhook: null, newFailures: 10 };

export const CRAWL_ALERTS_FIELDS = 'webhook, newFailures';

const WEBHOOK_PROBLEM = 'must be null or an absolute http or https URL';
const Webhook = Type.Union(
  [Type.String({ minLength: 1, maxLength: URL_MAX_CHARS, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$', errorMessage: WEBHOOK_PROBLEM }), Type.Null()],
  { errorMessage: WEBHOOK_PROBLEM },
);

export const CrawlAlertsPatch = Type.Object(
  {
    webhook: Type.Optional(Webhook),
    newFailures: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000, errorMessage: 'must be an integer from 0 to 10000000' })),
  },
  { additionalProperties: false, errorMessage: `must be an object (${CRAWL_ALERTS_FIELDS})` },
);
