/**
 * The tests' PostgreSQL engine (see testEngine.ts): every data folder gets its own
 * schemas in the one test database, the same ones again for the same folder.
 */
import type { EngineChoice } from '../indices/engineFactory.ts';
import { postgresEngines } from '../indices/postgresFactory.ts';

export function postgresTestEngine(url: string): EngineChoice {
  return (settings) => postgresEngines(url, { namespace: settings.dataDir })(settings);
}
