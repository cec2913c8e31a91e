// PGlite's dumpDataDir() is a plain tar of the whole data folder, which is also where the server keeps its
// session-signing secret (server/src/auth/secret.ts: never in the database, since whoever reads the database
// could then mint admin tokens). A database snapshot must not carry it: its entry is cut out of the tar here.
// Tar is 512-byte blocks: a header block (name at 0..100, size in octal at 124..136, a ustar prefix at
// 345..500), then the data rounded up to whole blocks; two zero blocks end it.
const BLOCK = 512;

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString('utf8');
}

function entryName(header: Buffer): string {
  const name = field(header, 0, 100);
  const prefix = field(header, 257, 6).startsWith('ustar') ? field(header, 345, 155) : '';
  return (prefix ? `${prefix}/${name}` : name).replace(/^(\.?\/)+/, '');
}

/** The entry names in a tar (paths relative to the data folder), for tests and checks. */
export function tarEntryNames(tar: Buffer): string[] {
  const names: string[] = [];
  walk(tar, (name) => {
    names.push(name);
    return false;
  });
  return names;
}

/** A copy of `tar` without the entries whose path (relative to the data folder) is one of `drop`. */
export function tarWithout(tar: Buffer, drop: readonly string[]): Buffer {
  return walk(tar, (name) => !drop.includes(name));
}

function walk(tar: Buffer, keep: (name: string) => boolean): Buffer {
  const kept: Buffer[] = [];
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    if (!Number.isFinite(size)) throw new Error(`unreadable tar entry size at byte ${offset}`);
    const end = offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (end > tar.length) throw new Error(`tar entry at byte ${offset} runs past the end`);
    if (keep(entryName(header))) kept.push(tar.subarray(offset, end));
    offset = end;
  }
  kept.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(kept);
}
