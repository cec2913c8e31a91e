// The complete snapshot (server/src/db/snapshot.ts: npm run db:backup / db:restore) on the stack this run is on:
// the embedded PGlite (an on-disk data folder, as npm start keeps it) by default, real PostgreSQL when
// process.env.DATABASE_URL is set (CI runs this file both ways). A seeded database is backed up, dropped and
// restored, and every table's row count and a checksum of its rows (computed here, independently of the
// tool's own check) and every sequence's last value must come back as they were; a snapshot from a newer
// schema is refused before anything is touched, one from an older schema is restored and then migrated.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { migrate } from '../src/db/migrate';
import { migrations } from '../src/db/migrations';
import { openDatabase } from '../src/db/open';
import { openPglite } from '../src/db/pglite';
import { backupDatabase, restoreDatabase, type DatabaseTarget } from '../src/db/snapshot';
import { readSnapshotHeader, type SnapshotHeader } from '../src/db/snapshotFile';
import { tarEntryNames } from '../src/db/snapshotTar';
import type { Db } from '../src/db/types';
import { seedDemoData } from '../src/seed/seed';
import { templateFor } from './jest/pgliteTemplates';

const databaseUrl = process.env.DATABASE_URL;
const stack = databaseUrl ? 'PostgreSQL' : 'PGlite';
jest.setTimeout(300_000);

