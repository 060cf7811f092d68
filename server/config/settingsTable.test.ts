import { describe, expect, it } from 'vitest';
import { configFromEnvironment } from './environment.ts';
import { SERVE_USAGE } from './serverFlags.ts';
import { optionLines, SERVICE_SETTINGS, variableMap } from './settingsTable.ts';

describe('the settings table', () => {
  it('gives --help a line for every flag, its default and its help', () => {
    for (const { flag, help } of SERVICE_SETTINGS.filter((setting) => setting.flag !== undefined)) {
      expect(SERVE_USAGE).toContain(`  ${flag!}`);
      expect(SERVE_USAGE.replace(/\s+/g, ' ')).toContain(help);
    }
    expect(optionLines([{ key: 'port', flag: '--port PORT', default: '1', help: 'where' }])).toBe(
      '  --port PORT          where (default 1)\n  -h, --help           print this help\n',
    );
  });

  it('reads every variable of a config key into that key, checked', () => {
    const keyed = SERVICE_SETTINGS.filter((setting) => setting.key !== null && setting.variable !== undefined);
    expect(Object.keys(variableMap()).sort()).toEqual(keyed.map((setting) => setting.variable).sort());
    expect(configFromEnvironment({ SITE_SEARCH_PORT: '9000', SITE_SEARCH_RATE_LIMIT: '10/60000', SITE_SEARCH_INDICES: 'a:b' })).toEqual({
      port: 9000,
      rateLimit: { max: 10, windowMs: 60000 },
      indices: [{ publicKey: 'a', secret: 'b' }],
    });
    expect(() => configFromEnvironment({ SITE_SEARCH_PORT: 'x' })).toThrow(/^SITE_SEARCH_PORT: /);
  });
});
