import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { AppOptions } from '../app.ts';
import { buildTestApp, type TestService } from './service.ts';

/** Statuses whose answer has no body: a `Response` refuses one. */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * A service that never listens: requests go through Fastify's `inject`, with no socket,
 * port or connection of their own, so a route test starts and runs faster. For what is
 * about routes alone; TLS, overload, slow bodies, several nodes and crawls stay on a real
 * socket (`startService`). Same options and defaults as `startService`; its `baseUrl`
 * reaches nothing, so a test that still fetches it fails at once.
 */
export async function injectService(options: Partial<AppOptions> = {}): Promise<TestService> {
  const { app, dataDir } = await buildTestApp(options);
  await app.ready();
  return {
    app,
    baseUrl: 'http://injected.invalid',
    fetch: (path, init) => injectFetch(app, path, init),
    dataDir,
    close: () => app.close(),
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** `fetch` of `path` answered by `app.inject`, as a `Response`. */
export async function injectFetch(app: FastifyInstance, path: string, init: RequestInit = {}): Promise<Response> {
  const body = payload(init.body);
  const answer = await app.inject({
    method: (init.method ?? 'GET') as 'GET',
    url: path,
    headers: Object.fromEntries(new Headers(init.headers)),
    ...(body !== undefined && { payload: body }),
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
  }
  return new Response(NO_BODY.has(answer.statusCode) ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers });
}

/** A request body as `inject` takes it: text or bytes; streams and forms are for a real socket. */
function payload(body: RequestInit['body']): string | Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new Error('injectFetch sends text or bytes; use startService for other bodies');
}
