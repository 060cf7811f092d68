/**
 * `npm run bench:personal [-- --rounds 5 --write]`: what personal results cost a search.
 * The demo corpus in the service (compiled, on SQLite, its own process); one user has
 * clicked 30 pages of one subject. The same 200 title words are searched, taking turns
 * word by word: anonymously, with a token that has no profile, and with that user's
 * token. Prints the table; with --write puts it into BENCHMARKS.md.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildCorpus } from '../demo/corpus/build.ts';
import { commandLine } from '../server/config/commandLine.ts';
import { PROFILE_CACHE_MS } from '../server/indices/personalProfiles.ts';
import type { SearchResponse } from '../src/client/types.ts';
import { corpusVariants } from './corpusVariants.ts';
import { queryWords } from './searchLatency.ts';
import { spliceSection } from './sectionSplice.ts';
import { indexRange } from './serviceBench.ts';
import { startService } from './serviceProcess.ts';
import { median, ms, percentile, table, verdict } from './stats.ts';

const USAGE = `Usage: npm run bench:personal -- [--rounds 5] [--write]

Search latency with and without a userToken whose clicks built a profile.

Options:
  --rounds N      times each word is searched in each way, 2 to 20 (default 5)
  --write         put the figures into BENCHMARKS.md's "Personal results" section
  -h, --help      print this help
`;

const WORDS = 200;
const WARM_UP = 40;
const CLICKS = 30;
/** The target: a search with a profile costs less than this much more at p95. */
const TARGET_MS = 1;

const settings = commandLine({ name: 'bench:personal', invocation: 'npm run bench:personal --', usage: USAGE }, (args) => {
  const { values } = parseArgs({ args, options: { rounds: { type: 'string', default: '5' }, write: { type: 'boolean', default: false } } });
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 2 || rounds > 20) throw new Error('--rounds must be an integer from 2 to 20');
  return { rounds, write: values.write };
});

const log = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const base = buildCorpus({ thumbBase: 'http://127.0.0.1' });
const dataDir = mkdtempSync(join(tmpdir(), 'site-search-personal-'));
const service = await startService(dataDir, process.cwd());
const WAYS = [
  ['anonymous', undefined],
  ['token without a profile', 'bench-nobody'],
  ['token with a profile (30 clicks)', 'bench-user'],
] as const;

try {
  await indexRange(service, corpusVariants(base, base.length), 0, base.length, log);
  const search = async (term: string, userToken?: string): Promise<{ ms: number; body: SearchResponse }> => {
    const query = new URLSearchParams({ term, collectAnalytics: 'false', ...(userToken !== undefined && { userToken }) });
    const t0 = performance.now();
    const answer = await fetch(`${service.baseUrl}/v1/search/demo?${query}`);
    const body = (await answer.json()) as SearchResponse;
    if (!answer.ok) throw new Error(`search answered ${answer.status}`);
    return { ms: performance.now() - t0, body };
  };
  // The user clicks the pages found for a few words of one subject.
  const found = await Promise.all(['css', 'grid', 'color'].map((term) => search(term)));
  const clicked = found.flatMap((r) => r.body.hits).slice(0, CLICKS);
  for (const [i, hit] of clicked.entries()) {
    const event = { action: 'click', session: 'bench', keyword: 'css', docid: hit.id, position: i + 1, userToken: 'bench-user' };
    const answer = await fetch(`${service.baseUrl}/v1/stats/demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    if (!answer.ok) throw new Error(`a click answered ${answer.status}`);
  }
  log(`${clicked.length} clicks of bench-user stored`);
  const words = queryWords(
    base.map((d) => d.title ?? ''),
    WORDS,
  );
  const samples = WAYS.map(() => [] as number[]);
  // Per way, per word: its best time over the rounds, which leaves out what other work on the machine adds.
  const best = WAYS.map(() => words.map(() => Number.POSITIVE_INFINITY));
  for (let round = 0; round < settings.rounds; round++) {
    for (const [w, word] of words.entries()) {
      // Taking turns, each way first as often as the others.
      for (let k = 0; k < WAYS.length; k++) {
        const way = (k + w + round) % WAYS.length;
        const { ms: took } = await search(word, WAYS[way]![1]);
        if (round > 0 || w >= WARM_UP) samples[way]!.push(took);
        if (round > 0) best[way]![w] = Math.min(best[way]![w]!, took);
      }
    }
  }
  const p95 = samples.map((s) => percentile(s, 95));
  const bestP95 = best.map((b) => percentile(b, 95));
  const signed = (value: number) => `${value >= 0 ? '+' : ''}${ms(value)}`;
  const rows = WAYS.map(([name], i) => [
    name,
    ms(median(samples[i]!)),
    ms(p95[i]!),
    ms(percentile(samples[i]!, 99)),
    i === 0 ? '–' : signed(p95[i]! - p95[0]!),
    ms(median(best[i]!)),
    ms(bestP95[i]!),
    i === 0 ? '–' : signed(bestP95[i]! - bestP95[0]!),
  ]);
  const rise = bestP95[2]! - bestP95[0]!;
  const loadNote = `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores at the end`;
  const section = `## Personal results

*This section comes from \`npm run bench:personal -- --write\` on ${new Date().toISOString().slice(0, 10)}.*

The demo corpus (${base.length.toLocaleString('en')} documents) in one SQLite service process (\`site-search-server\`, compiled), default
personalization settings (impact 50). One user's token clicked ${clicked.length} pages (those found for \`css\`, \`grid\` and
\`color\`); then ${words.length} words of the titles are searched ${settings.rounds} times each in three ways taking turns
word by word: anonymously, with a token that has no profile, and with that user's token (its profile read
once and kept for ${PROFILE_CACHE_MS / 1000} s, as while typing). Milliseconds from request sent to JSON parsed, the first ${WARM_UP} words
of the first round left out as a warm-up; *best of rounds* takes each word's fastest answer after the first round
(what the search itself costs, less what other work on the machine added; ${loadNote}). The target: a search with a
profile rises by under ${TARGET_MS} ms at p95 (best of rounds).

${table(['search', 'median ms', 'p95 ms', 'p99 ms', 'p95 vs anonymous', 'best of rounds: median', 'p95', 'p95 vs anonymous'], rows)}

With a profile: p95 (best of rounds) ${signed(rise)} ms, ${verdict(rise, TARGET_MS, 'ms', '<')}.
`;
  console.log(section);
  if (settings.write) writeFileSync('BENCHMARKS.md', spliceSection(readFileSync('BENCHMARKS.md', 'utf8'), 'Personal results', section));
} finally {
  await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
