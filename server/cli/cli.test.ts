// The site-search command run as a child process against the reference service
// (started here on a temp folder, port 0) and against a fake host for crawling.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../src/client/types.ts';
import { startService, type TestService } from '../testing/service.ts';
import type { ResumeState } from './resumeState.ts';

const BIN = join(import.meta.dirname, 'bin.mjs');
const LINES = 50_000;
const BAD_LINE = 25_000;
const INDICES = ['stop', 'skip', 'resume', 'other'];

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

interface Result {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI; `whileRunning` may kill it. Credentials of `index` come from the environment. */
function cli(args: string[], index = 'other', whileRunning?: (child: ReturnType<typeof spawn>) => void): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...process.env, SITE_SEARCH_URL: service.baseUrl, SITE_SEARCH_KEY: index, SITE_SEARCH_SECRET: `${index}-secret` },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    whileRunning?.(child);
  });
}

async function total(index: string): Promise<number> {
  const response = await fetch(`${service.baseUrl}/v1/search/${index}?term=*&limit=1`);
  return ((await response.json()) as SearchResponse).total_hits;
}

describe('site-search index', () => {
  it('stops at the bad line with its number, having indexed what came before', async () => {
    const state = join(dir, 'stop.state.json');
    const result = await cli(['index', withBadLine, '--state', state], 'stop');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`site-search: stopped at line ${BAD_LINE}: a document needs a url or an id`));
    expect(await total('stop')).toBe(BAD_LINE - 1);
    // The state file lets a fixed file resume right at the bad line.
    expect((JSON.parse(readFileSync(state, 'utf8')) as ResumeState).line).toBe(BAD_LINE - 1);
  });

  it('with --skip-invalid indexes the rest and lists the bad line at the end', async () => {
    const result = await cli(['index', withBadLine, '--skip-invalid', '--state', join(dir, 'skip.state.json')], 'skip');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`indexed ${LINES - 1} documents from ${withBadLine}, skipped 1\n`);
    expect(result.stderr).toMatch(new RegExp(`skipped 1 invalid document:\\n  line ${BAD_LINE}: a document needs a url or an id`));
    // Not a TTY: plain progress lines with count, rate and time left.
    expect(result.stderr).toMatch(/^indexed [\d,]+, [\d,]+\/s, \d+%, about .+ left$/m);
    expect(await total('skip')).toBe(LINES - 1);
    expect(existsSync(join(dir, 'skip.state.json'))).toBe(false);
  });

  it('resumes an interrupted run after the last acknowledged line', async () => {
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

describe('site-search search', () => {
  it('prints a readable table, or JSON with --json', async () => {
    const table = await cli(['search', 'document', '--limit', '2', '--sort', 'custom_fields.n', '--order', 'asc'], 'skip');
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^49,999 hits, page 1, \d+ ms\n#\s+id\s+title\s+url\n[- ]+\n1\s+doc-1\s+Document 1\n2\s+doc-2\s+Document 2\n$/);
    const json = await cli(['search', 'document', '--limit', '1', '--json'], 'skip');
    expect((JSON.parse(json.stdout) as SearchResponse).total_hits).toBe(LINES - 1);
  });

  it('refuses bad usage with exit code 2 and one line', async () => {
    for (const args of [['search'], ['search', 'x', '--order', 'up'], ['frobnicate'], ['search', 'x', '--nope']]) {
      const result = await cli(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
    const limit = await cli(['search', 'x', '--limit', '301']);
    expect(limit.code).toBe(1);
    expect(limit.stderr).toBe('site-search: limit must be an integer from 1 to 300 (got 301)\n');
  });
});

describe('site-search crawl --sitemap', () => {
  it('schedules every page of a sitemap index on the crawl endpoint', async () => {
    const posted: unknown[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        if (req.url === '/sitemap.xml') {
          res.setHeader('Content-Type', 'application/xml');
          res.end(`<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${base}/pages.xml</loc></sitemap></sitemapindex>`);
        } else if (req.url === '/pages.xml') {
          res.end(
            `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${['a', 'b?x=1&amp;y=2', 'c'].map((p) => `<url><loc> https://site.example/${p} </loc><lastmod>2024-01-01</lastmod></url>`).join('')}</urlset>`,
          );
        } else if (req.method === 'POST' && req.url === '/crawler') {
          posted.push({ auth: req.headers.authorization, body: JSON.parse(body) as unknown });
          res.writeHead(202, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ message: 'Scheduled', docId: `id-${posted.length}` }));
        } else {
          res.writeHead(404).end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const result = await cli(['crawl', '--sitemap', `${base}/sitemap.xml`, '--url', base, '--key', 'k', '--secret', 's']);
      expect(result.code).toBe(0);
      expect(result.stderr).toContain('3 pages in');
      const auth = `Basic ${Buffer.from('k:s').toString('base64')}`;
      expect(posted).toEqual(
        ['a', 'b?x=1&y=2', 'c'].map((p) => ({ auth, body: { action: 'FETCH', indexPublicKey: 'k', url: `https://site.example/${p}` } })),
      );
      expect(result.stdout).toBe('id-1\thttps://site.example/a\nid-2\thttps://site.example/b?x=1&y=2\nid-3\thttps://site.example/c\n');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
