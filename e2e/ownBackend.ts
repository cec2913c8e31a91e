// A reference backend of a spec's own, beside the suite's shared ones: for the specs that need a database in a state
// no other spec may touch (taken away mid-session, or empty with no demo accounts). The caller chooses its database
// through the environment it passes (DATABASE_URL, or DATA_DIR for a PGlite folder).
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export async function waitUntilServing(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the backend exited (${server.exitCode}):\n${log()}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the backend did not answer ${url} within 120 s:\n${log()}`);
}

export interface OwnBackend {
  url: string;
  /** the last few kB of its output, for a failure's message */
  log(): string;
  /** SIGTERM, then SIGKILL after 10 s */
  stop(): Promise<void>;
}

/** Starts `server/src/main.ts` serving the built console on a free loopback port with `env` over this process's. */
export async function startOwnBackend(env: NodeJS.ProcessEnv): Promise<OwnBackend> {
  const port = await freePort();
  let output = '';
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/src/main.ts', '--static', process.env.DIST_DIR ?? 'dist', '--port', String(port), '--host', '127.0.0.1'],
    { env: { ...process.env, LOG_LEVEL: 'error', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  for (const stream of [server.stdout!, server.stderr!])
    stream.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const stop = async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilServing(`${url}/login`, server, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, log: () => output, stop };
}
