import { describe, expect, it } from 'vitest';
import { parseConfigFile, resolveConfig } from './serviceConfig.ts';
import { configFromEnvironment } from './environment.ts';

describe('stats origins in the configuration', () => {
  it('come from the config file, per index too, or SITE_SEARCH_STATS_ALLOWED_ORIGINS, checked', () => {
    const file = parseConfigFile({
      statsAllowedOrigins: ['https://docs.example'],
      indices: [{ publicKey: 'blog', secret: 's', statsAllowedOrigins: ['https://blog.example'] }],
    });
    expect(file.statsAllowedOrigins).toEqual(['https://docs.example']);
    expect(file.indices?.[0]?.statsAllowedOrigins).toEqual(['https://blog.example']);
    expect(configFromEnvironment({ SITE_SEARCH_STATS_ALLOWED_ORIGINS: 'https://a.example, https://b.example' }).statsAllowedOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
    expect(() => parseConfigFile({ statsAllowedOrigins: ['https://docs.example/'] })).toThrow(
      'statsAllowedOrigins[0] must be an origin, scheme://host[:port], with no path or trailing slash',
    );
    expect(() => parseConfigFile({ indices: [{ publicKey: 'blog', secret: 's', statsAllowedOrigins: 'https://blog.example' }] })).toThrow(
      'indices[0].statsAllowedOrigins must be an array',
    );
  });

  it("give each index its own list, else the service's, else none", () => {
    const config = resolveConfig({
      dataDir: '/tmp/unused',
      statsAllowedOrigins: ['https://docs.example'],
      indices: [
        { publicKey: 'docs', secret: 's' },
        { publicKey: 'blog', secret: 's', statsAllowedOrigins: ['https://blog.example'] },
      ],
    });
    expect(config.indices.map((index) => index.statsAllowedOrigins)).toEqual([['https://docs.example'], ['https://blog.example']]);
    expect(resolveConfig({ dataDir: '/tmp/unused' }).indices[0]?.statsAllowedOrigins).toBeUndefined();
  });
});
