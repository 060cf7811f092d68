import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { IndexSettings } from '../../src/client/types.ts';
import { authorize } from '../http/auth.ts';
import { ApiError, unsupportedMediaType } from '../schemas/apiError.ts';
import type { SearchIndex } from '../indices/indexRegistry.ts';
import { suggestedRule } from '../events/learningSettings.ts';
import { overlaySettings, parseStoredSettings, SETTINGS_ID, SETTINGS_KIND, type RankingConfig } from '../config/rankingSettings.ts';
import { KeyParams } from '../schemas/requestSchemas.ts';
import { settingsInEffect } from '../config/settingsInEffect.ts';
import { settingsProblems, typoLengthsProblem } from '../schemas/indexSettings.ts';
import type { RouteOptions } from './routeOptions.ts';

/**
 * `GET` and `PATCH /v2/indices/{key}/settings` (an addition of the reference service):
 * the index's ranking and learning settings, HTTP Basic auth as the indexing API. A PATCH
 * replaces the fields it gives (grouped settings field by field) and answers the settings
 * in effect, which the next search and suggestion use on every node within a second (see
 * searchPipeline.ts, indices/currentLearningSettings.ts); they are stored in the index, so a
 * restart keeps them. Fields never written follow the config file.
 */
export const settingsRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { indices }) => {
  app.addHook('onRequest', async (request) => {
    await authorize(request, indices.get((request.params as KeyParams).key));
  });
  app.addHook('preValidation', async (request) => {
    if (request.method !== 'PATCH') return;
    if (!/^application\/json\s*(?:;|$)/i.test(request.headers['content-type'] ?? '')) throw unsupportedMediaType();
  });
  // PATCHes of one index one after another on this node, so that none is lost between its read and its write.
  const patches = new Map<string, Promise<unknown>>();

  app.get('/v2/indices/:key/settings', { schema: { params: KeyParams }, config: { lane: 'read' } }, async (request): Promise<IndexSettings> => {
    const index = indices.get(request.params.key);
    return settingsInEffect(index, await stored(index));
  });

  app.patch('/v2/indices/:key/settings', { schema: { params: KeyParams }, config: { lane: 'heavy' } }, async (request): Promise<IndexSettings> => {
    const [problem] = settingsProblems(request.body);
    if (problem !== undefined) throw new ApiError(400, 'invalid_body', problem.message, problem.field === '' ? {} : { parameter: problem.field });
    const patch = request.body as RankingConfig;
    const index = indices.get(request.params.key);
    const previous = patches.get(index.publicKey) ?? Promise.resolve();
    const done = previous.catch(() => undefined).then(() => applyPatch(index, patch));
    patches.set(index.publicKey, done);
    try {
      return await done;
    } finally {
      if (patches.get(index.publicKey) === done) patches.delete(index.publicKey);
    }
  });
};

async function stored(index: SearchIndex): Promise<RankingConfig> {
  return parseStoredSettings(await index.engine.steering.get(SETTINGS_KIND, SETTINGS_ID));
}

async function applyPatch(index: SearchIndex, patch: RankingConfig): Promise<IndexSettings> {
  const next = overlaySettings(await stored(index), patch);
  const settings = settingsInEffect(index, next);
  const problem = typoLengthsProblem(settings.typos, patch.typos);
  if (problem !== null) throw new ApiError(400, 'invalid_body', problem.message, { parameter: problem.field });
  await index.engine.steering.put(SETTINGS_KIND, SETTINGS_ID, JSON.stringify(next));
  index.learning.forget();
  // The synonyms and rules resolved now, not by the first visitor's search after the change.
  await index.search.suggest('a', 1).catch(() => {});
  // The event store marks the keywords the rule suggests now, for every node that shares it.
  await index.events.setSuggestedRule(suggestedRule(settings.suggestions));
  return settings;
}
