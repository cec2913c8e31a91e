// A snapshot's schema is the set of migrations its database had applied (schema_migrations, written by
// server/src/db/migrate.ts). The restore compares it with the code's list (server/src/db/migrations/index.ts):
// a migration the code does not know means the snapshot comes from newer code, whose tables and triggers this
// code would misread, so it is refused before anything is replaced; the code's migrations the snapshot lacks
// run after the restore, as they would on an older database at start-up.
import { migrations as codeMigrations, type Migration } from './migrations';
import { SnapshotError } from './snapshotError';
import type { Queryable } from './types';

/** The applied migration ids, sorted; [] for a database never migrated. */
export async function appliedMigrations(db: Queryable): Promise<string[]> {
  const { rows: exists } = await db.query<{ found: string | null }>(`SELECT to_regclass('schema_migrations')::text AS found`);
  if (!exists[0]?.found) return [];
  const { rows } = await db.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
  return rows.map((row) => row.id);
}

/** The highest id: what "schema 061" means in the messages. Ids start with a number of three digits. */
export function schemaLabel(ids: readonly string[]): string {
  return ids.length === 0 ? 'none' : [...ids].sort().at(-1)!;
}

export interface SchemaPlan {
  /** the code's migrations the snapshot lacks, run after the restore, in the code's order */
  toApply: string[];
}

export function planSchema(snapshotIds: readonly string[], known: readonly Migration[] = codeMigrations): SchemaPlan {
  const knownIds = new Set(known.map((m) => m.id));
  const unknown = snapshotIds.filter((id) => !knownIds.has(id));
  if (unknown.length > 0) {
    throw new SnapshotError(
      `This snapshot is from schema ${schemaLabel(snapshotIds)}, this code knows up to ${schemaLabel([...knownIds])}: ` +
        `upgrade the code first (the snapshot has ${unknown.length === 1 ? 'migration' : 'migrations'} ${unknown.join(', ')}, ` +
        'which this code does not know). Nothing was restored.',
    );
  }
  const applied = new Set(snapshotIds);
  return { toApply: known.filter((m) => !applied.has(m.id)).map((m) => m.id) };
}
