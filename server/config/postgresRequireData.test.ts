// PostgreSQL only: requireData with the indices in a database (the SQLite case is in indices.test.ts).
import { describe, expect, it } from 'vitest';
import { postgresEngines } from '../indices/postgresFactory.ts';
import { testDatabase } from '../testing/postgresDatabase.ts';
import { startService } from '../testing/service.ts';

describe('requireData on PostgreSQL', () => {
  it('refuses an index whose tables are not in the database, and starts once they are', async () => {
    const engine = postgresEngines(await testDatabase('require_data'));
    await expect(startService({ engine, requireData: true })).rejects.toThrow(
      /index 'demo' has no tables in the PostgreSQL database .* and the service must find its data \(requireData\)/,
    );
    const first = await startService({ engine });
    await first.close();
    first.remove();
    const again = await startService({ engine, requireData: true });
    await again.close();
    again.remove();
  });
});
