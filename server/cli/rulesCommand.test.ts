// The `site-search rules` commands against the reference service (in this process).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryRuleList } from '../../src/client/types.ts';
import { startService, type TestService } from '../testing/service.ts';
import { cliEnv, runCli, type CliResult } from '../testing/cli.ts';

let service: TestService;
const dir = mkdtempSync(join(tmpdir(), 'site-search-rules-cli-'));

beforeAll(async () => {
  service = await startService();
});

afterAll(async () => {
  await service.close();
  service.remove();
  rmSync(dir, { recursive: true, force: true });
});

function cli(args: string[], stdin?: string): Promise<CliResult> {
  return runCli(args, cliEnv(service.baseUrl, 'demo', 'demo-secret'), stdin === undefined ? {} : { stdin });
}

const RULE = { conditions: [{ pattern: 'login', anchoring: 'is' }], consequence: { redirect: 'https://example.com/account' } };

describe('site-search rules', () => {
  it('puts a rule from a file and from standard input, lists them and deletes one', async () => {
    const file = join(dir, 'rule.json');
    writeFileSync(file, JSON.stringify(RULE));
    const put = await cli(['rules', 'put', 'from-file', file]);
    expect(put).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(put.stdout)).toEqual({ id: 'from-file', ...RULE, enabled: true });
    expect((await cli(['rules', 'put', 'from-stdin', '-'], JSON.stringify({ ...RULE, enabled: false }))).code).toBe(0);
    const list = JSON.parse((await cli(['rules', 'list'])).stdout) as QueryRuleList;
    expect(list.rules.map((r) => [r.id, r.enabled])).toEqual([
      ['from-file', true],
      ['from-stdin', false],
    ]);
    expect(await cli(['rules', 'delete', 'from-file'])).toMatchObject({ code: 0, stdout: expect.stringContaining('"from-file"') });
    expect((await cli(['rules', 'delete', 'from-file'])).code).toBe(1);
  });

  it('says what is wrong: a usage, a file that is not JSON, a rule the service refuses', async () => {
    expect((await cli(['rules', 'move'])).code).toBe(2);
    expect((await cli(['rules', 'put', 'x'])).code).toBe(2);
    const notJson = join(dir, 'bad.json');
    writeFileSync(notJson, '{ conditions');
    expect(await cli(['rules', 'put', 'x', notJson])).toMatchObject({ code: 2, stderr: expect.stringContaining('is not JSON') });
    const refused = await cli(['rules', 'put', 'x', '-'], JSON.stringify({ ...RULE, conditions: [] }));
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('400 invalid_body') });
  });
});
