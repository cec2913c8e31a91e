// One autocannon run in its own process (so the load client never competes with the server for the
// event loop), printing one JSON line. Latencies are recorded per response to compute p95 exactly:
// autocannon's own summary has p90 and p97.5, not p95.
//   tsx bench/lib/loadClient.ts '<json LoadOptions>'
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  token: string;
  connections: number;
  durationSeconds: number;
  /** request these paths (with their queries) in turn instead of url's path: a mix, e.g. many searches */
  paths?: string[];
}

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Each request takes the next path of the mix (all connections share the turn), round and round. */
function nextPath(paths: readonly string[]) {
  let next = 0;
  return (request: autocannon.Request) => ({ ...request, path: paths[next++ % paths.length]! });
}

async function run(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.durationSeconds,
        headers: { authorization: `Bearer ${options.token}` },
        ...(options.paths && options.paths.length > 0 ? { requests: [{ setupRequest: nextPath(options.paths) }] } : {}),
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    requestsPerSecond: latencies.length / options.durationSeconds,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
  };
}

const arg = process.argv[2];
if (arg) {
  run(JSON.parse(arg) as LoadOptions).then(
    (result) => console.log(JSON.stringify(result)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
