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
 * The reference backend in this process, listening on a loopback port: a fresh PGlite folder in the
 * temp dir, or with DATABASE_URL a real PostgreSQL server in a scratch schema. Seeded with the demo
 * accounts only, so the names table starts empty. With `staticDir` it serves that built console too; `backupDir` is
 * where a restore in replace mode saves the state before it (BACKUP_DIR).
 */
export async function startBackend(options: { staticDir?: string; backupDir?: string } = {}): Promise<Backend> {
  const databaseUrl = process.env.DATABASE_URL;
  const schema = databaseUrl ? `bench_import_${process.pid}` : undefined;
  const dataDir = databaseUrl ? undefined : mkdtempSync(path.join(os.tmpdir(), 'bench-import-pglite-'));
  if (databaseUrl) {
    const admin = await openDatabase({ databaseUrl });
    await admin.exec(`CREATE SCHEMA "${schema}"`);
    await admin.close();
  }
  const db = await openDatabase(databaseUrl ? { databaseUrl, schema } : { dataDir });
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
    description: databaseUrl ? `PostgreSQL (DATABASE_URL, schema ${schema})` : `PGlite, fresh folder ${dataDir}`,
    async close() {
      await app.close();
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
