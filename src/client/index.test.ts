import { describe, expect, it } from 'vitest';

describe('the client entry', () => {
  it('exports exactly the public runtime API', async () => {
    const entry = await import('./index.ts');
    expect(Object.keys(entry).sort()).toEqual([
      'SearchApiError',
      'basicAuth',
      'batches',
      'checkBatch',
      'checkDocument',
      'checkSearchParams',
      'checkStatsEvent',
      'checkedHostFor',
      'createAdminClient',
      'createClient',
      'createIndexClient',
      'documentProblem',
      'hostFor',
      'isAbortError',
      'limits',
      'searchQuery',
      'sendClickEvent',
      'sendSearchEvent',
      'sendStatsEvent',
      'servedRegionally',
    ]);
  });
});
