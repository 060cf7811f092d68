import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { CrawlJob, CrawlJobCreated, CrawlJobList, CrawlJobSummary, CrawlRemovalPage, CrawlUrlPage } from '../../src/client/types.ts';
import { authorize } from '../http/auth.ts';
import type { Crawler } from '../crawl/crawler.ts';
import { crawlJobOptions, storedOptions } from '../crawl/crawlJobOptions.ts';
import type { CrawlJobs } from '../crawl/crawlJobs.ts';
import { approveHeld, discardHeld } from '../crawl/crawlRemovals.ts';
import type { CrawlRecord, CrawlStore } from '../engine/crawlStore.ts';
import { ApiError, unsupportedMediaType } from '../schemas/apiError.ts';
import { CRAWL_CHANGE_FIELDS, CRAWL_OPTION_FIELDS } from '../schemas/crawlSchedule.ts';
import { DecimalInteger, KeyParams, OneOf } from '../schemas/requestSchemas.ts';
import type { RouteOptions } from './routeOptions.ts';

export interface CrawlsRouteOptions extends RouteOptions {
  crawlJobs: CrawlJobs;
  clock: () => number;
  /** The one-page crawler, whose allow-lists say which start URLs may be fetched. */
  crawler: Pick<Crawler, 'refusal'>;
}

const CrawlBody = Type.Object(
  { ...CRAWL_OPTION_FIELDS, ...CRAWL_CHANGE_FIELDS, dryRun: Type.Optional(Type.Boolean()) },
  // A schema, not `false`: Fastify would drop an unknown field silently, and a misspelt option must not pass.
  { additionalProperties: Type.Never({ errorMessage: 'is not an option of a crawl' }) },
);
const CrawlParams = Type.Object({ key: Type.String({ minLength: 1 }), id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }) });
const UrlsQuery = Type.Object(
  {
    outcome: Type.Optional(OneOf('indexed', 'unchanged', 'excluded', 'failed')),
    reason: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    page: DecimalInteger(1, 100_000, 1),
  },
  { additionalProperties: false },
);
const PageQuery = Type.Object({ page: DecimalInteger(1, 100_000, 1) }, { additionalProperties: false });

/** Crawls listed by `GET .../crawls`. */
const RECENT = 20;
/** URLs of each reason in `GET .../crawls/{id}`. */
const SAMPLES = 10;
/** URLs per page of `GET .../crawls/{id}/urls`. */
const URLS_PAGE = 100;

const WRITE = { lane: 'heavy' } as const;
const READ = { lane: 'read' } as const;

/**
 * Crawl jobs (an addition of the reference service): `POST /v2/indices/{key}/crawls`
 * starts one (202 and `Location`; 409 while another runs), `GET .../crawls` lists the
 * recent ones, `GET .../crawls/{id}` says how one goes, `DELETE .../crawls/{id}` cancels
 * it, `GET .../crawls/{id}/urls` pages through its URLs. HTTP Basic auth with the index's
 * credentials, as the indexing API.
 */