const scratch = mkdtempSync(path.join(tmpdir(), 'snapshot-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const files = path.join(scratch, 'files');
mkdirSync(files);
const fileIn = (name: string) => path.join(files, `${name}-${randomBytes(3).toString('hex')}.snapshot`);

/** One database of this run's stack: where the tool finds it, how the test opens, drops and recreates it. */
interface Place {
  target: DatabaseTarget;
  open(): Promise<Db>;
  /** Gone: the PGlite folder deleted, or the PostgreSQL database dropped and created again, empty. */
  drop(): Promise<void>;
  remove(): Promise<void>;
}

async function withAdmin<T>(use: (admin: Db) => Promise<T>): Promise<T> {
  const admin = await openDatabase({ databaseUrl });
  try {
    return await use(admin);
  } finally {
    await admin.close();
  }
}

async function newPlace(tag: string): Promise<Place> {
  if (databaseUrl) {
    const name = `snapshot_${tag}_${randomBytes(4).toString('hex')}`;
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    await withAdmin((admin) => admin.exec(`CREATE DATABASE "${name}"`));
    const drop = () => withAdmin((admin) => admin.exec(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    return {
      target: { databaseUrl: url.toString() },
      open: () => openDatabase({ databaseUrl: url.toString() }),
      async drop() {
        await drop();
        await withAdmin((admin) => admin.exec(`CREATE DATABASE "${name}"`));
      },
      remove: drop,
    };
  }
  const dataDir = path.join(scratch, tag);
  const drop = async () => {
    for (const entry of readdirSync(scratch))
      if (entry.startsWith(tag)) rmSync(path.join(scratch, entry), { recursive: true, force: true });
  };
  return { target: { dataDir }, open: () => openPglite(dataDir), drop, remove: drop };
}

/** A migrated database with the full demo seed (PGlite: from the run's template when there is one). */
async function seeded(place: Place): Promise<void> {
  const template = databaseUrl ? undefined : templateFor('full');
  const db = template ? await openPglite(place.target.dataDir!, { loadDataDir: template }) : await place.open();
  try {
    if (!template) {
      await migrate(db);
      await seedDemoData(db, { content: 'full' });
    }
    // The newest swipes deleted: the sequence now runs ahead of the rows, which a restore must keep.
    await db.query('DELETE FROM swipes WHERE id IN (SELECT id FROM swipes ORDER BY id DESC LIMIT 5)');
  } finally {
    await db.close();
  }
}

interface Contents {
  tables: Record<string, { rows: number; md5: string }>;
  sequences: Record<string, number | null>;
}

/** Every table's row count and md5 of its rows as text in order, every sequence's last value. */
async function contentsOf(place: Place): Promise<Contents> {
  const db = await place.open();
  try {
    const { rows: tables } = await db.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
    );
    const contents: Contents = { tables: {}, sequences: {} };
    for (const { name } of tables) {
      const { rows } = await db.query<{ rows: number; md5: string }>(
        `SELECT count(*)::int8 AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS md5 FROM public."${name}" t`,
      );
      contents.tables[name] = { rows: Number(rows[0]!.rows), md5: rows[0]!.md5 };
    }
    const { rows: sequences } = await db.query<{ name: string; last: number | null }>(
      `SELECT sequencename AS name, last_value AS last FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
    );
    for (const row of sequences) contents.sequences[row.name] = row.last === null ? null : Number(row.last);
    return contents;
  } finally {
    await db.close();
  }
}

async function query<T>(place: Place, sql: string): Promise<T[]> {
  const db = await place.open();
  try {
    return (await db.query<T>(sql)).rows;
  } finally {
    await db.close();
  }
}

/** A copy of the snapshot `file` with its header line changed by `change`, the dump kept byte for byte. */
function withHeader(file: string, name: string, change: (header: SnapshotHeader) => void): string {
  const bytes = readFileSync(file);
  const newline = bytes.indexOf(0x0a);
  const header = JSON.parse(bytes.subarray(0, newline).toString()) as SnapshotHeader;
  change(header);
  const copy = fileIn(name);
  writeFileSync(copy, Buffer.concat([Buffer.from(JSON.stringify(header)), bytes.subarray(newline)]));
  return copy;
}

const newest = [...migrations.map((m) => m.id)].sort().at(-1)!;

describe(`snapshot on ${stack}`, () => {
  let place: Place;
  let before: Contents;
  let file: string;

  beforeAll(async () => {
    place = await newPlace('seeded');
    await seeded(place);
    before = await contentsOf(place);
  });
  afterAll(() => place?.remove());

  test('back up, drop the database, restore: every table and every sequence as it was', async () => {
    if (!databaseUrl) writeFileSync(path.join(place.target.dataDir!, 'session-secret'), `${'s'.repeat(48)}\n`, { mode: 0o600 });
    file = fileIn('seeded');
    const backup = await backupDatabase(place.target, file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(backup.header).toMatchObject({ engine: databaseUrl ? 'postgres' : 'pglite', schema: newest });
    expect(backup.header.migrations).toEqual([...migrations.map((m) => m.id)].sort());
    expect(Object.keys(backup.header.fingerprint.tables).length).toBe(Object.keys(before.tables).length);
    expect(before.tables.swipes!.rows).toBeGreaterThan(1000);

    await place.drop();
    const restored = await restoreDatabase(place.target, file);
    expect(restored.migrationsApplied).toEqual([]);
    expect(restored.rows).toBe(Object.values(before.tables).reduce((sum, t) => sum + t.rows, 0));

    const after = await contentsOf(place);
    expect(after).toEqual(before);
    const [{ max }] = await query<{ max: number }>(place, 'SELECT max(id)::int8 AS max FROM swipes');
    expect(after.sequences.swipes_id_seq).toBeGreaterThan(Number(max));
  });

  test('a restore over a changed database brings back exactly the snapshot', async () => {
    const db = await place.open();
    try {
      await db.exec(
        `DELETE FROM swipes WHERE id % 3 = 0; CREATE TABLE leftover_from_elsewhere (x int); INSERT INTO leftover_from_elsewhere VALUES (1)`,
      );
    } finally {
      await db.close();
    }
    const secret = `${'k'.repeat(48)}\n`;
    if (!databaseUrl) writeFileSync(path.join(place.target.dataDir!, 'session-secret'), secret, { mode: 0o600 });

    const restored = await restoreDatabase(place.target, file);
    expect(await contentsOf(place)).toEqual(before);
    if (databaseUrl) return;
    // PGlite: the folder it replaced is kept beside it, the new one is owner-only, and the deployment's own
    // session secret stays.
    expect(restored.previous && existsSync(restored.previous)).toBeTruthy();
    expect(statSync(place.target.dataDir!).mode & 0o777).toBe(0o700);
    expect(readFileSync(path.join(place.target.dataDir!, 'session-secret'), 'utf8')).toBe(secret);
  });

  (databaseUrl ? test.skip : test)('PGlite: the snapshot holds the data folder without the session secret', () => {
    const { header, payloadOffset } = readSnapshotHeader(file);
    const names = tarEntryNames(gunzipSync(readFileSync(file).subarray(payloadOffset)));
    expect(header.payload).toBe('pglite-datadir-tar-gzip');
    expect(names).toContain('PG_VERSION');
    expect(names.filter((name) => name.startsWith('base/')).length).toBeGreaterThan(100);
    expect(names).not.toContain('session-secret');
  });

  test('a snapshot from a newer schema is refused, and the database is left as it was', async () => {
    // As newer code would write it: one more migration applied than this code knows (the header is what the
    // restore reads before touching anything; the first test shows the backup records the applied ones).
    const newer = withHeader(file, 'newer', (header) => {
      header.migrations = [...header.migrations, '999_future_feature'];
      header.schema = '999_future_feature';
    });
    await expect(restoreDatabase(place.target, newer)).rejects.toThrow(
      `This snapshot is from schema 999_future_feature, this code knows up to ${newest}: upgrade the code first ` +
        '(the snapshot has migration 999_future_feature, which this code does not know). Nothing was restored.',
    );
    expect(await contentsOf(place)).toEqual(before);
  });

  test('a damaged, foreign or other-engine file is refused before anything is touched', async () => {
    const bytes = readFileSync(file);
    const truncated = fileIn('truncated');
    writeFileSync(truncated, bytes.subarray(0, bytes.length - 100));
    await expect(restoreDatabase(place.target, truncated)).rejects.toThrow(/is incomplete or damaged/);

    const flipped = fileIn('flipped');
    const changed = Buffer.from(bytes);
    changed[changed.length - 200] ^= 0xff;
    writeFileSync(flipped, changed);
    await expect(restoreDatabase(place.target, flipped)).rejects.toThrow(/is damaged: its dump does not match the checksum/);

    const json = fileIn('console-backup');
    writeFileSync(json, '{"version":"1.0","createdAt":"2026-11-27T00:00:00Z","data":{"users":[]}}');
    await expect(restoreDatabase(place.target, json)).rejects.toThrow(/it is the console's JSON backup/);

    const other = withHeader(file, 'other-engine', (header) => {
      header.engine = databaseUrl ? 'pglite' : 'postgres';
    });
    await expect(restoreDatabase(place.target, other)).rejects.toThrow(/a snapshot restores into the kind of database it was taken from/);

    expect(await contentsOf(place)).toEqual(before);
  });

  test('the restore is refused while a server holds the database', async () => {
    if (databaseUrl) {
      // A backend's pool (server/src/db/postgres.ts names its connections babynames-backend).
      const server = await place.open();
      try {
        await expect(restoreDatabase(place.target, file)).rejects.toThrow(
          /has 1 other connection \(pid \d+ babynames-backend from .*\): the restore replaces the whole database, so stop the server/,
        );
        // A backup runs beside it: pg_dump reads one consistent snapshot.
        await backupDatabase(place.target, fileIn('live'));
      } finally {
        await server.close();
      }
      return;
    }
    // The real server (server/src/main.ts) on the folder, in its own process.
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts', '--port', '0'], {
      env: { ...process.env, DATA_DIR: place.target.dataDir!, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      await new Promise<void>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          if (/listening on/.test(output)) resolve();
        };
        child.stdout!.on('data', onData);
        child.stderr!.on('data', onData);
        child.once('exit', (code) => reject(new Error(`server exited ${code} before listening:\n${output}`)));
      });
      const held = new RegExp(`The PGlite folder .* is open in pid ${child.pid} .*: stop the server`);
      await expect(backupDatabase(place.target, fileIn('held'))).rejects.toThrow(held);
      await expect(restoreDatabase(place.target, file)).rejects.toThrow(held);
    } finally {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    expect(existsSync(path.join(place.target.dataDir!, 'postmaster.pid'))).toBe(false);
  });
});

describe(`snapshot from an older schema on ${stack}`, () => {
  const upTo = migrations.findIndex((m) => m.id === '042_user_group_counts');
  const older = migrations.slice(0, upTo + 1);
  const later = migrations.slice(upTo + 1).map((m) => m.id);
  let place: Place;
  afterAll(() => place?.remove());

  test('is restored, then the migrations it predates run, its rows kept', async () => {
    expect(later).toEqual([
      '060_name_trash',
      '061_record_versions',
      '062_backup_restores',
      '070_sign_in_backoff',
      '080_operator_links',
      '090_operator_mfa',
      '100_name_search',
      '110_import_checks',
      '120_name_bulk_jobs',
      '130_saved_views',
    ]);
    place = await newPlace('older');
    const db = await place.open();
    try {
      await migrate(db, older);
      await db.exec(`
        INSERT INTO users (uid, email, display_name) VALUES ('u-old-1', 'old1@example.com', 'Old One'), ('u-old-2', 'old2@example.com', 'Old Two');
        INSERT INTO names (name, gender, nationality, first_letter) VALUES ('Ada', 'female', 'english', 'A'), ('Bo', 'male', 'swedish', 'B');`);
    } finally {
      await db.close();
    }
    const file = fileIn('older');
    const backup = await backupDatabase(place.target, file);
    expect(backup.header.schema).toBe('042_user_group_counts');
    const snapshotContents = await contentsOf(place);

    await place.drop();
    const restored = await restoreDatabase(place.target, file);
    expect(restored.migrationsApplied).toEqual(later);

    const applied = await query<{ id: string }>(place, 'SELECT id FROM schema_migrations ORDER BY id');
    expect(applied.map((row) => row.id)).toEqual(migrations.map((m) => m.id).sort());
    // 061 adds a version column to users and names: their rows are compared by what the snapshot held.
    const after = await contentsOf(place);
    expect(after.tables.users!.rows).toBe(snapshotContents.tables.users!.rows);
    expect(after.tables.audit_logs).toEqual(snapshotContents.tables.audit_logs);
    expect(after.tables.names_trash).toEqual({ rows: 0, md5: expect.any(String) });
    const users = await query<{ uid: string; email: string }>(place, 'SELECT uid, email FROM users ORDER BY uid');
    expect(users).toEqual([
      { uid: 'u-old-1', email: 'old1@example.com' },
      { uid: 'u-old-2', email: 'old2@example.com' },
    ]);
    // 100 adds each name's search form (a generated column): the names the snapshot held get theirs.
    const names = await query<{ name: string; gender: string; search_key: string }>(
      place,
      'SELECT name, gender, search_key FROM names ORDER BY name',
    );
    expect(names).toEqual([
      { name: 'Ada', gender: 'female', search_key: 'ada' },
      { name: 'Bo', gender: 'male', search_key: 'bo' },
    ]);
  });
});
