import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { SignInSession } from '../../contract/schemas/auth';
import { buildApp, type BuildAppOptions } from '../src/app';
import { migrate } from '../src/db/migrate';
import { openDatabase } from '../src/db/open';
import { openPglite } from '../src/db/pglite';
import type { Db } from '../src/db/types';
import { DEMO_ADMIN, DEMO_USER } from '../src/seed/demoAccounts';
import { seedDemoData } from '../src/seed/seed';
import { templateFor } from './jest/pgliteTemplates';

// Starting PGlite and seeding takes seconds (about one from the run's template, jest/pgliteTemplates.ts; more
// on a busy machine): longer than Jest's 5 s default,
// which the per-project testTimeout in jest.config.ts does not change for hooks. Applies to every
// test file that imports this helper.
jest.setTimeout(120_000);

/** A fixed signing key for tests (at least 32 characters). */
export const TEST_SESSION_SECRET = 'test-session-secret-0123456789abcdef';

export interface TestAppOptions extends Partial<Omit<BuildAppOptions, 'db'>> {
  /** 'full' (default): demo accounts + demo data. 'accounts': only the demo admin and user (empty names, swipes...). */
  seed?: 'full' | 'accounts';
  /**
   * The served configuration (npm start): a static folder with a console shell, a script and its source map,
   * so the static file route exists beside /api and /auth as it does in production.
   */
  served?: boolean;
}

/** A built-console stand-in: index.html, assets/x.js and its source map that must never be served. */
export function makeConsoleFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'served-console-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>console</title><script type="module" src="/assets/x.js"></script>');
  writeFileSync(path.join(dir, 'assets', 'x.js'), 'console.log(1);\n//# sourceMappingURL=x.js.map\n');
  writeFileSync(path.join(dir, 'assets', 'x.js.map'), '{"version":3,"sources":["secret.ts"],"mappings":""}');
  return dir;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** Bearer token of the demo admin (passes the /api guard). */
  adminToken: string;
  /** Bearer token of the demo non-admin user (401-free, but 403 on /api). */
  userToken: string;
  close(): Promise<void>;
}

/**
 * A migrated, seeded backend for one test file (share it: PGlite takes seconds to start).
 * In-memory PGlite by default; with DATABASE_URL set, a real PostgreSQL server, in a fresh schema
 * of its own that close() drops, so parallel test files never see each other's rows.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { seed = 'full', served = false, ...appOptions } = options;
  const consoleFolder = served ? makeConsoleFolder() : undefined;
  const databaseUrl = process.env.DATABASE_URL;
  const schema = databaseUrl ? `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}` : undefined;
  if (databaseUrl && schema) {
    const admin = await openDatabase({ databaseUrl });
    try {
      await admin.exec(`CREATE SCHEMA "${schema}"`);
    } finally {
      await admin.close();
    }
  }
  const template = databaseUrl ? undefined : templateFor(seed);
  let db: Db;
  if (template) {
    db = await openPglite('memory://', { loadDataDir: template });
  } else {
    db = await openDatabase(databaseUrl ? { databaseUrl, schema } : { dataDir: 'memory://' });
    await migrate(db);
    await seedDemoData(db, { content: seed });
  }

  const app = await buildApp({
    sessionSecret: TEST_SESSION_SECRET,
    logger: false,
    ...(consoleFolder ? { staticDir: consoleFolder } : {}),
    ...appOptions,
    db,
  });
  await app.ready();

  const signIn = async (email: string, password: string) => {
    const response = await app.inject({ method: 'POST', url: '/auth/sign-in', payload: { email, password } });
    if (response.statusCode !== 200) throw new Error(`test sign-in failed for ${email}: ${response.statusCode} ${response.body}`);
    return (response.json() as SignInSession).token;
  };
  const adminToken = await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const userToken = await signIn(DEMO_USER.email, DEMO_USER.password);

  return {
    app,
    db,
    adminToken,
    userToken,
    async close() {
      await app.close();
      await db.close();
      if (consoleFolder) rmSync(consoleFolder, { recursive: true, force: true });
      if (databaseUrl && schema) {
        const admin = await openDatabase({ databaseUrl });
        try {
          await admin.exec(`DROP SCHEMA "${schema}" CASCADE`);
        } finally {
          await admin.close();
        }
      }
    },
  };
}
