// Database Admin: the system's health, the names overview and the one-off migration (spec 7).
// The schemas the server checks requests and answers by (contract/endpoints.ts maps them to routes), and their types.
import { Type, type Static } from 'typebox';
import { count, described } from './parts';

export const SystemHealthSchema = Type.Object({
  postgresql: Type.String(),
  tables: Type.Array(Type.String()),
  analytics_tables: Type.Array(Type.String()),
  views: Type.Array(Type.String()),
  table_counts: described(
    Type.Record(Type.String(), Type.Number()),
    "rows per table: exact for small tables, the catalog's estimate for large ones (listed in estimated_counts)",
  ),
  estimated_counts: described(
    Type.Optional(Type.Array(Type.String())),
    'tables whose table_counts figure is an estimate (pg_class.reltuples), not an exact count',
  ),
});

export const MigrationResponseSchema = Type.Object({
  message: Type.String(),
  applied: described(Type.Boolean(), 'false when the column was already there (a second run changes nothing)'),
  durationMs: Type.Number(),
});
export const DatabaseOverviewSchema = Type.Object({
  totalNames: count,
  namesByGender: Type.Object({ male: count, female: count, unisex: count }),
  nationalityCount: count,
  hasRandomSeedColumn: Type.Boolean(),
});

// ---------------------------------------------------------------------------------------------------
// Types of what goes over the wire

export type SystemHealth = Static<typeof SystemHealthSchema>;

/** POST /api/admin/migrate/add-random-seed-column -> the outcome, in words for the operator. */
export type MigrationResponse = Static<typeof MigrationResponseSchema>;

/** GET /api/admin/database-overview: what the Database Admin overview shows. */
export type DatabaseOverview = Static<typeof DatabaseOverviewSchema>;
