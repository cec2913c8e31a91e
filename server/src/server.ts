import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app';
import { resolveSessionSecret } from './auth/secret';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import type { Db } from './db/types';
import { seedDemoData } from './seed/seed';

export interface BackendOptions {
  databaseUrl?: string;
  dataDir?: string;
  sessionSecret?: string;
  host: string;
  port: number;
  staticDir?: string;
  logger?: FastifyServerOptions['logger'];
  signInRateLimitMax?: number;
}

export interface RunningBackend {
  app: FastifyInstance;
  db: Db;
  url: string;
  /** what the seed did on this start */
  seeded: boolean;
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds on first start, and listens. Shared by main.ts and scripts/start.ts. */
export async function startBackend(options: BackendOptions): Promise<RunningBackend> {
  const db = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  try {
    await migrate(db);
    const { seeded } = await seedDemoData(db);
    const sessionSecret = await resolveSessionSecret(db, options.sessionSecret);
    const app = await buildApp({
      db,
      sessionSecret,
      staticDir: options.staticDir,
      logger: options.logger,
      ...(options.signInRateLimitMax ? { signInRateLimit: { max: options.signInRateLimitMax, timeWindowMs: 60_000 } } : {}),
    });
    await app.listen({ host: options.host, port: options.port });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    let closing: Promise<void> | null = null;
    return {
      app,
      db,
      url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`,
      seeded,
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
