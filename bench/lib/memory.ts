/**
 * Samples this process's resident set size. PGlite runs inside the process (WASM), so while the
 * reference backend is in-process, the figure includes the database as well as Fastify.
 */
export class RssSampler {
  private peak = 0;
  private timer: NodeJS.Timeout | undefined;

  start(everyMs = 25): void {
    this.peak = process.memoryUsage.rss();
    this.timer = setInterval(() => {
      this.peak = Math.max(this.peak, process.memoryUsage.rss());
    }, everyMs);
  }

  /** Peak RSS in bytes since start(). */
  stop(): number {
    clearInterval(this.timer);
    this.peak = Math.max(this.peak, process.memoryUsage.rss());
    return this.peak;
  }
}

export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
