/**
 * The index settings endpoint (`/v2/indices/demo/settings`) as the service tests use it:
 * the settings read and patched with the demo's credentials.
 */
import { expect } from 'vitest';
import type { IndexSettings, IndexSettingsPatch } from '../../src/client/types.ts';
import { DEMO_AUTH, getJson, sendJson, type TestService } from './service.ts';

export const SETTINGS = '/v2/indices/demo/settings';

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
