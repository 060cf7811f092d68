import { describe, expect, it } from 'vitest';
import { parseConfigFile } from './configFile.ts';

describe('the config file schema', () => {
  it.each<[string, unknown, string]>([
    ['not an object', [], 'the config file must hold a JSON object'],
    ['an unknown key', { prot: 1 }, "unknown config key 'prot'"],
    ['an unknown nested key', { overload: { queue: 1 } }, "unknown key 'overload.queue'"],
    ['a port out of range', { port: 70000 }, 'port must be an integer from 0 to 65535'],
    ['an index without its secret', { indices: [{ publicKey: 'x' }] }, 'indices[0].secret is required'],
    ['no index', { indices: [] }, 'indices must not be empty'],
    ['a rate limit of 0', { rateLimit: { max: 0 } }, 'rateLimit.max must be an integer of at least 1'],
    ['a rate limit of true', { rateLimit: true }, 'rateLimit must be false or {"max": N, "windowMs": N}'],
    ['a configuration key with a space', { recommendations: { 'a b': { dataset: 'd' } } }, 'recommendations.a b must be 1 to 100 letters, digits, _ . or -'],
    [
      'a numeric item field',
      { recommendations: { c: { dataset: 'd', itemField: 5 } } },
      'recommendations.c.itemField must be a custom field name (without custom_fields.) or null',
    ],
    [
      'click ranking as text',
      { clickRanking: 'yes' },
      'clickRanking must be true, false or an object of settings (halfLifeDays, maxBoost, smoothing, minAddresses, maxPlaces, trustedAddresses)',
    ],
    [
      'a database URL of another kind',
      { databaseUrl: 'mysql://db' },
      'databaseUrl must be a PostgreSQL URL such as postgres://user:password@host:5432/database',
    ],
    [
      'an origin with a path',
      { allowedOrigins: ['https://a.example/x'] },
      'allowedOrigins[0] must be an origin, scheme://host[:port], with no path or trailing slash',
    ],
    ['a bad ranking rule', { indices: [{ publicKey: 'a', secret: 's', ranking: { rules: ['magic'] } }] }, 'indices[0].ranking.rules[0] must be one of'],
    [
      'an index listed twice',
      {
        indices: [
          { publicKey: 'a', secret: 's' },
          { publicKey: 'a', secret: 't' },
        ],
      },
      "index key 'a' is listed twice",
    ],
    [
      'suggestions from no session',
      { indices: [{ publicKey: 'a', secret: 's', suggestions: { minSessions: 0 } }] },
      'indices[0].suggestions.minSessions must be an integer from 1 to 1000000',
    ],
    [
      'an empty blocked word',
      { indices: [{ publicKey: 'a', secret: 's', suggestions: { blockedWords: [''] } }] },
      'indices[0].suggestions.blockedWords[0] must be a word of 1 to 100 characters',
    ],
    ['an unknown proposal setting', { indices: [{ publicKey: 'a', secret: 's', proposals: { sessions: 2 } }] }, "unknown key 'indices[0].proposals.sessions'"],
    [
      'a personalization impact above 100',
      { indices: [{ publicKey: 'a', secret: 's', personalization: { impact: 101 } }] },
      'indices[0].personalization.impact must be an integer from 0 to 100',
    ],
    [
      'a personalization half-life of 0 days',
      { indices: [{ publicKey: 'a', secret: 's', personalization: { halfLifeDays: 0 } }] },
      'indices[0].personalization.halfLifeDays must be a number of days above 0',
    ],
    ['a replica alone', { databaseReplicaUrl: 'postgres://replica/db' }, 'databaseReplicaUrl needs databaseUrl'],
  ])('refuses %s, naming the key', (_, config, message) => {
    expect(() => parseConfigFile(config)).toThrow(message);
  });

  it("takes a database URL through PostgreSQL's Unix socket, as README advises on the database's host", () => {
    for (const databaseUrl of [
      'postgres://site_search:secret@localhost/site_search?host=/var/run/postgresql',
      'postgresql:///site_search?host=%2Fvar%2Frun%2Fpostgresql',
    ]) {
      expect(parseConfigFile({ databaseUrl }).databaseUrl).toBe(databaseUrl);
    }
  });

  it('takes an index’s suggestion and proposal settings', () => {
    const index = { publicKey: 'a', secret: 's', suggestions: { minSessions: 2, minAddresses: 1, blockedWords: ['lime'] }, proposals: { minAddresses: 2 } };
    expect(parseConfigFile({ indices: [index] })).toEqual({ indices: [index] });
  });

  it('gives a rate limit its default window, and takes true for the default click ranking', () => {
    expect(parseConfigFile({ rateLimit: { max: 5 }, statsRateLimit: { max: 5 }, clickRanking: true })).toEqual({
      rateLimit: { max: 5, windowMs: 1000 },
      statsRateLimit: { max: 5, windowMs: 60_000 },
      clickRanking: {},
    });
  });

  it("takes an index's personalization settings", () => {
    const personalization = { impact: 30, fields: ['level'], halfLifeDays: 7, profileDays: 30 };
    expect(parseConfigFile({ indices: [{ publicKey: 'a', secret: 's', personalization }] }).indices?.[0]?.personalization).toEqual(personalization);
  });
});
