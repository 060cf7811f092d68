import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../config/serviceConfig.ts';
import { pgTimeouts } from './databaseTimeouts.ts';
import { configFromEnvironment } from '../config/environment.ts';

describe('database timeouts', () => {
  it('come from the config file or SITE_SEARCH_DATABASE_TIMEOUTS, checked', () => {
    expect(parseConfigFile({ databaseTimeouts: { statementMs: 10_000 } }).databaseTimeouts).toEqual({ statementMs: 10_000 });
    expect(configFromEnvironment({ SITE_SEARCH_DATABASE_TIMEOUTS: '{"connectMs": 2000}' }).databaseTimeouts).toEqual({ connectMs: 2000 });
    expect(() => parseConfigFile({ databaseTimeouts: { statementMs: 0 } })).toThrow('databaseTimeouts.statementMs must be an integer from 1 to 3600000');
    expect(() => parseConfigFile({ databaseTimeouts: { idleMs: 5 } })).toThrow("unknown key 'databaseTimeouts.idleMs'");
  });

  it('bound the connection, each statement on the server, and the wait for its answer', () => {
    expect(pgTimeouts({ connectMs: 5000, statementMs: 30_000 })).toEqual({ connectionTimeoutMillis: 5000, statement_timeout: 30_000, query_timeout: 35_000 });
  });
});
