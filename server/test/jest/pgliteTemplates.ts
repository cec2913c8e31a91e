// The server suite opens a database per test file. On PGlite that is initdb in WASM, 32 migrations and the
// demo seed: ~9 s of CPU per file (more on a busy machine), most of the suite's time. Jest's global setup
// builds each seed once per run and dumps it; createTestApp starts from the dump in ~1 s. On PostgreSQL
// (DATABASE_URL) nothing is built: each file migrates a schema of its own.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from '../../src/db/migrate';
import { openPglite } from '../../src/db/pglite';
import { seedDemoData } from '../../src/seed/seed';

export type TemplateSeed = 'full' | 'accounts';
const SEEDS: TemplateSeed[] = ['full', 'accounts'];
const DIR_VARIABLE = 'BABYNAMES_TEST_PGLITE_TEMPLATES';

const today = () => new Date().toISOString().slice(0, 10);
const fileOf = (dir: string, seed: TemplateSeed, day: string) => path.join(dir, `${seed}-${day}.tar`);

export async function buildTemplates(): Promise<void> {
  if (process.env.DATABASE_URL || process.env[DIR_VARIABLE]) return;
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-templates-'));
  for (const seed of SEEDS) {
    const db = await openPglite('memory://');
    try {
      await migrate(db);
      await seedDemoData(db, { content: seed });
      writeFileSync(fileOf(dir, seed, today()), Buffer.from(await (await db.dumpDataDir()).arrayBuffer()));
    } finally {
      await db.close();
    }
  }
  // Workers start after the global setup and inherit its environment.
  process.env[DIR_VARIABLE] = dir;
}

export function removeTemplates(): void {
  const dir = process.env[DIR_VARIABLE];
  if (dir) rmSync(dir, { recursive: true, force: true });
}

/**
 * The dumped data folder for this seed, or undefined without one (a single file run outside Jest's global
 * setup) or when it was built on another UTC day (the demo data is dated relative to the day it was seeded).
 */
export function templateFor(seed: TemplateSeed): Blob | undefined {
  const dir = process.env[DIR_VARIABLE];
  if (!dir) return undefined;
  try {
    return new Blob([readFileSync(fileOf(dir, seed, today()))]);
  } catch {
    return undefined;
  }
}
