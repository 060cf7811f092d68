import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, invalidParameter } from '../schemas/apiError.ts';
import { jsonBodyParser } from '../http/jsonBody.ts';
import { readStatsEvent } from '../schemas/statsEvent.ts';
import type { RouteOptions } from './routeOptions.ts';
import { KeyParams } from '../schemas/requestSchemas.ts';

/** `sendBeacon` sends a string body as text/plain, which browsers may send cross-origin without a preflight. */
const JSON_OR_TEXT = /^(?:application\/json|text\/plain)\s*(?:;|$)/i;

/**
 * `POST /v1/stats/{key}` (API 4.9): a search or click event, stored before the 200.
 * No credentials: the widget reports from visitors' browsers, which hold only the
 * public key. With `statsAllowedOrigins`, pages of other origins are refused (403), so
 * another site cannot make its visitors vote for documents; events without `Origin`
 * (sent by a server) are taken. Takes JSON sent as `application/json` or `text/plain`, with or without a
 * trailing slash. Anyone may send events, so each address has its own rate limit, and
 * the sender's address is kept (as a keyed hash) for click ranking to tell clients apart.
 * A `userToken` must be signed by the site's server (a 400 otherwise, see userTokens.ts). A
 * search event with one notes that its session searched as the user; a click with one
 * then adds the clicked document's categories (and chosen custom field values) to that
 * user's profile, for their personal results, within the limits of PersonalProfiles.
 */
export const statsRoutes: FastifyPluginAsyncTypebox<RouteOptions & { clock: () => number }> = async (app, { indices, clock }) => {
  // Only in this plugin: elsewhere text/plain stays a 415.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, jsonBodyParser(app));
  app.addHook('onRequest', async (request) => {
    const { statsAllowedOrigins } = indices.get((request.params as KeyParams).key);
    // A browser always names the page's origin on a cross-origin POST, sendBeacon and no-cors included.
    const origin = request.headers.origin;
    if (statsAllowedOrigins !== undefined && origin !== undefined && !statsAllowedOrigins.includes(origin)) {
      throw new ApiError(403, 'origin_not_allowed', `stats events from pages of ${origin} are not taken by this index`);
    }
  });
  app.addHook('preValidation', async (request) => {
    if (!JSON_OR_TEXT.test(request.headers['content-type'] ?? '')) {
      throw new ApiError(415, 'unsupported_media_type', 'send the event as JSON with Content-Type: application/json or text/plain');
    }
  });

  const handler = async (request: { params: KeyParams; body: unknown; ip: string }): Promise<Record<string, never>> => {
    const checked = readStatsEvent(request.body);
    if (!checked.ok) {
      throw new ApiError(400, 'invalid_body', checked.message, checked.field === '' ? {} : { parameter: checked.field });
    }
    const index = indices.get(request.params.key);
    // The app's clock: decay, retention and the day's counts all read it.
    const received = clock();
    const { event } = checked;
    // Past the day's cap of distinct tags, the event counts untagged.
    if (event.tag !== undefined && !index.tags.admit(event.tag, received)) delete event.tag;
    let userId: string | undefined;
    if (event.userToken !== undefined) {
      const reading = await index.profiles.readToken(event.userToken, clock());
      if (!reading.ok) throw invalidParameter('userToken', reading.message);
      userId = reading.id;
    }
    const added = await index.events.addStats([event], 'stats', received, request.ip);
    if (added === 0 || userId === undefined) return {};
    // The token itself is never kept: only its user's id, as a keyed hash.
    if (event.action === 'search') await index.profiles.noteSearch(userId, event.session, clock());
    else if (await index.profiles.enabled()) {
      // A new click shapes its user's profile by what the document is (a resent one, nothing).
      const document = await index.engine.get(event.docid);
      if (document !== null) await index.profiles.addClick(userId, event.session, document, clock(), request.ip);
    }
    return {};
  };
  for (const url of ['/v1/stats/:key', '/v1/stats/:key/']) {
    app.post(url, { schema: { params: KeyParams }, config: { rateLimit: 'stats' } }, handler);
  }
};
