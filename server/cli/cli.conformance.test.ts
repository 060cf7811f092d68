// The site-search command run as a child process against the reference service
// (started here on a temp folder, port 0) and against a fake host for crawling.
import type { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse, StoredStatsEventsResponse } from '../../src/client/types.ts';
import { startFakeHost, sendJson, type HostRequest } from '../testing/fakeHost.ts';
import { cliEnv, runCli, type CliResult } from '../testing/cli.ts';
import { basicAuth, eventually, getJson, putJson, startService, type TestService } from '../testing/service.ts';
import type { ResumeState } from './resumeState.ts';

const LINES = 50_000;
const BAD_LINE = 25_000;
const INDICES = ['stop', 'skip', 'resume', 'other', 'eval'];

let service: TestService;
let dir: string;
let withBadLine: string;
let allGood: string;

beforeAll(async () => {
  service = await startService({ indices: INDICES.map((publicKey) => ({ publicKey, secret: `${publicKey}-secret` })) });
  dir = mkdtempSync(join(tmpdir(), 'site-search-cli-'));
  const lines = (bad: boolean) =>
    Array.from({ length: LINES }, (_, i) =>
      bad && i + 1 === BAD_LINE
        ? JSON.stringify({ title: 'a document with neither url nor id' })
        : JSON.stringify({ id: `doc-${i + 1}`, title: `Document ${i + 1}`, main_content: `Text of document ${i + 1}`, custom_fields: { n: i + 1 } }),
    ).join('\n') + '\n';
  withBadLine = join(dir, 'bad.ndjson');
  allGood = join(dir, 'good.ndjson');
  writeFileSync(withBadLine, lines(true));
  writeFileSync(allGood, lines(false));
});

afterAll(async () => {
  await service.close();
  service.remove();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the CLI; `whileRunning` may kill it. Credentials of `index` come from the environment. */
function cli(args: string[], index = 'other', whileRunning?: (child: ReturnType<typeof spawn>) => void): Promise<CliResult> {
  return runCli(args, cliEnv(service.baseUrl, index, `${index}-secret`), whileRunning === undefined ? {} : { whileRunning });
}

async function total(index: string): Promise<number> {
  const response = await fetch(`${service.baseUrl}/v1/search/${index}?term=*&limit=1`);
  return ((await response.json()) as SearchResponse).total_hits;
}

// The three runs use their own index and state file, so they run side by side.
describe.concurrent('site-search index', () => {
  it('stops at the bad line with its number, having indexed what came before', async ({ expect }) => {
    const state = join(dir, 'stop.state.json');
    const result = await cli(['index', withBadLine, '--state', state], 'stop');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`site-search: stopped at line ${BAD_LINE}: a document needs a url or an id`));
    expect(await total('stop')).toBe(BAD_LINE - 1);
    // The state file lets a fixed file resume right at the bad line.
    expect((JSON.parse(readFileSync(state, 'utf8')) as ResumeState).line).toBe(BAD_LINE - 1);
  });

  it('with --skip-invalid indexes the rest and lists the bad line at the end', async ({ expect }) => {
    const result = await cli(['index', withBadLine, '--skip-invalid', '--state', join(dir, 'skip.state.json')], 'skip');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`indexed ${LINES - 1} documents from ${withBadLine}, skipped 1\n`);
    expect(result.stderr).toMatch(new RegExp(`skipped 1 invalid document:\\n  line ${BAD_LINE}: a document needs a url or an id`));
    // Not a TTY: plain progress lines with count, rate and time left.
    expect(result.stderr).toMatch(/^indexed [\d,]+, [\d,]+\/s, \d+%, about .+ left$/m);
    expect(await total('skip')).toBe(LINES - 1);
    expect(existsSync(join(dir, 'skip.state.json'))).toBe(false);
  });

  it('resumes an interrupted run after the last acknowledged line', async ({ expect }) => {
    const state = join(dir, 'resume.state.json');
    const killed = await cli(['index', allGood, '--state', state, '--batch-size', '500'], 'resume', (child) => {
      // Kill the run as soon as it has recorded a batch.
      const poll = setInterval(() => {
        const saved = existsSync(state) ? (JSON.parse(readFileSync(state, 'utf8')) as ResumeState) : null;
        if (saved !== null && saved.line >= 1000) {
          clearInterval(poll);
          child.kill('SIGKILL');
        }
      }, 5);
      child.on('close', () => clearInterval(poll));
    });
    expect(killed.signal).toBe('SIGKILL');
    const stoppedAt = (JSON.parse(readFileSync(state, 'utf8')) as ResumeState).line;
    expect(stoppedAt).toBeLessThan(LINES);
    expect(await total('resume')).toBeGreaterThanOrEqual(stoppedAt);

    const resumed = await cli(['index', allGood, '--state', state, '--resume'], 'resume');
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(`resuming after line ${stoppedAt.toLocaleString('en')}`);
    expect(resumed.stdout).toBe(`indexed ${LINES} documents from ${allGood}\n`);
    expect(await total('resume')).toBe(LINES);
    expect(existsSync(state)).toBe(false);
  });
});

