// npm run hostile-table: the hostile-input table (scripts/hostileRequests.ts) over real HTTP
// against the served configuration (`npm start`: the backend with a static folder), on a fresh PGlite
// folder and, when DATABASE_URL is set, on that PostgreSQL database too. Prints per database: requests
// tried, refused as expected, 500s, query parameters ignored (a misspelt one answered 2xx), and free-text
// values stored with a control, bidi or invisible character (read back from the tables afterwards).
// Exits 1 when any of the last three is not zero. HOSTILE_PORT (default 4400) picks the port.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freeTextProblem } from '../contract/textRules';
import { DEMO_ADMIN } from '../server/src/seed/demoAccounts';
import { startBackend } from '../server/src/server';
import { answered, HOSTILE_REQUESTS, type HostileRequest } from './hostileRequests';

interface Figures {
  database: string;
  tried: number;
  refused: number;
  status500: number;
  ignoredParameters: number;
  storedControlChars: number;
  unexpected: string[];
}

async function send(base: string, entry: HostileRequest, token: string): Promise<{ status: number; body: string }> {
  const headers: Record<string, string> = {};
  if (entry.token !== 'none') headers.authorization = `Bearer ${token}`;
  if (entry.body !== undefined) headers['content-type'] = 'application/json';
  Object.assign(headers, entry.headers);
  // fetch() would normalize '%2e%2e' and friends away; the raw path must reach the server as written.
  const { request } = await import('node:http');
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method: entry.method, path: entry.url, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(entry.body);
  });
}

async function run(
  database: string,
  options: { databaseUrl?: string; dataDir: string },
  staticDir: string,
  port: number,
): Promise<Figures> {
  const backend = await startBackend({
    ...options,
    host: '127.0.0.1',
    port,
    staticDir,
    logger: { level: 'fatal' },
    signInRateLimitMax: 1000,
    // The table signs in as the demo admin, on PostgreSQL too (where the demo is off unless asked for).
    seedDemo: true,
  });
  try {
    const signIn = await fetch(`${backend.url}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const figures: Figures = { database, tried: 0, refused: 0, status500: 0, ignoredParameters: 0, storedControlChars: 0, unexpected: [] };
    for (const entry of HOSTILE_REQUESTS) {
      const answer = await send(backend.url, entry, token);
      figures.tried += 1;
      if (answer.status >= 500) figures.status500 += 1;
      if (entry.kind === 'misspelt' && answer.status >= 200 && answer.status < 300) figures.ignoredParameters += 1;
      if (answered(entry, answer)) figures.refused += 1;
      else
        figures.unexpected.push(
          `${entry.method} ${entry.url.slice(0, 100)}${entry.body ? ` ${entry.body.slice(0, 80)}` : ''} -> ${answer.status}`,
        );
    }
    // What reached the tables, whatever the answers said.
    const texts = await backend.db.query<{ value: string | null }>(
      `SELECT username AS value FROM users UNION ALL SELECT display_name FROM users
       UNION ALL SELECT file_name FROM import_runs UNION ALL SELECT name FROM names UNION ALL SELECT nationality FROM names`,
    );
    figures.storedControlChars = texts.rows.filter((row) => row.value !== null && freeTextProblem(row.value) !== undefined).length;
    return figures;
  } finally {
    await backend.close();
  }
}

const staticDir = mkdtempSync(path.join(tmpdir(), 'ctr-hostile-static-'));
mkdirSync(path.join(staticDir, 'assets'));
writeFileSync(
  path.join(staticDir, 'index.html'),
  '<!doctype html><title>console</title><script type="module" src="/assets/x.js"></script>',
);
writeFileSync(path.join(staticDir, 'assets', 'x.js'), 'console.log(1);\n//# sourceMappingURL=x.js.map\n');
writeFileSync(path.join(staticDir, 'assets', 'x.js.map'), '{"version":3,"sources":["secret.ts"],"mappings":""}');
const dataDir = mkdtempSync(path.join(tmpdir(), 'ctr-hostile-pglite-'));
const port = Number(process.env.HOSTILE_PORT ?? 4400);

const results: Figures[] = [];
try {
  results.push(await run('PGlite', { dataDir }, staticDir, port));
  if (process.env.DATABASE_URL) results.push(await run('PostgreSQL', { databaseUrl: process.env.DATABASE_URL, dataDir }, staticDir, port));
} finally {
  rmSync(staticDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`Hostile-input table (${HOSTILE_REQUESTS.length} requests), served configuration (static folder present):\n`);
console.log(['database', 'tried', 'refused', '500s', 'ignored params', 'stored control chars'].join(' | '));
for (const r of results) console.log([r.database, r.tried, r.refused, r.status500, r.ignoredParameters, r.storedControlChars].join(' | '));
for (const r of results) for (const line of r.unexpected) console.log(`  ${r.database}: not as expected: ${line}`);
if (!process.env.DATABASE_URL) console.log('\n(PostgreSQL skipped: set DATABASE_URL to run the table there too.)');
const failed = results.some((r) => r.status500 > 0 || r.ignoredParameters > 0 || r.storedControlChars > 0 || r.unexpected.length > 0);
process.exit(failed ? 1 : 0);
