// Drops and creates the database DATABASE_URL names (a browser-test worker's own: see e2e/workers.ts), through
// the server's maintenance database, so each run of the suite starts that worker on empty tables.
import pg from 'pg';

const url = new URL(process.env.DATABASE_URL ?? '');
const database = decodeURIComponent(url.pathname.slice(1));
if (!/^[a-z0-9_]+_w\d+$/.test(database)) throw new Error(`refusing to recreate ${database}: not a worker database (<name>_w<i>)`);
url.pathname = '/postgres';
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
try {
  await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${database}`);
} finally {
  await client.end();
}
