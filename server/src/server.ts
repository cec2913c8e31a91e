import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app';
import { resolveSessionSecret } from './auth/secret';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import type { Db } from './db/types';
import { DEFAULT_SIGN_IN_RATE_LIMIT } from './routes/auth';
import { interruptLeftoverRuns, reportNameMerges } from './imports/startupChecks';
import { seedDemoData } from './seed/seed';

export interface BackendOptions {
  databaseUrl?: string;
  dataDir?: string;
  sessionSecret?: string;
  host: string;
  port: number;
  staticDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** SIGN_IN_RATE_LIMIT: sign-in attempts per minute per client IP and email */
  signInRateLimitMax?: number;
  /** SIGN_IN_IP_RATE_LIMIT: sign-in attempts per minute per client IP across emails */
  signInIpRateLimitMax?: number;
  /** SEED_DEMO: false skips the demo data AND the demo accounts (a real deployment). Default true. */
  seedDemo?: boolean;
}

export interface RunningBackend {
  app: FastifyInstance;
  db: Db;
  url: string;
  /** what the seed did on this start */
  seeded: boolean;
  /** the seed was switched off (SEED_DEMO=0) */
  seedSkipped: boolean;
  close(): Promise<void>;
}

/**
 * SEED_DEMO: unset, empty, 1/true/yes/on seed the demo data (the default, which CI and the browser
 * tests rely on); 0/false/no/off skip it. Anything else is a mistake worth stopping for.
 */
export function parseSeedDemo(value: string | undefined): boolean {
  const text = (value ?? '').trim().toLowerCase();
  if (['', '1', 'true', 'yes', 'on'].includes(text)) return true;
  if (['0', 'false', 'no', 'off'].includes(text)) return false;
  throw new Error(`SEED_DEMO must be 0 or 1, got "${value}"`);
}

/** Opens the database, migrates, seeds on first start, and listens. Shared by main.ts and scripts/start.ts. */
export async function startBackend(options: BackendOptions): Promise<RunningBackend> {
  const db = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  try {
    const appliedNow = await migrate(db);
    const seedSkipped = options.seedDemo === false;
    const { seeded } = seedSkipped ? { seeded: false } : await seedDemoData(db);
    const sessionSecret = await resolveSessionSecret(db, options.sessionSecret);
    const app = await buildApp({
      db,
      sessionSecret,
      staticDir: options.staticDir,
      logger: options.logger,
      signInRateLimit: {
        ...DEFAULT_SIGN_IN_RATE_LIMIT,
        ...(options.signInRateLimitMax ? { max: options.signInRateLimitMax } : {}),
        ...(options.signInIpRateLimitMax ? { maxPerIp: options.signInIpRateLimitMax } : {}),
      },
    });
    await reportNameMerges(db, appliedNow, app.log);
    await interruptLeftoverRuns(db, app.log);
    await app.listen({ host: options.host, port: options.port });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    let closing: Promise<void> | null = null;
    return {
      app,
      db,
      url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`,
      seeded,
      seedSkipped,
      close() {
        closing ??= (async () => {
          await app.close();
          await db.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
