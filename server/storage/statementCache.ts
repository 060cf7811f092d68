import type { Database, Statement } from 'better-sqlite3';

/**
 * Prepared statements by SQL text. Search SQL varies with the filters asked for, so
 * statements are prepared on first use and kept, up to a bound.
 */
export class StatementCache {
  private readonly statements = new Map<string, Statement>();

  constructor(
    private readonly db: Database,
    private readonly max = 500,
  ) {}

  get(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      if (this.statements.size >= this.max) {
        const oldest = this.statements.keys().next().value;
        if (oldest !== undefined) this.statements.delete(oldest);
      }
      this.statements.set(sql, statement);
    }
    return statement;
  }
}
