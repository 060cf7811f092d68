import type { Database, Statement } from 'better-sqlite3';
import { LRUCache } from 'lru-cache';

/**
 * Prepared statements by SQL text. Search SQL varies with the filters asked for, so
 * statements are prepared on first use and kept, up to a bound.
 */
export class StatementCache {
  private readonly statements: LRUCache<string, Statement>;

  constructor(
    private readonly db: Database,
    max = 500,
  ) {
    this.statements = new LRUCache({ max });
  }

  get(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}
