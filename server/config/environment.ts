/**
 * Settings from environment variables, for containers and process managers: each
 * variable sets one key of the config file and wins over the file. Lists are
 * comma-separated; `SITE_SEARCH_INDICES` is `key:secret,key2:secret2`.
 */
import type { ConfigFile } from './serviceConfig.ts';
import { parseConfigFile } from './configFile.ts';
import { CONFIG_VARIABLE, variableMap } from './settingsTable.ts';

/**
 * Variable → how it becomes a config file key: the table's (settingsTable.ts), where a
 * new setting belongs; the TLS pair is read below.
 */
const VARIABLES: Record<string, (value: string) => Record<string, unknown>> = { ...variableMap() };
const TLS_CERT = 'SITE_SEARCH_TLS_CERT';
const TLS_KEY = 'SITE_SEARCH_TLS_KEY';

export { CONFIG_VARIABLE };

/** The settings the environment gives; throws an Error naming the variable at fault. */
export function configFromEnvironment(env: NodeJS.ProcessEnv): ConfigFile {
  const config: ConfigFile = {};
  for (const [name, toConfig] of Object.entries(VARIABLES)) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    try {
      Object.assign(config, parseConfigFile(toConfig(value)));
    } catch (error) {
      throw new Error(`${name}: ${(error as Error).message}`, { cause: error });
    }
  }
  const cert = env[TLS_CERT] ?? '';
  const key = env[TLS_KEY] ?? '';
  if ((cert === '') !== (key === '')) throw new Error(`${TLS_CERT} and ${TLS_KEY} go together`);
  if (cert !== '') config.tls = { cert, key };
  return config;
}
