// The snapshot's small parts without a database (server/src/db/snapshot*.ts, pgliteInUse.ts): the schema plan,
// the tar filter that keeps the session secret out, finding pg_dump / pg_restore and their versions, keeping
// DATABASE_URL's password off the command line, and telling a PGlite folder in use from one left by a
// killed process. snapshot.test.ts runs the whole thing on a real database.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrations } from '../src/db/migrations';
import { folderInUseMessage, pgliteFolderUse } from '../src/db/pgliteInUse';
import { SnapshotError } from '../src/db/snapshotError';
import { readSnapshotHeader, writeSnapshot, type SnapshotHeader } from '../src/db/snapshotFile';
import { connectionFor, findPgTool, majorOf } from '../src/db/snapshotPgTools';
import { planSchema, schemaLabel } from '../src/db/snapshotSchema';
import { tarEntryNames, tarWithout } from '../src/db/snapshotTar';

const scratch = mkdtempSync(path.join(tmpdir(), 'snapshot-parts-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('schema plan', () => {
  const ids = migrations.map((m) => m.id);

  test('the same schema restores as it is; an older one runs what it lacks, in the code order', () => {
    expect(planSchema(ids).toApply).toEqual([]);
    const older = ids.filter((id) => id !== '032_match_conversion_totals' && id !== '061_record_versions');
    expect(planSchema(older).toApply).toEqual(['032_match_conversion_totals', '061_record_versions']);
    expect(planSchema([]).toApply).toEqual(ids);
  });

  test('a migration this code does not know is refused, naming both schemas', () => {
    const newer = [...ids, '095_something_new'];
    expect(() => planSchema(newer)).toThrow(SnapshotError);
    expect(() => planSchema(newer)).toThrow(
      'This snapshot is from schema 095_something_new, this code knows up to 090_operator_mfa: upgrade the code first ' +
        '(the snapshot has migration 095_something_new, which this code does not know). Nothing was restored.',
    );
  });

  test("the label is the highest id, not the list's last (032 was appended after 042)", () => {
    expect(ids.at(-1)).toBe('090_operator_mfa');
    expect(schemaLabel(['001_a', '042_b', '032_c'])).toBe('042_b');
    expect(schemaLabel([])).toBe('none');
  });
});

/** A ustar entry as PGlite writes them: "/name", octal size, data padded to 512 bytes. */
function tarEntry(name: string, data: string): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0);
  header.write(data.length.toString(8).padStart(11, '0'), 124);
  header.write('ustar', 257);
  const body = Buffer.alloc(Math.ceil(data.length / 512) * 512);
  body.write(data);
  return Buffer.concat([header, body]);
}

test('the tar filter drops the session secret and keeps every other entry byte for byte', () => {
  const kept = [tarEntry('/PG_VERSION', '18\n'), tarEntry('/base/5/1259', 'x'.repeat(1500))];
  const tar = Buffer.concat([kept[0]!, tarEntry('/session-secret', 'secret\n'), kept[1]!, Buffer.alloc(1024)]);
  expect(tarEntryNames(tar)).toEqual(['PG_VERSION', 'session-secret', 'base/5/1259']);
  const filtered = tarWithout(tar, ['session-secret']);
  expect(tarEntryNames(filtered)).toEqual(['PG_VERSION', 'base/5/1259']);
  expect(filtered).toEqual(Buffer.concat([...kept, Buffer.alloc(1024)]));
  expect(filtered.includes('secret')).toBe(false);
});

