// The boundary rules of eslint.config.js fire: each layer's forbidden import is an error,
// the allowed ones are not, so the rules cannot stop working unnoticed.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: import.meta.dirname });

/** The rule ids ESLint reports for `code` as if it were the file `filePath`. */
async function rules(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('the dependency direction', () => {
  it.each([
    ['src/core/x.ts', "import '../ui/SearchBox.tsx';"],
    ['src/core/x.ts', "import 'preact';"],
    ['src/core/x.ts', "import '@preact/signals';"],
    ['src/core/x.ts', "import '../tracker/createTracker.ts';"],
    ['src/client/x.ts', "import '../core/searchState.ts';"],
    ['src/tracker/x.ts', "import '../ui/mount.tsx';"],
    ['src/ui/x.ts', "import '../embed/readOptions.ts';"],
    ['server/x.ts', "import '../src/core/searchState.ts';"],
    ['server/routes/x.ts', "import '../../src/ui/mount.tsx';"],
    ['server/engine/x.ts', "import '../ranking/rankCandidates.ts';"],
    ['server/engine/x.ts', "import '../pipeline/searchPipeline.ts';"],
    ['server/engine/x.ts', "import '../../src/ui/mount.tsx';"],
    ['server/engine/postgresX.ts', "import './sqliteCandidates.ts';"],
    ['server/engine/sqliteX.ts', "import './postgresText.ts';"],
    ['server/engine/x.ts', "import '../events/sqliteEventStore.ts';"],
    ['server/engine/x.ts', "import '../routes/search.ts';"],
    ['server/engine/x.ts', "import '../../src/core/searchState.ts';"],
    ['server/pipeline/x.ts', "import '../engine/sqliteEngine.ts';"],
    ['server/events/x.ts', "import '../engine/engine.ts';"],
    ['server/events/x.ts', "import '../ranking/queryPlan.ts';"],
    ['server/events/x.ts', "import '../../src/ui/mount.tsx';"],
    ['server/storage/x.ts', "import '../events/eventStore.ts';"],
    ['server/storage/x.ts', "import '../engine/engine.ts';"],
    // The groups DESIGN.md names, one case each.
    ['server/text/x.ts', "import '../ranking/wordForms.ts';"],
    ['server/text/x.ts', "import '../storage/statementCache.ts';"],
    ['server/ranking/x.ts', "import '../config/rankingSettings.ts';"],
    ['server/ranking/x.ts', "import '../schemas/indexSettings.ts';"],
    ['server/ranking/x.ts', "import '../pipeline/searchPipeline.ts';"],
    ['server/ranking/x.ts', "import '../events/clickRanking.ts';"],
    ['server/ranking/x.ts', "import '../indices/indexRegistry.ts';"],
    ['server/ranking/x.ts', "import '../routes/search.ts';"],
    ['server/pipeline/x.ts', "import '../events/eventStore.ts';"],
    ['server/pipeline/x.ts', "import '../indices/indexRegistry.ts';"],
    ['server/pipeline/x.ts', "import '../http/errorHandlers.ts';"],
    ['server/pipeline/x.ts', "import '../routes/search.ts';"],
    ['server/schemas/x.ts', "import '../pipeline/parseSearchQuery.ts';"],
    ['server/config/x.ts', "import '../http/requestLog.ts';"],
    ['server/config/x.ts', "import '../indices/engineFactory.ts';"],
    ['server/config/x.ts', "import '../routes/stats.ts';"],
    // Nothing climbs back to the top, or into the command or the tests' helpers.
    ['server/routes/x.ts', "import '../app.ts';"],
    ['server/http/x.ts', "import '../cli/run.ts';"],
    ['server/events/x.ts', "import '../testing/service.ts';"],
    // A folder beside another on its floor is not below it.
    ['server/events/x.ts', "import '../engine/engine.ts';"],
    // Above the port, only indices/ names an engine.
    ['server/routes/x.ts', "import '../engine/sqliteEngine.ts';"],
    ['server/http/x.ts', "import '../events/postgresEventStore.ts';"],
  ])('forbids %s: %s', async (file, code) => {
    expect(await rules(file, code)).toEqual(['no-restricted-imports']);
  });

  it.each([
    ['src/core/x.ts', "import '../client/createClient.ts';"],
    ['src/core/x.ts', "import '@preact/signals-core';"],
    ['src/ui/x.ts', "import '../core/searchState.ts';"],
    ['src/embed/x.ts', "import '../ui/mount.tsx';"],
    ['server/x.ts', "import '../src/client/limits.ts';"],
    ['server/engine/postgresX.ts', "import './engine.ts';"],
    ['server/engine/sqliteX.ts', "import '../text/words.ts';"],
    ['server/pipeline/x.ts', "import '../engine/engine.ts';"],
    ['server/pipeline/x.ts', "import '../ranking/rankCandidates.ts';"],
    ['server/events/x.ts', "import '../storage/statementCache.ts';"],
    ['server/engine/x.ts', "import '../storage/postgresPool.ts';"],
    ['server/indices/x.ts', "import '../events/sqliteEventStore.ts';"],
    ['server/indices/x.ts', "import '../engine/sqliteEngine.ts';"],
    ['server/indices/x.ts', "import '../pipeline/searchPipeline.ts';"],
    ['server/routes/x.ts', "import '../engine/engine.ts';"],
    ['server/routes/x.ts', "import '../http/auth.ts';"],
    ['server/http/x.ts', "import '../config/serviceConfig.ts';"],
    ['server/pipeline/x.ts', "import '../config/lanes.ts';"],
    ['server/config/x.ts', "import '../schemas/indexSettings.ts';"],
    ['server/schemas/x.ts', "import '../ranking/rankCandidates.ts';"],
    ['server/ranking/x.ts', "import '../text/words.ts';"],
    ['server/x.ts', "import './routes/search.ts';"],
    ['server/events/x.test.ts', "import '../engine/sqliteEngine.ts';"],
    ['server/routes/x.test.ts', "import '../testing/service.ts';"],
  ])('allows %s: %s', async (file, code) => {
    expect(await rules(file, code)).toEqual([]);
  });
});

describe("the service's folders", () => {
  it('keeps only the command and the app at the top of server/; every other module sits in its layer', () => {
    const top = readdirSync(join(import.meta.dirname, 'server'), { withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(ts|mjs)$/.test(entry.name) && !entry.name.endsWith('.test.ts'))
      .map((entry) => entry.name);
    expect(top.sort()).toEqual(['app.ts', 'build.mjs', 'main.ts']);
  });
});

describe("the service's clock", () => {
  it.each([
    ['server/events/x.ts', 'export const now = Date.now();'],
    ['server/routes/x.ts', 'export const today = new Date();'],
  ])('forbids reading the machine clock in %s: %s', async (file, code) => {
    expect(await rules(file, code)).toEqual(['no-restricted-syntax']);
  });

  it.each([
    ['server/events/x.ts', 'export const open = (clock: () => number = Date.now) => clock();'],
    ['server/routes/x.ts', 'export const day = new Date(0);'],
    ['server/events/x.test.ts', "await store.addStats(events, 'stats', NOW - 60_000);"],
    ['server/events/x.test.ts', 'export const end = performance.now() + 1000;'],
    ['server/testing/x.ts', "export const day = new Date('2026-05-01T12:00:00Z');"],
  ])('allows %s: %s', async (file, code) => {
    expect(await rules(file, code)).toEqual([]);
  });

  it.each([
    ['server/events/x.test.ts', "await store.addStats(events, 'stats', Date.now() - 86_400_000);"],
    ['server/routes/x.test.ts', "await service.app.eventStores.get('demo').addStats([first], 'stats', Date.now(), '127.0.0.1');"],
    ['server/events/x.test.ts', "expect(await store.searchedKeywords(['a'], 5, new Date().getTime())).toEqual([]);"],
    // A store call no list names, and a helper's default parameter.
    ['server/events/x.test.ts', "await store.addRecommendationEvents('views', events, Date.now());"],
    ['server/events/x.test.ts', "export const addSearch = (keyword: string, received = Date.now()) => store.addStats([search(keyword)], 'stats', received);"],
    ['server/testing/x.ts', 'export const stamp = (received = new Date()) => received.getTime();'],
    ['server/routes/x.test.ts', 'export const now = Date.now();'],
  ])('forbids a machine-clock read in a test or a test helper, %s: %s', async (file, code) => {
    expect(await rules(file, code)).toEqual(['no-restricted-syntax']);
  });
});
