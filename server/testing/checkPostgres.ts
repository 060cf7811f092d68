// Fails fast, with one line saying what to install, when the engine tests have no PostgreSQL.
import { MISSING_POSTGRES, postgresBin } from './postgresCluster.ts';

const url = process.env.SITE_SEARCH_TEST_DATABASE_URL;
if ((url === undefined || url === '') && postgresBin() === null) {
  console.error(MISSING_POSTGRES);
  process.exit(1);
}