describe('pg_dump and pg_restore', () => {
  test('major versions from --version lines and server versions', () => {
    expect(majorOf('pg_dump (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)')).toBe(15);
    expect(majorOf('pg_restore (PostgreSQL) 17.2')).toBe(17);
    expect(majorOf('15.18 (Debian 15.18-0+deb12u1)')).toBe(15);
    expect(majorOf('18devel')).toBe(18);
    expect(majorOf('9.6.24')).toBe(9);
  });

  test('a tool named by its variable that is not there says how to fix it', () => {
    const missing = path.join(scratch, 'no-such-pg_dump');
    expect(() => findPgTool('pg_dump', { PG_DUMP: missing, PATH: '' })).toThrow(
      new RegExp(`pg_dump could not run \\(PG_DUMP=${missing}: .*\\)\\. Install PostgreSQL's client tools .* or name the tool: PG_DUMP=`),
    );
    expect(() => findPgTool('pg_restore', { PGBIN: scratch, PATH: '' })).toThrow(/pg_restore could not run \(PGBIN: .*PGBIN=/);
  });

  test('a tool that is not PostgreSQL is refused', () => {
    const fake = path.join(scratch, 'fake-pg_dump');
    writeFileSync(fake, '#!/bin/sh\necho "something else 1.0"\n', { mode: 0o755 });
    expect(() => findPgTool('pg_dump', { PG_DUMP: fake, PATH: '' })).toThrow(/printed "something else 1\.0": not PostgreSQL's pg_dump\?/);
  });

  test("DATABASE_URL's password goes to PGPASSWORD, never on the command line", () => {
    const connection = connectionFor('postgres://app:s%40cret@db.example:5433/babynames?sslmode=require');
    expect(connection.dbname).toBe('postgres://app@db.example:5433/babynames?sslmode=require');
    expect(connection.env).toEqual({ PGPASSWORD: 's@cret' });
    expect(connection.label).toBe('db.example:5433/babynames');
    expect(connectionFor('postgres://postgres@127.0.0.1:5432/x').env).toEqual({});
  });
});

describe('a PGlite folder in use', () => {
  test('no postmaster.pid: free; one without a process holding the folder: left by a killed process', () => {
    const folder = path.join(scratch, 'stale');
    mkdirSync(folder);
    expect(pgliteFolderUse(folder)).toEqual({ state: 'free' });
    writeFileSync(path.join(folder, 'postmaster.pid'), '-42\n');
    expect(pgliteFolderUse(folder)).toEqual({ state: 'stale' });
    expect(folderInUseMessage(folder, { state: 'stale' }, 'backup')).toBeUndefined();
  });

  test('a process with a file of the folder open holds it, and is named', async () => {
    const folder = path.join(scratch, 'held');
    mkdirSync(path.join(folder, 'base'), { recursive: true });
    writeFileSync(path.join(folder, 'postmaster.pid'), '-42\n');
    const relation = openSync(path.join(folder, 'base', '1259'), 'w');
    const child = spawn('sleep', ['60'], { stdio: ['ignore', relation, 'ignore'] });
    closeSync(relation);
    try {
      await once(child, 'spawn');
      const use = pgliteFolderUse(folder);
      expect(use).toEqual({ state: 'held', holders: [{ pid: child.pid, command: 'sleep 60' }] });
      expect(folderInUseMessage(folder, use, 'restore')).toBe(
        `The PGlite folder ${folder} is open in pid ${child.pid} (sleep 60): stop the server (npm start, npm run serve) before the restore. ` +
          "PGlite is one process's database; a second process would corrupt it.",
      );
    } finally {
      const exited = once(child, 'exit');
      child.kill();
      await exited;
    }
  });
});

describe('the snapshot file', () => {
  const header = (payload: Buffer): SnapshotHeader => ({
    format: 'babynames-db-snapshot',
    formatVersion: 1,
    engine: 'pglite',
    createdAt: '2026-11-27T00:00:00.000Z',
    schema: '061_record_versions',
    migrations: ['061_record_versions'],
    payload: 'pglite-datadir-tar-gzip',
    payloadBytes: payload.length,
    payloadSha256: createHash('sha256').update(payload).digest('hex'),
    serverVersion: '18.6',
    tool: 'PGlite (PostgreSQL 18.6)',
    fingerprint: { tables: {}, sequences: {} },
  });

  test('one JSON header line, then the dump; owner-only; no file under the name if the write fails', async () => {
    const payload = Buffer.from('\n\x00binary\ndump\n');
    const file = path.join(scratch, 'one.snapshot');
    await writeSnapshot(file, header(payload), { buffer: payload });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const opened = readSnapshotHeader(file);
    expect(opened.header).toEqual(header(payload));
    expect(opened.payloadOffset).toBe(JSON.stringify(header(payload)).length + 1);

    const failing = path.join(scratch, 'two.snapshot');
    await expect(writeSnapshot(failing, header(payload), { file: path.join(scratch, 'missing.dump') })).rejects.toThrow(/ENOENT/);
    expect(() => readSnapshotHeader(failing)).toThrow(/Cannot read/);
    expect(() => readSnapshotHeader(`${failing}.partial`)).toThrow(/Cannot read/);
  });

  test('a file of another format version is refused with what to do', async () => {
    const payload = Buffer.from('x');
    const file = path.join(scratch, 'future-format.snapshot');
    await writeSnapshot(file, { ...header(payload), formatVersion: 2 }, { buffer: payload });
    expect(() => readSnapshotHeader(file)).toThrow(/is a snapshot of format 2; this code reads format 1: upgrade the code first/);
  });
});
