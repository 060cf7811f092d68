import type { FastifyPluginAsync } from 'fastify';
import type { HealthResponse } from '../../src/client/types.ts';
import type { SearchIndex } from '../indices/indexRegistry.ts';
import { storageProblem } from '../storage/storageErrors.ts';
import type { RouteOptions } from './routeOptions.ts';
import type { EventRetention } from '../indices/eventRetention.ts';

/**
 * `GET /health`: for load balancers and monitors; not part of the API, no credentials,
 * no rate limit. 200 `ok` when every index's database answers and its events are saved;
 * 200 `degraded` when searches are answered but something fails (events cannot be
 * saved: a full disk; the cap on stored events deleted the oldest); 503 `unavailable` when a database does not answer. `problems`
 * says in words what is wrong.
 */
export const healthRoutes: FastifyPluginAsync<RouteOptions & { retention: EventRetention }> = async (app, { indices, retention }) => {
  app.get('/health', async (_request, reply): Promise<HealthResponse> => {
    const checked = await Promise.all(indices.all().map((index) => checkIndex(index, retention.cappedOf(index.publicKey))));
    const problems = checked.flatMap((index) => index.problems);
    const status = checked.some((index) => index.answered === false) ? 'unavailable' : problems.length > 0 ? 'degraded' : 'ok';
    if (status === 'unavailable') reply.code(503);
    return { status, indices: checked.map(({ entry }) => entry), ...(problems.length > 0 && { problems }) };
  });
};

async function checkIndex(
  index: SearchIndex,
  capped: { dropped: number; at: number } | null,
): Promise<{ entry: HealthResponse['indices'][number]; answered: boolean; problems: string[] }> {
  const problems: string[] = [];
  let documents: number | null = null;
  try {
    documents = await index.engine.count();
  } catch (error) {
    const why = storageProblem(error) === 'unavailable' ? 'does not answer' : 'fails';
    problems.push(`the database of index '${index.publicKey}' ${why}: ${(error as Error).message}`);
  }
  let lastCrawl: HealthResponse['indices'][number]['lastCrawl'] = null;
  if (documents !== null) {
    // A crawl under way leaves the status `ok`: what is told is how the last one ended.
    const ended = (await index.engine.crawls.list(RECENT_CRAWLS)).find((crawl) => crawl.state !== 'queued' && crawl.state !== 'running');
    if (ended !== undefined) lastCrawl = { id: ended.id, state: ended.state, endedAt: ended.endedAt === null ? null : new Date(ended.endedAt).toISOString() };
  }
  const { queued, dropped, failure } = index.events.health();
  if (failure !== null) {
    const cause = failure.kind === 'storage_full' ? 'the disk is full' : failure.message;
    problems.push(
      `the events of index '${index.publicKey}' cannot be saved since ${new Date(failure.since).toISOString()} (${cause}); ${queued} kept for a retry, ${dropped} dropped`,
    );
  } else if (dropped > 0) problems.push(`${dropped} events of index '${index.publicKey}' were dropped while they could not be saved`);
  if (capped !== null) {
    problems.push(
      `the stored events of index '${index.publicKey}' passed statsMaxEvents: the ${capped.dropped} oldest were deleted since the start, last at ${new Date(capped.at).toISOString()}; raise statsMaxEvents or lower statsRetentionDays`,
    );
  }
  return { entry: { publicKey: index.publicKey, documents, events: { queued, dropped }, lastCrawl }, answered: documents !== null, problems };
}

/** Crawls looked through for the last that ended. */
const RECENT_CRAWLS = 5;
