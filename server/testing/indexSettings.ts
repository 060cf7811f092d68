/**
 * The index settings endpoint (`/v2/indices/demo/settings`) as the service tests use it:
 * a service holding some documents, and the settings read and patched with the demo's credentials.
 */
import { expect } from 'vitest';
import type { IndexSettings, IndexSettingsPatch } from '../../src/client/types.ts';
import { DEMO_AUTH, getJson, putJson, sendJson, startService, type TestService } from './service.ts';

export const SETTINGS = '/v2/indices/demo/settings';

/** A service with `documents` in its demo index (none added when it opens a kept data folder). */
export async function startWithDocuments(documents: readonly object[], options: Parameters<typeof startService>[0] = {}): Promise<TestService> {
  const service = await startService(options);
  if (options.dataDir === undefined) expect((await putJson(service, '/v2/indices/demo/documents:batch', { documents })).status).toBe(202);
  return service;
}

export async function readSettings(service: TestService): Promise<IndexSettings> {
  const answer = await getJson<IndexSettings>(service, SETTINGS, [], { headers: { authorization: DEMO_AUTH } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

export async function patchSettings(service: TestService, body: IndexSettingsPatch): Promise<IndexSettings> {
  const answer = await sendJson(service, 'PATCH', SETTINGS, body);
  const json = (await answer.json()) as IndexSettings;
  expect(answer.status, JSON.stringify(json)).toBe(200);
  return json;
}