export const crawlsRoutes: FastifyPluginAsyncTypebox<CrawlsRouteOptions> = async (app, { indices, crawlJobs, crawler, clock }) => {
  app.addHook('onRequest', async (request) => {
    await authorize(request, indices.get((request.params as KeyParams).key));
  });
  app.addHook('preValidation', async (request) => {
    // Approve and discard carry no body.
    if (request.method !== 'POST' || request.routeOptions.url !== '/v2/indices/:key/crawls') return;
    if (!/^application\/json\s*(?:;|$)/i.test(request.headers['content-type'] ?? '')) throw unsupportedMediaType();
  });

  app.post('/v2/indices/:key/crawls', { schema: { params: KeyParams, body: CrawlBody }, config: WRITE }, async (request, reply) => {
    const options = crawlJobOptions(request.body);
    if (options.since !== null && options.start.length === 0 && options.sitemaps.length === 0) {
      throw new ApiError(400, 'invalid_body', 'since reads the sitemaps of the start URLs (start) or those given (sitemaps): give one', { parameter: 'since' });
    }
    if (options.start.length === 0 && options.sitemaps.length === 0 && options.changed.length === 0) {
      throw new ApiError(400, 'invalid_body', 'a crawl needs start URLs (start), sitemaps (sitemaps) or the URLs changed (changed)', { parameter: 'start' });
    }
    if (options.since !== null && Number.isNaN(Date.parse(options.since))) {
      throw new ApiError(400, 'invalid_body', `since must be a time in ISO 8601 with its zone (got '${options.since}')`, { parameter: 'since' });
    }
    for (const [name, urls] of [
      ['start', options.start],
      ['sitemaps', options.sitemaps],
      ['changed', options.changed],
    ] as const) {
      for (const url of urls) checkUrl(name, url, crawler);
    }
    const index = indices.get(request.params.key);
    const started = await crawlJobs.start(index, options);
    if (!started.ok) {
      throw new ApiError(
        409,
        'crawl_running',
        `crawl ${started.active} is running on this index: wait for it to end, or cancel it (DELETE .../crawls/${started.active})`,
      );
    }
    const body: CrawlJobCreated = { id: started.id, state: 'queued' };
    return reply
      .code(202)
      .header('location', `/v2/indices/${encodeURIComponent(request.params.key)}/crawls/${started.id}`)
      .send(body);
  });

  app.get('/v2/indices/:key/crawls', { schema: { params: KeyParams }, config: READ }, async (request) => {
    const store = indices.get(request.params.key).engine.crawls;
    const crawls = await store.list(RECENT);
    const body: CrawlJobList = { crawls: await Promise.all(crawls.map((record) => summary(store, record))) };
    return body;
  });

  app.get('/v2/indices/:key/crawls/latest', { schema: { params: KeyParams }, config: READ }, async (request) => {
    const store = indices.get(request.params.key).engine.crawls;
    const [latest] = await store.list(1);
    if (latest === undefined) throw new ApiError(404, 'not_found', 'no crawl on this index yet');
    return report(store, latest);
  });

  app.get('/v2/indices/:key/crawls/:id', { schema: { params: CrawlParams }, config: READ }, async (request) => {
    const store = indices.get(request.params.key).engine.crawls;
    return report(store, await known(store, request.params.id));
  });

  app.delete('/v2/indices/:key/crawls/:id', { schema: { params: CrawlParams }, config: WRITE }, async (request) => {
    const index = indices.get(request.params.key);
    await known(index.engine.crawls, request.params.id);
    const record = await crawlJobs.cancel(index, request.params.id);
    return report(index.engine.crawls, record!);
  });

  // A held crawl's removals: made (approve) or left (discard). Only the latest crawl's: a
  // later crawl has judged the pages again.
  app.post('/v2/indices/:key/crawls/:id/approve', { schema: { params: CrawlParams }, config: WRITE }, async (request) => {
    const index = indices.get(request.params.key);
    await heldAndLatest(index.engine.crawls, request.params.id);
    await approveHeld(index.engine, request.params.id, clock());
    return report(index.engine.crawls, (await index.engine.crawls.get(request.params.id))!);
  });

  app.post('/v2/indices/:key/crawls/:id/discard', { schema: { params: CrawlParams }, config: WRITE }, async (request) => {
    const index = indices.get(request.params.key);
    await heldAndLatest(index.engine.crawls, request.params.id);
    await discardHeld(index.engine.crawls, request.params.id, clock());
    return report(index.engine.crawls, (await index.engine.crawls.get(request.params.id))!);
  });

  app.get('/v2/indices/:key/crawls/:id/removals', { schema: { params: CrawlParams, querystring: PageQuery }, config: READ }, async (request) => {
    const store = indices.get(request.params.key).engine.crawls;
    const { id } = await known(store, request.params.id);
    const { page } = request.query;
    const body: CrawlRemovalPage = { page, pageSize: URLS_PAGE, removals: await store.removals(id, undefined, (page - 1) * URLS_PAGE, URLS_PAGE) };
    return body;
  });

  app.get('/v2/indices/:key/crawls/:id/urls', { schema: { params: CrawlParams, querystring: UrlsQuery }, config: READ }, async (request) => {
    const store = indices.get(request.params.key).engine.crawls;
    const { id } = (await known(store, request.params.id)) satisfies CrawlRecord;
    const { outcome, reason, page } = request.query;
    const filter = { ...(outcome !== undefined && { outcome }), ...(reason !== undefined && { reason }) };
    const urls = await store.urls(id, filter, (page - 1) * URLS_PAGE, URLS_PAGE);
    const body: CrawlUrlPage = {
      page,
      pageSize: URLS_PAGE,
      urls: urls.map((url) => ({ ...url, fetchedAt: iso(url.fetchedAt) })),
    };
    return body;
  });
};

function checkUrl(name: 'start' | 'sitemaps' | 'changed', text: string, crawler: Pick<Crawler, 'refusal'>): void {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ApiError(400, 'invalid_body', `${name} must hold absolute http or https URLs (got '${text}')`, { parameter: name });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ApiError(400, 'invalid_body', `${name} must hold absolute http or https URLs (got '${text}')`, { parameter: name });
  }
  const refusal = crawler.refusal(url);
  if (refusal !== null) throw new ApiError(400, 'invalid_body', `${text} cannot be crawled: ${refusal}`, { parameter: name });
}

async function known(store: CrawlStore, id: string): Promise<CrawlRecord> {
  const record = await store.get(id);
  if (record === null) throw new ApiError(404, 'not_found', `no crawl '${id}' on this index`);
  return record;
}

async function heldAndLatest(store: CrawlStore, id: string): Promise<void> {
  const record = await known(store, id);
  if (record.state !== 'held')
    throw new ApiError(409, 'crawl_not_held', `crawl ${id} is ${record.state}: only a held crawl's removals are approved or discarded`);
  const [latest] = await store.list(1);
  if (latest !== undefined && latest.id !== id) {
    throw new ApiError(409, 'crawl_not_held', `crawl ${latest.id} started after crawl ${id}: its report says what goes now`);
  }
}

async function summary(store: CrawlStore, record: CrawlRecord): Promise<CrawlJobSummary> {
  const options = storedOptions(record.options);
  const { found, pending, fetched, indexed, unchanged, excluded, failed } = await store.counts(record.id);
  return {
    id: record.id,
    state: record.state,
    dryRun: options.dryRun,
    start: options.start.length > 0 ? options.start : options.sitemaps,
    createdAt: iso(record.createdAt)!,
    startedAt: iso(record.startedAt),
    endedAt: iso(record.endedAt),
    error: record.error,
    counts: { found, pending, fetched, indexed, unchanged, excluded, failed },
    removals: await store.removalCounts(record.id),
  };
}

async function report(store: CrawlStore, record: CrawlRecord): Promise<CrawlJob> {
  return {
    ...(await summary(store, record)),
    options: storedOptions(record.options),
    samples: await store.samples(record.id, SAMPLES),
    removed: await store.removals(record.id, undefined, 0, URLS_PAGE),
  };
}

function iso(time: number | null): string | null {
  return time === null ? null : new Date(time).toISOString();
}
