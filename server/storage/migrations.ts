/**
 * Schema changes of the service's databases (index files and event stores, on SQLite and
 * PostgreSQL) as numbered migrations, run by umzug: each once, in order of name, each
 * recorded in a table of the database it changed, in the same transaction as its
 * changes, so a migration cut short by a crash runs again whole at the next start.
 */

/** What a migration is given besides its database. */
export interface MigrationContext {
  /** The clock of the store that opens the database (the app's `clock`): a migration that counts recent events counts back from it, never from the machine's. */
  now: () => number;
}

/** One change of a database's schema. Released migrations never change: a new change is a new migration. */
export interface Migration<Db extends object> {
  /** Four digits, then what it does (`0002-query-rules`): migrations run in the order of their names. */
  readonly name: string;
  up(db: Db, context: MigrationContext): void | Promise<void>;
}

/** Where one kind of database records its migrations, and how it makes a change atomic. */
export interface MigrationLog<Db extends object> {
  /** Creates the table of recorded migrations if missing. */
  create(db: Db): Promise<void>;
  /** The names of the migrations recorded. */
  executed(db: Db): Promise<string[]>;
  /** Records a migration; recording one already recorded changes nothing. */
  record(db: Db, name: string): Promise<void>;
  /** Runs `work` in one transaction: all of it is committed, or none. */
  atomically(db: Db, work: () => Promise<void>): Promise<void>;
}

/** A database that holds migrations this code does not know: a newer version of the service wrote it. */
export class DatabaseTooNewError extends Error {
  constructor(what: string, unknown: readonly string[]) {
    super(
      `${what} was upgraded by a newer version of the service: it holds migrations this version does not know (${unknown.join(', ')}). ` +
        'Run that newer version (or a later one), or restore the backup taken before the upgrade to run this one',
    );
    this.name = 'DatabaseTooNewError';
  }
}

/**
 * Brings `db` up to date: runs the migrations it has not recorded, in order, and
 * returns their names. `what` names the database in errors (its file, or its schema).
 * Throws DatabaseTooNewError, changing nothing, when the database records a migration
 * not in `migrations`. The caller keeps other processes out meanwhile where several can
 * open the database (PostgreSQL's advisory lock). Each migration is handed `context`.
 */
export async function runMigrations<Db extends object>(
  db: Db,
  what: string,
  migrations: ReadonlyArray<Migration<Db>>,
  log: MigrationLog<Db>,
  migrationContext: MigrationContext,
): Promise<string[]> {
  const names = migrations.map((m) => m.name);
  // A list out of order would run a later change before an earlier one on a new database.
  if (names.some((name, i) => i > 0 && name <= names[i - 1]!)) throw new Error(`the migrations of ${what} are not in order of name: ${names.join(', ')}`);
  await log.create(db);
  const known = new Set(names);
  const executed = await log.executed(db);
  const unknown = executed.filter((name) => !known.has(name));
  if (unknown.length > 0) throw new DatabaseTooNewError(what, unknown);
  if (names.every((name) => executed.includes(name))) return [];
  // Loaded only when there is something to run: with its command line, umzug takes a few
  // hundred milliseconds to load, which most starts need not spend.
  const { Umzug } = await import('umzug');
  const umzug = new Umzug<Db>({
    migrations: migrations.map((migration) => ({
      name: migration.name,
      up: ({ context }) =>
        log.atomically(context, async () => {
          await migration.up(context, migrationContext);
          await log.record(context, migration.name);
        }),
    })),
    context: db,
    storage: {
      executed: ({ context }) => log.executed(context),
      // Already recorded inside the migration's own transaction (see above).
      logMigration: ({ context, name }) => log.record(context, name),
      unlogMigration: async () => {
        throw new Error('migrations are never undone: restore a backup to go back');
      },
    },
    logger: undefined,
  });
  try {
    return (await umzug.up()).map((m) => m.name);
  } catch (error) {
    // umzug's message names the migration and says what went wrong.
    throw new Error(`${what} could not be upgraded: ${(error as Error).message}`, { cause: error });
  }
}
