import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandler } from './errorHandlers.ts';
import { ApiError } from '../schemas/apiError.ts';
import type { LogMode } from '../config/serviceConfig.ts';
import { loggedUrl, requestLogger } from './requestLog.ts';

/** An app logging as the service does into memory, with a search-like route and one that fails. */
async function loggingApp(
  mode: LogMode,
): Promise<{ lines: () => Array<Record<string, unknown>>; get: (url: string, method?: 'GET' | 'DELETE') => Promise<number> }> {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  const app = Fastify({ logger: requestLogger(mode, stream) });
  app.setErrorHandler(errorHandler);
  app.get('/v1/search/demo', async () => ({ hits: [] }));
  app.get('/fails', async () => {
    throw new Error('the disk caught fire');
  });
  app.get('/busy', async () => {
    throw new ApiError(503, 'overloaded', 'the service is busy');
  });
  app.get('/full', async () => {
    throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
  });
  app.delete('/v2/indices/:key/users/:userToken', async () => ({ forgotten: true }));
  await app.ready();
  return {
    lines: () =>
      text
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    get: async (url, method = 'GET') => (await app.inject({ method, url, remoteAddress: '198.51.100.23' })).statusCode,
  };
}

describe('request logs', () => {
  it('keep no visitor address, and no term, userToken or session value', async () => {
    const log = await loggingApp(true);
    expect(await log.get('/v1/search/demo?term=private+illness&limit=5&userToken=user-42&Session=s-9')).toBe(200);
    const text = JSON.stringify(log.lines());
    for (const secret of ['198.51.100.23', 'remoteAddress', 'remotePort', 'private', 'illness', 'user-42', 's-9']) expect(text).not.toContain(secret);
    expect(log.lines()[0]).toMatchObject({ req: { method: 'GET', url: '/v1/search/demo?term=*&limit=5&userToken=*&Session=*' } });
    expect(log.lines().some((line) => (line.res as { statusCode?: number } | undefined)?.statusCode === 200)).toBe(true);
  });

  it('keep no user token of a path, however its segments are encoded', async () => {
    const log = await loggingApp(true);
    for (const path of ['/v2/indices/demo/users/user-42', '/v2/indices/demo/%75sers/user-42', '/v2/%69ndices/demo/%75%73%65%72%73/user-42?x=1']) {
      expect(await log.get(path, 'DELETE'), path).toBe(200);
    }
    expect(JSON.stringify(log.lines())).not.toContain('user-42');
    expect(
      log
        .lines()
        .filter((line) => line.req !== undefined)
        .map((line) => (line.req as { url: string }).url),
    ).toEqual(['/v2/indices/demo/users/*', '/v2/indices/demo/%75sers/*', '/v2/%69ndices/demo/%75%73%65%72%73/*?x=1']);
  });

  it('log errors even when quiet, and nothing else', async () => {
    const log = await loggingApp('errors');
    expect(await log.get('/v1/search/demo?term=x')).toBe(200);
    expect(await log.get('/fails')).toBe(500);
    expect(log.lines()).toHaveLength(1);
    expect(log.lines()[0]).toMatchObject({ level: 50, msg: 'request failed', err: { message: 'the disk caught fire' } });
  });

  it('give a full disk or a database that does not answer one short line, without a stack', async () => {
    const log = await loggingApp('errors');
    expect(await log.get('/full')).toBe(507);
    expect(log.lines()).toEqual([
      expect.objectContaining({ level: 50, msg: 'request failed: insufficient_storage', code: 'SQLITE_FULL', reason: 'database or disk is full' }),
    ]);
    expect(JSON.stringify(log.lines())).not.toContain('stack');
  });

  it('sum up refusals of an overloaded service in one short line a second, not a stack each', async () => {
    const log = await loggingApp('errors');
    for (let i = 0; i < 20; i++) expect(await log.get('/busy')).toBe(503);
    expect(log.lines()).toEqual([expect.objectContaining({ level: 50, msg: expect.stringMatching(/^overloaded/), refused: 1 })]);
    expect(JSON.stringify(log.lines())).not.toContain('stack');
  });

  it('leave other URLs as they are', () => {
    expect(loggedUrl('/v2/indices/demo/documents')).toBe('/v2/indices/demo/documents');
    expect(loggedUrl('/v1/suggest/demo?term=ab&size=5')).toBe('/v1/suggest/demo?term=*&size=5');
    expect(loggedUrl('/x?%74erm=a')).toBe('/x?%74erm=*');
    expect(loggedUrl('/v2/indices/demo/users/ada%40example.com')).toBe('/v2/indices/demo/users/*');
    expect(loggedUrl('/v2/indices/demo/users/ada/x?session=s')).toBe('/v2/indices/demo/users/*?session=*');
  });
});
