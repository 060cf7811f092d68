import { describe, expect, it } from 'vitest';
import { createAdminClient } from '../../src/client/createAdminClient.ts';
import type { CreateIndexResponse, IndexListResponse } from '../../src/client/types.ts';
import { runCli } from '../testing/cli.ts';
import { basicAuth, putJson } from '../testing/service.ts';
import { servicesPerTest } from '../testing/servicesPerTest.ts';

const ADMIN_KEY = 'admin-key-of-the-cli-tests-012345';

describe('site-search indices and createAdminClient', () => {
  const start = servicesPerTest();

  it('makes, lists, rotates and deletes an index from the command line', async () => {
    const service = await start({ adminKey: ADMIN_KEY });
    const env = { ...process.env, SITE_SEARCH_URL: service.baseUrl, SITE_SEARCH_ADMIN_KEY: ADMIN_KEY };
    const made = await runCli(['indices', 'create', 'docs'], env);
    expect(made.code).toBe(0);
    const { secret } = JSON.parse(made.stdout) as CreateIndexResponse;
    expect(made.stderr).toContain('will not show it again');
    const page = { url: 'https://example.com/a', title: 'Harbour' };
    expect((await putJson(service, '/v2/indices/docs/documents/a', page, basicAuth('docs', secret))).status).toBe(202);

    const listed = await runCli(['indices', 'list'], env);
    expect(JSON.parse(listed.stdout)).toEqual({
      indices: [
        { publicKey: 'demo', source: 'config', documents: 0 },
        { publicKey: 'docs', source: 'api', documents: 1 },
      ],
    });

    const rotated = await runCli(['indices', 'rotate', 'docs'], env);
    expect(rotated.code).toBe(0);
    const fresh = (JSON.parse(rotated.stdout) as { secret: string }).secret;
    expect((await putJson(service, '/v2/indices/docs/documents/a', page, basicAuth('docs', secret))).status).toBe(401);
    expect((await putJson(service, '/v2/indices/docs/documents/a', page, basicAuth('docs', fresh))).status).toBe(202);

    const unconfirmed = await runCli(['indices', 'delete', 'docs'], env);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain('--confirm docs');
    const deleted = await runCli(['indices', 'delete', 'docs', '--confirm', 'docs'], env);
    expect(deleted.code).toBe(0);
    expect(JSON.parse(deleted.stdout)).toEqual({ publicKey: 'docs', deleted: true });

    // The service's refusal is said in one line, exit 1.
    const config = await runCli(['indices', 'delete', 'demo', '--confirm', 'demo'], env);
    expect(config.code).toBe(1);
    expect(config.stderr).toContain('409 index_in_config');
    const wrong = await runCli(['indices', 'list'], { ...env, SITE_SEARCH_ADMIN_KEY: 'not-the-admin-key-at-all' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('401');
    const missing = await runCli(['indices', 'list'], { ...env, SITE_SEARCH_ADMIN_KEY: '' });
    expect(missing.code).toBe(2);
  });

  it('covers the index API with the client', async () => {
    const service = await start({ adminKey: ADMIN_KEY });
    const admin = createAdminClient({ baseUrl: service.baseUrl, adminKey: ADMIN_KEY });
    const made = await admin.createIndex('shop');
    expect(made.publicKey).toBe('shop');
    expect(((await admin.listIndices()) as IndexListResponse).indices.map((index) => index.publicKey)).toEqual(['demo', 'shop']);
    const { secret } = await admin.rotateSecret('shop');
    expect(secret).not.toBe(made.secret);
    await expect(admin.createIndex('shop')).rejects.toMatchObject({ status: 409, code: 'index_exists' });
    await expect(admin.createIndex('no spaces')).rejects.toMatchObject({ code: 'invalid_parameter' });
    expect(await admin.deleteIndex('shop')).toEqual({ publicKey: 'shop', deleted: true });
    await expect(admin.rotateSecret('shop')).rejects.toMatchObject({ status: 404 });
    const wrong = createAdminClient({ baseUrl: service.baseUrl, adminKey: 'not-the-admin-key-at-all' });
    await expect(wrong.listIndices()).rejects.toMatchObject({ status: 401 });
  });
});
