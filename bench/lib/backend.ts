import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { SignInSession } from '../../contract/schemas/auth';
import { buildApp } from '../../server/src/app';
import { migrate } from '../../server/src/db/migrate';
import { openDatabase } from '../../server/src/db/open';
import type { Db } from '../../server/src/db/types';
import { DEMO_ADMIN } from '../../server/src/seed/demoAccounts';
import { seedDemoData } from '../../server/src/seed/seed';

export interface Backend {
  db: Db;
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  origin: string;
  /** what the database is, for the report */
  description: string;
  close(): Promise<void>;
}

/**
 * A scratch database for one bench run: with DATABASE_URL a real PostgreSQL server in a schema of its own
 * (bench_<label>_<pid>), otherwise a fresh PGlite folder in the temp dir (bench-<label>-pglite-*). Empty, not
 * migrated. `close` closes it and drops the schema or removes the folder.
 */
export interface ScratchDatabase {
  db: Db;
  engine: 'PostgreSQL' | 'PGlite';
  /** what the database is, for the report */
  description: string;
  close(): Promise<void>;
}

export async function openScratchDatabase(label: string): Promise<ScratchDatabase> {
  const databaseUrl = process.env.DATABASE_URL;
  const schema = databaseUrl ? `bench_${label}_${process.pid}` : undefined;
  const dataDir = databaseUrl ? undefined : mkdtempSync(path.join(os.tmpdir(), `bench-${label}-pglite-`));
  if (databaseUrl) {
    const admin = await openDatabase({ databaseUrl });
    await admin.exec(`CREATE SCHEMA "${schema}"`);
    await admin.close();
  }
  const db = await openDatabase(databaseUrl ? { databaseUrl, schema } : { dataDir });
  return {
    db,
    engine: databaseUrl ? 'PostgreSQL' : 'PGlite',
    description: databaseUrl ? `PostgreSQL (DATABASE_URL, schema ${schema})` : `PGlite, fresh folder ${dataDir}`,
    async close() {
      await db.close();
      if (databaseUrl) {
        const admin = await openDatabase({ databaseUrl });
        await admin.exec(`DROP SCHEMA "${schema}" CASCADE`);
        await admin.close();
      }
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The reference backend in this process, listening on a loopback port, on a scratch database (openScratchDatabase
 * 'import'). Seeded with the demo accounts only, so the names table starts empty. With `staticDir` it serves that built console too; `backupDir` is
 * where a restore in replace mode saves the state before it (BACKUP_DIR).
 */
export async function startBackend(options: { staticDir?: string; backupDir?: string } = {}): Promise<Backend> {
  const scratch = await openScratchDatabase('import');
  const { db } = scratch;
  await migrate(db);
  await seedDemoData(db, { content: 'accounts' });
  const app = await buildApp({
    db,
    sessionSecret: randomBytes(32).toString('hex'),
    logger: false,
    ...(options.staticDir ? { staticDir: options.staticDir } : {}),
    ...(options.backupDir ? { backupDir: options.backupDir } : {}),
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    db,
    app,
    origin: address,
    description: scratch.description,
    async close() {
      await app.close();
      await scratch.close();
    },
  };
}

/** POST /auth/sign-in as the demo admin, as the console does: the token for /api calls. */
export async function signInAdmin(origin: string): Promise<string> {
  const response = await fetch(`${origin}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as SignInSession).token;
}