describe('site-search index, documents only the service can judge', () => {
  it("maps the service's refusal of a batch back to the line, in both modes", async () => {
    const file = join(dir, 'dates.ndjson');
    const docs = [{ id: 'd1' }, { id: 'd2', doc_date: '2024-01-01' }, { id: 'd3', doc_date: 'yesterday' }, { id: 'd4' }];
    writeFileSync(file, docs.map((d) => JSON.stringify(d)).join('\n') + '\n');
    const stop = await cli(['index', file]);
    expect(stop.code).toBe(1);
    expect(stop.stderr).toMatch(/site-search: stopped at line 3: doc_date must be/);
    const skip = await cli(['index', file, '--skip-invalid']);
    expect(skip.code).toBe(0);
    expect(skip.stdout).toBe(`indexed 3 documents from ${file}, skipped 1\n`);
    expect(skip.stderr).toMatch(/ {2}line 3: doc_date must be/);
  });

  it('waits and retries when the service refuses a batch for rate', async () => {
    const host = await startFakeHost((_request, res) => {
      if (host.requests.length === 1) sendJson(res, 429, { error: { status: 429, code: 'rate_limited', message: 'slow down' } }, { 'Retry-After': '0' });
      else sendJson(res, 202, { ids: ['d1'] });
    });
    const file = join(dir, 'one.ndjson');
    writeFileSync(file, '{"id":"d1"}\n');
    try {
      const result = await cli(['index', file, '--url', host.baseUrl, '--key', 'k', '--secret', 's']);
      expect(result.code).toBe(0);
      expect(result.stderr).toContain('the service asked to slow down (429)');
      expect(host.requests.map((r) => `${r.method} ${r.url}`)).toEqual(Array.from({ length: 2 }, () => 'PUT /v2/indices/k/documents:batch'));
    } finally {
      await host.close();
    }
  });
});

describe('site-search search', () => {
  it('prints a readable table, or JSON with --json', async () => {
    const table = await cli(['search', 'document', '--limit', '2', '--sort', 'custom_fields.n', '--order', 'asc'], 'skip');
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^49,999 hits, page 1, \d+ ms\n#\s+id\s+title\s+url\n[- ]+\n1\s+doc-1\s+Document 1\n2\s+doc-2\s+Document 2\n$/);
    const json = await cli(['search', 'document', '--limit', '1', '--json'], 'skip');
    expect((JSON.parse(json.stdout) as SearchResponse).total_hits).toBe(LINES - 1);
  });

  it('refuses bad usage with exit code 2 and one line', async () => {
    const usages = [['search', 'x', '--order', 'up'], ['frobnicate'], ['index', 'docs.ndjson', '--secret', '']];
    const results = await Promise.all(usages.map((args) => cli(args)));
    results.forEach((result, i) => {
      expect(result.code, usages[i]!.join(' ')).toBe(2);
      expect(result.stderr.trim().split('\n'), usages[i]!.join(' ')).toHaveLength(1);
    });
    const limit = await cli(['search', 'x', '--limit', '301']);
    expect(limit.code).toBe(1);
    expect(limit.stderr).toBe('site-search: limit must be an integer from 1 to 300 (got 301)\n');
  });
});

