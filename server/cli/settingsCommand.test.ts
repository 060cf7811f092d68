// `site-search settings` in this process against the reference service over real HTTP.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexSettings } from '../../src/client/types.ts';
import { startService, type TestService } from '../testing/service.ts';
import { cliEnv, runCli, type CliResult } from '../testing/cli.ts';

let service: TestService;
const dir = mkdtempSync(join(tmpdir(), 'site-search-settings-'));

beforeAll(async () => {
  service = await startService();
});

afterAll(async () => {
  await service.close();
  service.remove();
  rmSync(dir, { recursive: true, force: true });
});

function cli(args: string[], secret = 'demo-secret'): Promise<CliResult> {
  return runCli(args, cliEnv(service.baseUrl, 'demo', secret));
}

describe('site-search settings', () => {
  it('gets the settings as JSON', async () => {
    const { code, stdout } = await cli(['settings', 'get']);
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as IndexSettings).typos).toEqual({ minWordLengthForOneTypo: 4, minWordLengthForTwoTypos: 8, disableOnWords: [] });
  });

  it('sets them from JSON on the command line or in a file, and prints them all', async () => {
    const inline = await cli(['settings', 'set', '{"synonyms": [["js", "javascript"]]}']);
    expect(inline.code).toBe(0);
    expect((JSON.parse(inline.stdout) as IndexSettings).synonyms).toEqual([['js', 'javascript']]);
    const file = join(dir, 'settings.json');
    writeFileSync(file, JSON.stringify({ stopWords: ['the'] }));
    const fromFile = await cli(['settings', 'set', file]);
    expect(fromFile.code).toBe(0);
    expect(JSON.parse(fromFile.stdout)).toMatchObject({ synonyms: [['js', 'javascript']], stopWords: ['the'] });
    expect(JSON.parse((await cli(['settings', 'get'])).stdout)).toEqual(JSON.parse(fromFile.stdout));
  });

  it('sets the learning settings: the personalization impact and the suggestion settings', async () => {
    const answer = await cli(['settings', 'set', '{"personalization": {"impact": 0}, "suggestions": {"blockedWords": ["lime"], "minSessions": 2}}']);
    expect(answer.code, answer.stderr).toBe(0);
    expect(JSON.parse(answer.stdout)).toMatchObject({
      personalization: { impact: 0 },
      suggestions: { minSessions: 2, minAddresses: 3, blockedWords: ['lime'] },
    });
    const refused = await cli(['settings', 'set', '{"suggestions": {"minAddresses": 0}}']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('suggestions.minAddresses');
  });

  it('says which setting the service refused, and what is wrong with the command', async () => {
    expect(await cli(['settings', 'set', '{"rules": ["magic"]}'])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^site-search: 400 invalid_body: rules\[0\] must be one of/),
    });
    expect(await cli(['settings', 'get'], 'wrong')).toMatchObject({ code: 1, stderr: expect.stringContaining('401 unauthorized') });
    expect(await cli(['settings', 'set', '{"rules": '])).toMatchObject({ code: 2, stderr: expect.stringContaining('must be JSON') });
    expect(await cli(['settings', 'set', '[]'])).toMatchObject({ code: 2 });
    expect(await cli(['settings', 'set', join(dir, 'missing.json')])).toMatchObject({ code: 2, stderr: expect.stringContaining('is neither') });
    expect(await cli(['settings'])).toMatchObject({ code: 2, stderr: expect.stringContaining('usage: site-search settings get') });
    expect(await cli(['settings', 'get', 'extra'])).toMatchObject({ code: 2 });
  });
});
