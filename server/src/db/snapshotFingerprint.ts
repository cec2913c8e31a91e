// Every table's row count and a checksum of its rows, and every sequence's last value: taken with the
// backup (server/src/db/snapshotFile.ts keeps it in the header) and again right after the restore, before any
// migration runs, so a restore that lost or changed a row says so instead of passing quietly.
import { SnapshotError } from './snapshotError';
import type { Queryable } from './types';

export interface TableFingerprint {
  rows: number;
  /** Sum over the rows of the first 64 bits of md5(row as text): order-free, so no sort and no big string. */
  checksum: string;
}

export interface DatabaseFingerprint {
  /** keyed "schema.table" */
  tables: Record<string, TableFingerprint>;
  /** keyed "schema.sequence"; null for a sequence never used */
  sequences: Record<string, number | null>;
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** Ordinary tables (partitions included, their empty parents not) outside PostgreSQL's own schemas. */
const USER_TABLES = `
  SELECT n.nspname AS schema, c.relname AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
   ORDER BY 1, 2`;

export async function fingerprintDatabase(db: Queryable): Promise<DatabaseFingerprint> {
  const tables: DatabaseFingerprint['tables'] = {};
  const { rows: list } = await db.query<{ schema: string; name: string }>(USER_TABLES);
  for (const { schema, name } of list) {
    const { rows } = await db.query<{ rows: number; checksum: string }>(
      `SELECT count(*)::int8 AS rows,
              coalesce(sum(('x' || substr(md5(t::text), 1, 16))::bit(64)::int8::numeric), 0)::text AS checksum
         FROM ${quote(schema)}.${quote(name)} t`,
    );
    tables[`${schema}.${name}`] = { rows: Number(rows[0]!.rows), checksum: rows[0]!.checksum };
  }
  const { rows: sequenceRows } = await db.query<{ schema: string; name: string; last: number | null }>(
    `SELECT schemaname AS schema, sequencename AS name, last_value AS last FROM pg_sequences
      WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
  );
  const sequences = Object.fromEntries(
    sequenceRows.map((row) => [`${row.schema}.${row.name}`, row.last === null ? null : Number(row.last)]),
  );
  return { tables, sequences };
}

export function totalRows(fingerprint: DatabaseFingerprint): number {
  return Object.values(fingerprint.tables).reduce((sum, table) => sum + table.rows, 0);
}

/** The snapshot's tables and rows, from its fingerprint (a restore's figures). */
export function snapshotFigures(fingerprint: DatabaseFingerprint): { tables: number; rows: number } {
  return { tables: Object.keys(fingerprint.tables).length, rows: totalRows(fingerprint) };
}

/**
 * Refuses (SnapshotError) a restored database whose fingerprint is not the snapshot's, one line per difference;
 * `after` ends the message (what became of the target). Run before any migration: one may rewrite rows (back-fills).
 */
export async function checkRestoredFingerprint(db: Queryable, expected: DatabaseFingerprint, after = ''): Promise<void> {
  const differences = fingerprintDifferences(expected, await fingerprintDatabase(db));
  if (differences.length > 0)
    throw new SnapshotError(`The restored database differs from the snapshot:\n  ${differences.join('\n  ')}${after}`);
}

/** What differs between the snapshot's fingerprint and the restored database's, one line each. */
export function fingerprintDifferences(expected: DatabaseFingerprint, actual: DatabaseFingerprint): string[] {
  const lines: string[] = [];
  for (const name of new Set([...Object.keys(expected.tables), ...Object.keys(actual.tables)])) {
    const want = expected.tables[name];
    const got = actual.tables[name];
    if (!want) lines.push(`table ${name}: not in the snapshot`);
    else if (!got) lines.push(`table ${name}: missing after the restore`);
    else if (want.rows !== got.rows) lines.push(`table ${name}: ${want.rows} rows in the snapshot, ${got.rows} restored`);
    else if (want.checksum !== got.checksum) lines.push(`table ${name}: the rows differ from the snapshot's (checksum)`);
  }
  for (const name of new Set([...Object.keys(expected.sequences), ...Object.keys(actual.sequences)])) {
    if (expected.sequences[name] !== actual.sequences[name])
      lines.push(`sequence ${name}: ${expected.sequences[name] ?? 'none'} in the snapshot, ${actual.sequences[name] ?? 'none'} restored`);
  }
  return lines;
}