describe('site-search eval', () => {
  const documents = [
    { id: 'css-grid', url: 'https://site.example/css/grid', title: 'CSS grid layout', main_content: 'Rows and columns with grid.' },
    { id: 'flexbox', url: 'https://site.example/css/flexbox', title: 'Flexbox basics', main_content: 'One axis at a time.' },
    { id: 'fetch', url: 'https://site.example/js/fetch', title: 'Fetch API', main_content: 'Requests from the browser with fetch.' },
    { id: 'promise', url: 'https://site.example/js/promise', title: 'Promises in JavaScript', main_content: 'Asynchronous values.' },
  ];
  // One wanted page is found by id, one by URL (its host written in capitals), one is
  // missed, one is found among two wanted: success@1 and MRR@10 are 3/4.
  const judged = [
    { query: 'grid layout', wanted: ['css-grid'] },
    { query: 'flexbox', wanted: ['https://SITE.example/css/flexbox'] },
    { query: 'fetch', wanted: ['promise'] },
    { query: 'javascript promises', wanted: ['fetch', 'promise'] },
  ];

  beforeAll(async () => {
    expect((await putJson(service, '/v2/indices/eval/documents:batch', { documents }, basicAuth('eval', 'eval-secret'))).status).toBe(202);
    await eventually(async () => ((await total('eval')) === documents.length ? true : undefined));
  });

  it('prints the figures and the misses with what they got, and passes a threshold it meets', async () => {
    const file = join(dir, 'judged.json');
    writeFileSync(file, JSON.stringify(judged, null, 2));
    const result = await cli(['eval', file, '--min-mrr', '0.75', '--min-success1', '0.7'], 'eval');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /^4 judged queries\nfigure\s+value\s+at least\n[- ]+\nsuccess@1\s+0\.750\s+0\.700\s+met\nsuccess@3\s+0\.750\nMRR@10\s+0\.750\s+0\.750\s+met\n/,
    );
    expect(result.stdout).toContain(
      "1 miss (no wanted result in the top 10):\n  'fetch' (entry 3 at line 14) wanted promise\n    1. fetch  Fetch API  https://site.example/js/fetch\n",
    );
    expect(result.stderr).toMatch(/^searched 4, /m);
    // A judged search is not a visitor's: it must not lower the click boosts of the
    // queries it judges. A visitor's search after it is stored; the judged ones are not.
    expect((await fetch(`${service.baseUrl}/v1/search/eval?term=visitor+after+eval`)).status).toBe(200);
    const stored = await eventually(async () => {
      const answer = await getJson<StoredStatsEventsResponse>(service, '/v2/indices/eval/stats/events', [['limit', '1000']], {
        headers: { authorization: basicAuth('eval', 'eval-secret') },
      });
      const terms = answer.body.events.map((e) => e.keyword);
      return terms.includes('visitor after eval') ? terms : undefined;
    });
    expect(stored.filter((term) => judged.some((j) => j.query === term))).toEqual([]);
  });

  it('reads CSV with | between wanted pages, and exits 1 under --min-mrr', async () => {
    const file = join(dir, 'judged.csv');
    writeFileSync(file, 'query,wanted\n' + judged.map((j) => `${j.query},${j.wanted.join('|')}`).join('\n') + '\n');
    const result = await cli(['eval', file, '--min-mrr', '0.8'], 'eval');
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/MRR@10\s+0\.750\s+0\.800\s+NOT MET/);
    expect(result.stdout).toContain("'fetch' (line 4) wanted promise");
    expect(result.stderr).toMatch(/site-search: MRR@10 0\.750 is under 0\.800\n$/);
  });

  it('names the bad entry of a file, and the query the host refused', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '[\n  {"query": "grid", "wanted": ["css-grid"]},\n  {"query": "flexbox", "wanted": []}\n]\n');
    const badFile = await cli(['eval', bad], 'eval');
    expect(badFile.code).toBe(2);
    expect(badFile.stderr).toBe(`site-search: ${bad}, entry 2 at line 3: wanted must list at least one id or URL\n`);
    const long = join(dir, 'long.csv');
    writeFileSync(long, `query,wanted\ngrid,css-grid\n${'word '.repeat(30)},css-grid\n`);
    const refused = await cli(['eval', long], 'eval');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^site-search: the host refused the query at line 3 \('word word .*'\): .*20 words/m);
  });
});

describe('commands whose endpoints the reference service lacks yet, against a fake host', () => {
  it('status takes a URL as the md5 of it; events go in batches; get, delete and hidden-keywords reach their paths', async () => {
    const host = await startFakeHost((request, res) => sendJson(res, 200, request.method === 'GET' ? { id: 'x', status: 'INDEXED' } : { id: 'x' }));
    const events = join(dir, 'events.ndjson');
    writeFileSync(
      events,
      Array.from({ length: 5 }, (_, i) => JSON.stringify({ transaction: `t${i >> 1}`, item: `i${i}`, time: '2024-05-01T10:00:00Z' })).join('\n'),
    );
    const flags = ['--url', host.baseUrl, '--key', 'k', '--secret', 's'];
    try {
      const commands = [
        ['status', 'https://site.example/page?q=1'],
        ['get', 'doc 1'],
        ['delete', 'doc-1'],
        ['hidden-keywords', 'doc-1', 'alpha beta'],
        ['events', events, '--dataset', 'cart', '--batch-size', '2'],
      ];
      const results = await Promise.all(commands.map((args) => cli([...args, ...flags])));
      results.forEach((result, i) => expect(result.code, `${commands[i]!.join(' ')}: ${result.stderr}`).toBe(0));
      const md5 = createHash('md5').update('https://site.example/page?q=1').digest('hex');
      // The commands ran side by side, so compare the requests in a fixed order.
      const seen = (r: HostRequest) => `${r.method} ${r.url}`;
      expect(host.requests.map(seen).sort()).toEqual(
        [
          `GET /v1/indices/k/documents/${md5}`,
          'GET /v2/indices/k/documents/doc%201',
          'DELETE /v2/indices/k/documents/doc-1',
          'POST /v1/indices/k/documents/doc-1/content/hiddenKeywords',
          ...Array.from({ length: 3 }, () => 'POST /v2/indices/k/recommendations-datasets/cart/events:batch'),
        ].sort(),
      );
      expect(JSON.parse(host.requests.find((r) => r.url.endsWith('hiddenKeywords'))!.body)).toEqual({ hiddenKeywords: 'alpha beta' });
      const batches = host.requests.filter((r) => r.url.endsWith('events:batch')).map((r) => (JSON.parse(r.body) as { events: unknown[] }).events.length);
      expect(batches).toEqual([2, 2, 1]);
    } finally {
      await host.close();
    }
  });
});
