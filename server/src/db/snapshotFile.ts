// The snapshot file of `npm run db:backup` (scripts/db-backup.ts): ONE JSON header line, then the database's own
// dump, byte for byte (pg_dump's custom archive on PostgreSQL, PGlite's data folder tarball, gzipped, on the
// embedded database). A header line rather than a tar with a meta.json beside the dump: no archive code, the
// header reads with `head -1 FILE`, and the native dump comes out with `tail -n +2 FILE > db.dump` for
// pg_restore by hand. The header carries what the restore must know BEFORE it replaces anything: the engine,
// the schema (applied migrations, so a newer one is refused), the payload's size and SHA-256 (a truncated
// or damaged copy is refused), and each table's row count and checksum (checked after the restore).
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, openSync, closeSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { DatabaseFingerprint } from './snapshotFingerprint';
import { SnapshotError } from './snapshotError';

export const SNAPSHOT_FORMAT = 'babynames-db-snapshot';
export const SNAPSHOT_FORMAT_VERSION = 1;

export type SnapshotEngine = 'pglite' | 'postgres';
export type SnapshotPayload = 'pglite-datadir-tar-gzip' | 'pg_dump-custom';

export interface SnapshotHeader {
  format: typeof SNAPSHOT_FORMAT;
  formatVersion: number;
  engine: SnapshotEngine;
  createdAt: string;
  /** The highest migration id applied ('none' for a database never migrated). */
  schema: string;
  /** Every applied migration id, sorted, as schema_migrations holds them (server/src/db/migrate.ts). */
  migrations: string[];
  payload: SnapshotPayload;
  payloadBytes: number;
  payloadSha256: string;
  /** The database server's version (PGlite's PostgreSQL on the embedded database). */
  serverVersion: string;
  /** What wrote the payload: `pg_dump --version`, or the PGlite package and its version. */
  tool: string;
  fingerprint: DatabaseFingerprint;
}

/** A header line longer than this is not one of ours (a few kB for the current ~40 tables). */
const MAX_HEADER_BYTES = 4 * 1024 * 1024;

export interface PayloadSource {
  bytes: number;
  sha256: string;
}

export async function describeFile(file: string): Promise<PayloadSource> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return { bytes: statSync(file).size, sha256: hash.digest('hex') };
}

export function describeBuffer(buffer: Buffer): PayloadSource {
  return { bytes: buffer.length, sha256: createHash('sha256').update(buffer).digest('hex') };
}

/**
 * Writes header + payload to `file` through `file.partial` and a rename, so a backup that fails half way never
 * leaves a file under the final name. Owner-only (0600): the payload holds password hashes and sessions.
 */
export async function writeSnapshot(file: string, header: SnapshotHeader, payload: { file: string } | { buffer: Buffer }): Promise<number> {
  const partial = `${file}.partial`;
  try {
    const out = createWriteStream(partial, { mode: 0o600 });
    out.write(`${JSON.stringify(header)}\n`);
    if ('buffer' in payload) {
      out.end(payload.buffer);
      await new Promise<void>((resolve, reject) => {
        out.once('finish', resolve);
        out.once('error', reject);
      });
    } else {
      await pipeline(createReadStream(payload.file), out);
    }
    renameSync(partial, file);
    return statSync(file).size;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

function readFirstLine(file: string): { line: string; payloadOffset: number } {
  const fd = openSync(file, 'r');
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(64 * 1024);
      const read = readSync(fd, chunk, 0, chunk.length, total);
      if (read === 0) break;
      const newline = chunk.subarray(0, read).indexOf(0x0a);
      if (newline >= 0) {
        chunks.push(chunk.subarray(0, newline));
        return { line: Buffer.concat(chunks).toString('utf8'), payloadOffset: total + newline + 1 };
      }
      chunks.push(chunk.subarray(0, read));
      total += read;
      if (total > MAX_HEADER_BYTES) break;
    }
    return { line: Buffer.concat(chunks).subarray(0, 200).toString('utf8'), payloadOffset: -1 };
  } finally {
    closeSync(fd);
  }
}

export interface OpenedSnapshot {
  file: string;
  header: SnapshotHeader;
  payloadOffset: number;
}

/** Reads and checks the header; refuses anything that is not a complete snapshot of ours. */
export function readSnapshotHeader(file: string): OpenedSnapshot {
  let size: number;
  try {
    size = statSync(file).size;
  } catch (error) {
    throw new SnapshotError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  const { line, payloadOffset } = readFirstLine(file);
  const notOurs = `${file} is not a database snapshot from npm run db:backup`;
  // The console's JSON backup (Data Export) starts {"version":"1.0",...: a different thing, say which.
  if (/^\s*\{\s*"version"\s*:\s*"1\.0"/.test(line))
    throw new SnapshotError(`${notOurs}: it is the console's JSON backup (Data Export, version 1.0), which this command does not restore.`);
  let header: SnapshotHeader;
  try {
    header = JSON.parse(line) as SnapshotHeader;
  } catch {
    throw new SnapshotError(`${notOurs} (its first line is not a snapshot header).`);
  }
  if (payloadOffset < 0 || header?.format !== SNAPSHOT_FORMAT) throw new SnapshotError(`${notOurs} (no snapshot header).`);
  if (header.formatVersion !== SNAPSHOT_FORMAT_VERSION)
    throw new SnapshotError(
      `${file} is a snapshot of format ${header.formatVersion}; this code reads format ${SNAPSHOT_FORMAT_VERSION}: upgrade the code first.`,
    );
  if (size - payloadOffset !== header.payloadBytes)
    throw new SnapshotError(
      `${file} is incomplete or damaged: its header announces ${header.payloadBytes} bytes of dump, the file holds ${size - payloadOffset}. Nothing was restored.`,
    );
  return { file, header, payloadOffset };
}

/** Copies the payload out to `target` (a scratch file) and checks its SHA-256 against the header's. */
export async function extractPayload(snapshot: OpenedSnapshot, target: string): Promise<void> {
  const hash = createHash('sha256');
  const input = createReadStream(snapshot.file, { start: snapshot.payloadOffset });
  input.on('data', (chunk) => hash.update(chunk));
  await pipeline(input, createWriteStream(target, { mode: 0o600 }));
  checkHash(snapshot, hash.digest('hex'));
}

/** The payload in memory (PGlite loads its tarball from a Blob), checked against the header's SHA-256. */
export async function readPayload(snapshot: OpenedSnapshot): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream(snapshot.file, { start: snapshot.payloadOffset })) chunks.push(chunk as Buffer);
  const buffer = Buffer.concat(chunks);
  checkHash(snapshot, describeBuffer(buffer).sha256);
  return buffer;
}

function checkHash(snapshot: OpenedSnapshot, sha256: string): void {
  if (sha256 !== snapshot.header.payloadSha256)
    throw new SnapshotError(`${snapshot.file} is damaged: its dump does not match the checksum in its header. Nothing was restored.`);
}
