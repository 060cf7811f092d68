import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../app.ts';
import type { AppOptions } from '../app.ts';
import { testEngine } from './testEngine.ts';
import { testFolder } from './runFolder.ts';

/** A service for tests: on a loopback port (`startService`), or answering `app.inject` (`injectService`). */
export interface TestService {
  app: FastifyInstance;
  /** Where it listens; an address that cannot be reached when it does not. */
  baseUrl: string;
  /** Requests `path` (with its query) as `fetch` would: over the socket, or through `inject`. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  dataDir: string;
  /** Closes the app; keeps the data folder (see `remove`). */
  close(): Promise<void>;
  /** Deletes the data folder; call after `close`. */
  remove(): void;
}

/** `Authorization` header value for HTTP Basic. */
export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

export const DEMO_AUTH = basicAuth('demo', 'demo-secret');

/** The demo index and a second one, for tests that prove one index's key cannot reach the other. */
export const TWO_INDICES = [
  { publicKey: 'demo', secret: 'demo-secret' },
  { publicKey: 'other', secret: 'other-secret' },
];

/**
 * Starts `buildApp` on 127.0.0.1 with a fresh temp data folder, or `dataDir` when given.
 * Without a rate limit unless one is given: tests search faster than 5 per second; and
 * without reader threads unless asked for (server/indices/searchThreads.test.ts), so a
 * test's service starts in milliseconds. The
 * engine is the tests' engine (testEngine.ts: SQLite unless SITE_SEARCH_TEST_DATABASE_URL
 * names another), so the same test files check every engine.
 */
export async function startService(options: Partial<AppOptions> = {}): Promise<TestService> {
  const { app, dataDir } = await buildTestApp(options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no address');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    app,
    baseUrl,
    fetch: (path, init) => fetch(baseUrl + path, init),
    dataDir,
    close: () => app.close(),
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * The service of one test file: `start` before its tests, closed and its folder removed
 * after them. A getter, since the service starts only once the file's hooks run.
 */
export function serviceForFile(start: () => Promise<TestService>, timeoutMs = 60_000): () => TestService {
  let service: TestService | undefined;
  beforeAll(async () => {
    service = await start();
  }, timeoutMs);
  afterAll(async () => {
    if (!service) return;
    // The test's own keep-alive connections would hold the close until they time out.
    service.app.server.closeAllConnections();
    await service.close();
    service.remove();
  });
  return () => {
    if (!service) throw new Error("The file's service has not started.");
    return service;
  };
}

/**
 * A service as `startService` starts it, with `documents` added to its demo index in one
 * batch (none added when it opens a kept data folder, `dataDir`).
 */
export async function startServiceWithDocuments(documents: readonly object[], options: Partial<AppOptions> = {}): Promise<TestService> {
  const service = await startService(options);
  if (options.dataDir === undefined) expect((await putJson(service, '/v2/indices/demo/documents:batch', { documents })).status).toBe(202);
  return service;
}

/** The app of a test's service with the defaults `startService` describes, and its data folder. */
export async function buildTestApp(options: Partial<AppOptions>): Promise<{ app: FastifyInstance; dataDir: string }> {
  const dataDir = options.dataDir ?? testFolder('site-search-test-');
  const engine = options.engine ?? (await testEngine());
  const app = await buildApp({ rateLimit: false, searchThreads: 0, ...options, dataDir, ...(engine !== undefined && { engine }) });
  return { app, dataDir };
}

/** PUT JSON with the demo credentials (or `auth`). */
export function putJson(service: TestService, path: string, body: unknown, auth = DEMO_AUTH): Promise<Response> {
  return service.fetch(path, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: auth },
    body: JSON.stringify(body),
  });
}

/** A GET answer, its body parsed as JSON when it is JSON. */
export interface JsonAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** GETs `path` with query parameters given as pairs (so names may repeat). */
export async function getJson<T = unknown>(
  service: TestService,
  path: string,
  params: ReadonlyArray<readonly [string, string]> = [],
  init: RequestInit = {},
): Promise<JsonAnswer<T>> {
  const query = new URLSearchParams(params.map(([k, v]) => [k, v]));
  const response = await service.fetch(`${path}${params.length > 0 ? `?${query}` : ''}`, init);
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  return { status: response.status, headers: response.headers, body: (type.includes('json') ? JSON.parse(text) : text) as T };
}

/** Sends `body` as JSON with `method` and the demo credentials (or `auth`; null for none). */
export function sendJson(service: TestService, method: string, path: string, body?: unknown, auth: string | null = DEMO_AUTH): Promise<Response> {
  return service.fetch(path, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(auth !== null && { authorization: auth }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

/**
 * Polls `check` until it returns a value other than undefined. `timeoutMs` only keeps a
 * state that never comes from hanging the run: a test waits for what it expects, however
 * loaded the machine, and decides on what it sees.
 */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(`no result within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
