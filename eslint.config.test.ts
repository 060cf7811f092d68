// The boundary rules of eslint.config.js fire: each layer's forbidden import is an error,
// the allowed ones are not, so the rules cannot stop working unnoticed.
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
    ['server/pipeline/x.ts', "import '../engine/sqliteEngine.ts';"],
    ['server/events/x.ts', "import '../engine/statementCache.ts';"],
    ['server/events/x.ts', "import '../ranking/queryPlan.ts';"],
    ['server/events/x.ts', "import '../../src/ui/mount.tsx';"],
    ['server/storage/x.ts', "import '../events/eventStore.ts';"],
    ['server/storage/x.ts', "import '../engine/engine.ts';"],
    ['server/engine/x.ts', "import '../events/sqliteEventStore.ts';"],
    ['server/engine/x.ts', "import '../routes/search.ts';"],
    ['server/engine/x.ts', "import '../../src/core/searchState.ts';"],
    ['server/config.ts', "import './routes/stats.ts';"],
    ['server/serviceSettings.ts', "import './routes/stats.ts';"],
    ['server/search/x.ts', "import '../routes/search.ts';"],
    ['server/ranking/x.ts', "import '../routes/search.ts';"],
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
    ['server/backends/x.ts', "import '../events/sqliteEventStore.ts';"],
    ['server/backends/x.ts', "import '../engine/sqliteEngine.ts';"],
    ['server/routes/x.ts', "import '../engine/engine.ts';"],
    ['server/events/x.test.ts', "import '../engine/sqliteEngine.ts';"],
  ])('allows %s: %s', async (file, code) => {
    expect(await rules(file, code)).toEqual([]);
  });
});
