/**
 * What query rules cost a search: `node --import tsx bench/rules.ts [RULES] [KIND]`. The demo
 * corpus is written to two SQLite indexes, one with RULES rules (default 1,000: every
 * anchoring, patterns from the corpus's title words, so that some match, with pins,
 * hides, boosts and promotions) and one with none; the same queries run on both,
 * interleaved, and the table prints the search's p50 and p95 on each, and the rules
 * stage (matching and merging) alone. KIND keeps one kind of consequence (`pin`,
 * `hide`, `boost`, `promotions`; `none`: rules that match and do nothing, which is the
 * cost of matching alone); all of them by default.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QueryRule, RuleAnchoring } from '../src/client/types.ts';
import { buildCorpus } from '../demo/corpus/build.ts';
import { validateDocument } from '../server/documents/validateDocument.ts';
import type { PreparedDocument } from '../server/engine/engine.ts';
import { SqliteEngine } from '../server/engine/sqliteEngine.ts';
import { matchRules, ruleIndex } from '../server/pipeline/queryRules.ts';
import { createSearchPipeline } from '../server/pipeline/searchPipeline.ts';
import { searchQuery } from '../server/testing/searchQuery.ts';
import { foldedWords } from '../server/text/words.ts';
import { ms, percentile, table } from './stats.ts';

const RULES = Number(process.argv[2] ?? 1000);
const KIND = process.argv[3] ?? 'all';
const QUERIES = 400;
const ROUNDS = 3;
const ANCHORINGS: RuleAnchoring[] = ['is', 'startsWith', 'endsWith', 'contains'];

const corpus = buildCorpus({ thumbBase: 'http://127.0.0.1:1' });
const documents = corpus.flatMap((raw): PreparedDocument[] => {
  const checked = validateDocument(raw);
  return checked.ok ? [checked.document] : [];
});
const titleWords = documents.map((d) => foldedWords(d.title)).filter((words) => words.length > 0);
// A fixed sequence, so runs compare: the i-th title's words, every seventh title.
const pick = (i: number) => titleWords[(i * 7) % titleWords.length]!;

function rule(i: number): QueryRule {
  const words = pick(i);
  const anchoring = ANCHORINGS[i % ANCHORINGS.length]!;
  const pattern = anchoring === 'is' ? words.join(' ') : anchoring === 'endsWith' ? words[words.length - 1]! : words[0]!;
  const doc = (n: number) => documents[(i * 13 + n) % documents.length]!.id;
  const consequence: QueryRule['consequence'] = {
    pin: [{ id: doc(0), position: 1 + (i % 5) }],
    hide: [doc(1)],
    boost: [{ filter: { 'custom_fields.status': 'standard' }, factor: 2 }],
    ...(i % 10 === 0 && { promotions: [{ title: `Promotion ${i}`, url: 'https://example.com/p', position: 3 }] }),
  };
  const kept = KIND === 'all' ? consequence : KIND === 'none' ? {} : { [KIND]: consequence[KIND as keyof typeof consequence] };
  return { id: `r${i}`, enabled: true, conditions: [{ pattern, anchoring }], consequence: kept };
}

const folder = mkdtempSync(join(tmpdir(), 'site-search-bench-rules-'));
const plain = await SqliteEngine.open(join(folder, 'plain.sqlite'));
const ruled = await SqliteEngine.open(join(folder, 'ruled.sqlite'));
try {
  await plain.write(documents);
  await ruled.write(documents);
  const rules = Array.from({ length: RULES }, (_, i) => rule(i));
  for (const r of rules) await ruled.steering.put('rule', r.id, JSON.stringify(r));
  const pipelines = { plain: createSearchPipeline(plain), ruled: createSearchPipeline(ruled) };
  const queries = Array.from({ length: QUERIES }, (_, i) => pick(i * 3 + 1).slice(0, 3));
  const times = { plain: [] as number[], ruled: [] as number[] };
  let matched = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const words of queries) {
      for (const name of round % 2 === 0 ? (['plain', 'ruled'] as const) : (['ruled', 'plain'] as const)) {
        const started = performance.now();
        await pipelines[name].search(searchQuery(words));
        const took = performance.now() - started;
        // The first round warms caches (statements, the rules' index).
        if (round > 0) times[name].push(took);
      }
    }
  }
  const index = ruleIndex(rules.map((r) => ({ kind: 'rule' as const, id: r.id, body: JSON.stringify(r) })));
  const stage: number[] = [];
  for (const words of queries) {
    const started = performance.now();
    const effects = matchRules(index, words, null, Date.now());
    stage.push(performance.now() - started);
    if (effects.applied.length > 0) matched++;
  }
  console.log(
    `${documents.length} documents, ${RULES} rules (consequences: ${KIND}), ${queries.length} queries (${matched} matched a rule), ${ROUNDS - 1} timed rounds\n`,
  );
  console.log(
    table(
      ['', 'p50 ms', 'p95 ms'],
      [
        ['search, no rules', ms(percentile(times.plain, 50)), ms(percentile(times.plain, 95))],
        [`search, ${RULES} rules`, ms(percentile(times.ruled, 50)), ms(percentile(times.ruled, 95))],
        ['p95 difference', '', ms(percentile(times.ruled, 95) - percentile(times.plain, 95))],
        ['rules stage alone (match and merge)', percentile(stage, 50).toFixed(4), percentile(stage, 95).toFixed(4)],
      ],
    ),
  );
} finally {
  await Promise.all([plain.close(), ruled.close()]);
  rmSync(folder, { recursive: true, force: true });
}
