import { onEndpoint } from '../http/contractRoutes';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { LiveCounts } from '../../../contract/schemas/dashboard';
import type { LiveCountsHub } from '../live/liveCounts';

export interface LiveRoutesOptions {
  liveCounts: LiveCountsHub;
  /** Open streams, so the server can end them when it closes. */
  openStreams: Set<ServerResponse>;
  heartbeatMs?: number;
  /** Re-checks the stream's session (sign-out, demotion, deactivation): null while it holds, else why it ended. */
  recheckSession?: (request: FastifyRequest) => Promise<string | null>;
  /** How often an open stream's session is re-checked. */
  sessionCheckMs?: number;
}

/**
 * GET /live/counts: server-sent events. `event: counts` with LiveCounts at once and on every change,
 * a comment line every 15 s so proxies keep the connection open. When the counts cannot be read for
 * a new subscriber, one `event: error` (data { message }) and the stream ends (`retry` tells the
 * client when to come back). When they stop being readable later, one `event: unavailable` (data { message })
 * while the stream stays open; the next `event: counts` says they are current again. Authenticated by the
 * Authorization header like every /api route.
 */
/**
 * What an open stream gets when the server shuts down (SIGTERM): come back in a second (SSE's `retry`), by then to
 * another instance behind the balancer or to this one restarted; `event: server-stopping` says why it ended.
 */
export const SERVER_STOPPING_RETRY_MS = 1_000;
export const SERVER_STOPPING_EVENT = `retry: ${SERVER_STOPPING_RETRY_MS}\nevent: server-stopping\ndata: ${JSON.stringify({
  message: 'The server is restarting: reconnect in a moment',
  retryMs: SERVER_STOPPING_RETRY_MS,
})}\n\n`;

export const LIVE_COUNTS_STALE_MESSAGE = 'The server cannot read the live counts right now (its database may be unreachable)';
export const liveRoutes: FastifyPluginAsyncTypebox<LiveRoutesOptions> = async (
  app,
  { liveCounts, openStreams, heartbeatMs = 15_000, recheckSession, sessionCheckMs = 2_000 },
) => {
  onEndpoint(app, 'GET /api/live/counts', async (request, reply) => {
    reply.hijack();
    const stream = reply.raw;
    // The client may have gone while the (async) admin guard ran: then 'close' has fired already
    // and would never fire again, so nothing may be set up for this stream.
    if (stream.destroyed || stream.socket?.destroyed) {
      stream.destroy();
      return;
    }
    stream.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    // A HEAD request gets the head only (Node would otherwise hold it back, waiting for a body).
    if (request.method === 'HEAD') {
      stream.end();
      return;
    }
    stream.flushHeaders();
    stream.write('retry: 3000\n\n');
    openStreams.add(stream);

    let unsubscribe: (() => void) | null = null;
    const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), heartbeatMs);
    // The guard ran once, at the start: a stream must not keep pushing counts to a session that has
    // since been signed out, demoted or deactivated. It ends with `event: session-ended`.
    let checking = false;
    const sessionCheck = recheckSession
      ? setInterval(() => {
          if (checking) return;
          checking = true;
          recheckSession(request)
            .then((reason) => {
              if (reason === null || stream.writableEnded) return;
              cleanUp();
              stream.end(`event: session-ended\ndata: ${JSON.stringify({ message: reason })}\n\n`);
            })
            // A failed re-check (database briefly down) keeps the stream: the next tick tries again.
            .catch(() => undefined)
            .finally(() => {
              checking = false;
            });
        }, sessionCheckMs)
      : undefined;
    const cleanUp = () => {
      clearInterval(heartbeat);
      clearInterval(sessionCheck);
      unsubscribe?.();
      unsubscribe = null;
      openStreams.delete(stream);
    };
    stream.on('close', cleanUp);

    try {
      const stop = await liveCounts.subscribe(
        (counts: LiveCounts) => {
          stream.write(`event: counts\ndata: ${JSON.stringify(counts)}\n\n`);
        },
        // The counts can no longer be read (database down): the console marks its figures stale until
        // the next `counts` event.
        () => stream.write(`event: unavailable\ndata: ${JSON.stringify({ message: LIVE_COUNTS_STALE_MESSAGE })}\n\n`),
      );
      unsubscribe = stop;
      // The client may have gone while the first counts were read ('close' ran before `unsubscribe` was set).
      if (stream.destroyed || stream.writableEnded) cleanUp();
    } catch {
      // The first read failed (the hub logs it): say so, and end the stream; the client retries.
      cleanUp();
      stream.end(`event: error\ndata: ${JSON.stringify({ message: 'Live counts are unavailable right now' })}\n\n`);
    }
  });
};
