import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { CrawlResponse } from '../../src/client/types.ts';
import { authorize, basicUser } from '../http/auth.ts';
import type { Crawler } from '../crawl/crawler.ts';
import { documentIdFromUrl } from '../documents/documentId.ts';
import { URL_MAX_CHARS } from '../../src/client/limits.ts';
import { ApiError, unsupportedMediaType } from '../schemas/apiError.ts';
import type { SearchIndex } from '../indices/indexRegistry.ts';
import type { RouteOptions } from './routeOptions.ts';
import { OneOf } from '../schemas/requestSchemas.ts';

export interface CrawlerRouteOptions extends RouteOptions {
  crawler: Crawler;
}

const CrawlBody = Type.Object(
  {
    action: OneOf('FETCH'),
    indexPublicKey: Type.String({ minLength: 1, maxLength: 64 }),
    url: Type.String({ minLength: 1, maxLength: URL_MAX_CHARS }),
  },
  { additionalProperties: false },
);

const CHALLENGE = { 'www-authenticate': 'Basic realm="site-search"' };

/**
 * `POST /crawler` (4.8): schedules a fetch of one page and answers 202 at once; the
 * crawler indexes it in the background. HTTP Basic auth with the key and secret of the
 * index named in the body.
 */
export const crawlerRoutes: FastifyPluginAsyncTypebox<CrawlerRouteOptions> = async (app, { indices, crawler }) => {
  // The Basic username is the index key, so credentials are checked before the body is read.
  app.addHook('onRequest', async (request) => {
    const user = basicUser(request.headers.authorization);
    if (user === null) {
      throw new ApiError(401, 'unauthorized', 'credentials are required: HTTP Basic with the index key and its secret', {
        headers: CHALLENGE,
      });
    }
    let index: SearchIndex;
    try {
      index = indices.get(user);
    } catch {
      throw new ApiError(401, 'unauthorized', `wrong credentials for index '${user}'`, { headers: CHALLENGE });
    }
    await authorize(request, index);
  });
  app.addHook('preValidation', async (request) => {
    if (!/^application\/json\s*(?:;|$)/i.test(request.headers['content-type'] ?? '')) throw unsupportedMediaType();
  });

  app.post('/crawler', { schema: { body: CrawlBody } }, async (request, reply) => {
    const { indexPublicKey, url } = request.body;
    if (indexPublicKey !== basicUser(request.headers.authorization)) {
      throw new ApiError(401, 'unauthorized', `the credentials given are not those of index '${indexPublicKey}'`, {
        headers: CHALLENGE,
      });
    }
    const index = indices.get(indexPublicKey);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ApiError(400, 'invalid_body', 'url must be an absolute http or https URL', { parameter: 'url' });
    }
    const refusal = crawler.refusal(parsed);
    if (refusal !== null) throw new ApiError(400, 'invalid_body', `url cannot be crawled: ${refusal}`, { parameter: 'url' });
    // The id is the md5 of the URL as given (2.4), like a document written with only a url.
    const docId = documentIdFromUrl(url);
    if (!(await crawler.schedule(index, docId, url))) {
      throw new ApiError(429, 'rate_limited', 'too many crawls are waiting; try again later', { headers: { 'retry-after': '60' } });
    }
    const body: CrawlResponse = { message: 'Scheduled', docId };
    return reply.code(202).send(body);
  });
};
