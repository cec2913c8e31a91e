// The PGlite data folder holds password hashes and admin flags; it must be owner-only
// (folders 0700, files 0600), not world-readable or world-writable as PGlite's defaults leave it.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from '../src/db/migrate';
import { openDatabase } from '../src/db/open';

jest.setTimeout(120_000);

/** Every folder and file under `dir` whose mode is not the owner-only one, as 'path mode'. */
function notOwnerOnly(dir: string): string[] {
  const found: string[] = [];
  const walk = (current: string) => {
    const mode = statSync(current).mode & 0o777;
    if (mode !== 0o700) found.push(`${path.relative(dir, current) || '.'} ${mode.toString(8)}`);
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && (statSync(full).mode & 0o777) !== 0o600)
        found.push(`${path.relative(dir, full)} ${(statSync(full).mode & 0o777).toString(8)}`);
    }
  };
  walk(dir);
  return found;
}

test('the data folder and every file in it are owner-only, while open and after closing', async () => {
  const parent = mkdtempSync(path.join(tmpdir(), 'ctr-pglite-'));
  const dataDir = path.join(parent, 'pglite');
  // The widest umask a server may run under: PGlite's files would be 0666.
  const previous = process.umask(0);
  try {
    const db = await openDatabase({ dataDir });
    await migrate(db);
    await db.query(`INSERT INTO users (uid, email) VALUES ('u1', 'u1@example.com')`);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    await db.close();
    const files = readdirSync(dataDir, { recursive: true }).length;
    expect(files).toBeGreaterThan(100);
    expect(notOwnerOnly(dataDir)).toEqual([]);
  } finally {
    process.umask(previous);
    rmSync(parent, { recursive: true, force: true });
  }
});
