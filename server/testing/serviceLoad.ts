import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { rmSync } from 'node:fs';
import autocannon, { type AutocannonRequest } from 'autocannon';
import { DEMO_AUTH } from './service.ts';
import { spawnServiceFromSource } from './serviceFromSource.ts';
import { testFolder } from './runFolder.ts';

/** The service as a separate process (`npm run serve`, from the sources), so the load and the service do not share an event loop. */
export interface ServiceProcess {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * The environment of a service process under load: the load comes from one address
 * (loopback), so no rate limit, and room for all its connections (overload settings the
 * caller set in SITE_SEARCH_OVERLOAD are kept).
 */
export function loadEnvironment(): NodeJS.ProcessEnv {
  const overload = JSON.parse(process.env.SITE_SEARCH_OVERLOAD || '{}') as Record<string, unknown>;
  return {
    ...process.env,
    NODE_NO_WARNINGS: '1',
    SITE_SEARCH_RATE_LIMIT: 'off',
    SITE_SEARCH_OVERLOAD: JSON.stringify({ maxConnectionsPerAddress: 1000, ...overload }),
  };
}

export async function startServiceProcess(): Promise<ServiceProcess> {
  const dataDir = testFolder('site-search-load-');
  const child = spawnServiceFromSource(['--port', '0', '--data', dataDir, '--quiet'], loadEnvironment());
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m !== null) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`service exited with ${code}: ${out}`)));
  });
  return {
    baseUrl,
    stop: async () => {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function stopChild(child: ChildProcessWithoutNullStreams): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const WORDS = ['widget', 'search', 'grid', 'flex', 'color', 'layout', 'font', 'border', 'animation', 'table'];

/** Documents the searches find, written before the load. */
export async function seedDocuments(baseUrl: string, count = 500): Promise<void> {
  const documents = Array.from({ length: count }, (_, i) => ({
    id: `seed-${i}`,
    url: `https://docs.example.com/${WORDS[i % WORDS.length]}/${i}.html`,
    title: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} guide ${i}`,
    main_content: Array.from({ length: 40 }, (_, j) => WORDS[(i + j * 3) % WORDS.length]).join(' '),
    custom_fields: { price: i % 100, area: WORDS[i % 3]! },
  }));
  const response = await fetch(`${baseUrl}/v2/indices/demo/documents:batch`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: DEMO_AUTH },
    body: JSON.stringify({ documents }),
  });
  if (response.status !== 202) throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
}

/** Figures of one kind of request under load. */
export interface LoadFigures {
  kind: 'search' | 'write';
  connections: number;
  requests: number;
  /** Requests per second. */
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers 503: the service shedding load past overload.maxInFlight, as it should. */
  refused: number;
  /** Connection errors, timeouts and answers other than 2xx and 503. */
  errors: number;
}

/**
 * Searches (with facets, varied terms) and single-document writes at the same time,
 * each with `connections` concurrent connections, for `seconds`; only to loopback.
 */
export async function runLoad(baseUrl: string, connections: number, seconds: number): Promise<LoadFigures[]> {
  let searchCount = 0;
  let writeCount = 0;
  const search: AutocannonRequest = {
    method: 'GET',
    setupRequest: (request) => {
      const n = searchCount++;
      const term = `${WORDS[n % WORDS.length]} ${WORDS[(n >> 3) % WORDS.length]!.slice(0, 2 + (n % 4))}`;
      return { ...request, path: `/v1/search/demo?term=${encodeURIComponent(term)}&facet=custom_fields.area&fuzzy=auto` };
    },
  };
  const write: AutocannonRequest = {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: DEMO_AUTH },
    setupRequest: (request) => {
      const n = writeCount++;
      const document = {
        title: `Loaded ${WORDS[n % WORDS.length]} ${n}`,
        main_content: `Written under load: ${WORDS[(n * 3) % WORDS.length]} and ${WORDS[(n * 5) % WORDS.length]}.`,
        custom_fields: { price: n % 100, area: WORDS[n % 3]! },
      };
      return { ...request, path: `/v2/indices/demo/documents/load-${n % 2000}`, body: JSON.stringify(document) };
    },
  };
  const runs = [
    { kind: 'search' as const, request: search },
    { kind: 'write' as const, request: write },
  ].map(async ({ kind, request }) => {
    const times: number[] = [];
    let refused = 0;
    const instance = autocannon({ url: baseUrl, connections, duration: seconds, timeout: 10, requests: [request] });
    instance.on('response', (_client, status, _bytes, time) => {
      // A refusal is answered at once; its time would flatter the percentiles.
      if (status === 503) refused++;
      else times.push(time);
    });
    const result = await instance;
    times.sort((a, b) => a - b);
    const at = (q: number): number => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
    return {
      kind,
      connections,
      requests: result.requests.total,
      throughput: result.requests.total / result.duration,
      p50: at(0.5),
      p95: at(0.95),
      p99: at(0.99),
      refused,
      errors: result.errors + result.timeouts + result.non2xx - refused,
    };
  });
  return Promise.all(runs);
}
