/**
 * The table that records the migrations of an index's events, on either engine: on
 * PostgreSQL the events share the index's schema, whose own migrations are in `migrations`.
 */
export const EVENT_MIGRATION_TABLE = 'event_migrations';
