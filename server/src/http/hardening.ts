// What the reference backend does for every request regardless of route: bounded
// connections and timeouts, one JSON error shape for Fastify's and Node's own errors, security
// headers, an access log only at LOG_LEVEL=info, and unknown /api paths kept behind the guard.
import http from 'node:http';
import type { Socket } from 'node:net';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyServerOptions, type onRequestAsyncHookHandler } from 'fastify';
import type { ApiErrorBody } from '../../../contract/schemas/parts';
import { contentSecurityPolicy } from '../../../contract/contentSecurityPolicy';

export interface ServerLimits {
  /** time to receive a request's headers (slowloris) */
  headersTimeoutMs: number;
  /** time to receive a whole request, body included (Node's own check, a periodic sweep) */
  requestTimeoutMs: number;
  /** time to receive a request's body once its headers are in: enforced per request (enforceBodyDeadline) */
  bodyTimeoutMs: number;
  /** how long an idle keep-alive connection stays open */
  keepAliveTimeoutMs: number;
  /** a socket with no traffic at all for this long is closed (event streams send a heartbeat every 15 s) */
  idleSocketTimeoutMs: number;
  /** open connections at most; more are refused at once */
  maxConnections: number;
  /** how often Node checks the header and request timeouts */
  timeoutCheckIntervalMs: number;
}

export const DEFAULT_SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  bodyTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  idleSocketTimeoutMs: 120_000,
  maxConnections: 1_000,
  timeoutCheckIntervalMs: 1_000,
};

/** A longer parameter than any route accepts, so an over-long one reaches the schema (400 naming it), not "Route not found". */
const MAX_PARAM_LENGTH = 2_048;

function sendRawError(socket: Socket, status: number, body: ApiErrorBody): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? 'Error'}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(json)}\r\n` +
      'Connection: close\r\n\r\n' +
      json,
  );
}

/** Errors Node's HTTP parser raises before Fastify sees a request (431, 400, 408, 413). */
function clientErrorBody(error: Error & { code?: string }): [number, ApiErrorBody] {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, { error: 'request_header_fields_too_large', message: 'Request headers are too large' }];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, { error: 'request_timeout', message: 'The request was not received in time' }];
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return [413, { error: 'payload_too_large', message: 'Request body is too large' }];
    default:
      return [400, { error: 'bad_request', message: 'Malformed HTTP request' }];
  }
}

const headerDeadline = Symbol('headerDeadline');
type DeadlineSocket = Socket & { [headerDeadline]?: ReturnType<typeof setTimeout> };

/**
 * A request head must arrive within `ms` of the connection (or of the previous response on a
 * keep-alive connection). Node's own headersTimeout is checked by a periodic sweep that, measured
 * here on Node 20, let half-sent heads live on once the server had answered other requests; this
 * per-socket timer does not depend on it.
 */
function enforceHeaderDeadline(server: http.Server, ms: number): void {
  const arm = (socket: DeadlineSocket) => {
    clearTimeout(socket[headerDeadline]);
    socket[headerDeadline] = setTimeout(() => {
      sendRawError(socket, 408, { error: 'request_timeout', message: 'The request was not received in time' });
      socket.destroySoon();
    }, ms);
    socket[headerDeadline].unref();
  };
  server.on('connection', (socket: DeadlineSocket) => {
    arm(socket);
    socket.once('close', () => clearTimeout(socket[headerDeadline]));
  });
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    const socket = request.socket as DeadlineSocket;
    clearTimeout(socket[headerDeadline]);
    response.once('finish', () => {
      if (!socket.destroyed) arm(socket);
    });
  });
}

/**
 * A request's body must arrive within `ms` of its headers. Node's requestTimeout is checked by the same
 * periodic sweep as its headersTimeout, and measured here it did not close 300 connections that sent
 * headers and part of a body, then nothing (one alone got its 408 after 60 s): this per-request timer
 * does not depend on it. `request.complete` is true once the whole message is in, whether or not a
 * route read it, so a request without a body, or an event stream, is never cut.
 */
function enforceBodyDeadline(server: http.Server, ms: number): void {
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (request.complete) return;
    const timer = setTimeout(() => {
      if (request.complete) return;
      const socket = request.socket;
      if (!response.headersSent) {
        sendRawError(socket, 408, { error: 'request_timeout', message: 'The request body was not received in time' });
        socket.destroySoon();
      } else socket.destroy();
    }, ms);
    timer.unref();
    const stop = () => clearTimeout(timer);
    // Not stopped when the answer is sent: a route may answer (401, 413) before the body is in, and Node
    // then keeps reading what is left of it on the same connection.
    request.once('end', stop);
    response.once('close', stop);
  });
}

/** The path of a URL with its percent-escapes decoded (repeatedly, so a double-encoded one is seen too); undecodable text as it is. */
export function decodedPath(url: string): string {
  let path = url.split('?')[0]!.split('#')[0]!;
  for (let i = 0; i < 3 && path.includes('%'); i++) {
    try {
      path = decodeURIComponent(path);
    } catch {
      break;
    }
  }
  return path;
}

/** Fastify options: our own HTTP server with its limits, long parameters, and JSON for framework errors. */
export function hardenedServerOptions(limits: ServerLimits = DEFAULT_SERVER_LIMITS): Partial<FastifyServerOptions> {
  return {
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Timeouts and the connection limit live on the Node server; Node checks the first two only every
    // connectionsCheckingInterval, which can be set only when the server is created.
    serverFactory: (handler) => {
      const server = http.createServer(
        {
          headersTimeout: limits.headersTimeoutMs,
          requestTimeout: limits.requestTimeoutMs,
          keepAliveTimeout: limits.keepAliveTimeoutMs,
          connectionsCheckingInterval: limits.timeoutCheckIntervalMs,
        },
        handler,
      );
      server.timeout = limits.idleSocketTimeoutMs;
      server.maxConnections = limits.maxConnections;
      enforceHeaderDeadline(server, limits.headersTimeoutMs);
      enforceBodyDeadline(server, limits.bodyTimeoutMs);
      return server;
    },
    clientErrorHandler: (error, socket) => {
      if ((error as { code?: string }).code === 'ECONNRESET') {
        socket.destroy();
        return;
      }
      const [status, body] = clientErrorBody(error);
      sendRawError(socket as Socket, status, body);
    },
    // A malformed percent-encoding in the URL (GET /api/%E0%A4%A): our shape, not Fastify's.
    frameworkErrors: (error, _request, reply) => {
      const body: ApiErrorBody =
        error.code === 'FST_ERR_BAD_URL'
          ? { error: 'bad_request', message: 'The URL is not valid (malformed percent-encoding)', field: 'url' }
          : { error: 'bad_request', message: 'The request could not be routed' };
      void (reply as FastifyReply).code(400).send(body);
    },
    // One access line per request (onResponse below) instead of Fastify's two, and only at info.
    logController: new LogController({ disableRequestLogging: true }),
  };
}

/** One year: what browsers' preload lists ask for; no includeSubDomains, since other hosts of the domain are not ours. */
export const HSTS_MAX_AGE_SECONDS = 31_536_000;

export interface HardeningOptions {
  /** extra origins for the CSP's connect-src (CSP_CONNECT_SRC) */
  connectSources?: readonly string[];
  /** the guard unknown /api paths must pass before they may learn that nothing is there */
  requireAdmin: onRequestAsyncHookHandler;
}

const API_PATH = /^\/api(\/|\?|$)/;
const BACKEND_PATH = /^\/(api|auth)(\/|\?|$)/;
/** routes/probes.ts: a cached "ok" would hide an outage from whoever asks next. */
const PROBE_PATH = /^\/(healthz|readyz|metrics)(\?|$)/;

export function installHardening(app: FastifyInstance, options: HardeningOptions): void {
  const csp = contentSecurityPolicy({ connectSources: options.connectSources });
  app.addHook('onSend', async (request, reply, payload) => {
    // Sign-in answers carry tokens and /api answers carry user records: no cache (browser, proxy) may keep
    // them. Routes that chose their own policy keep it.
    if ((BACKEND_PATH.test(request.url) || PROBE_PATH.test(request.url)) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    // Over HTTPS (the connection's own, or X-Forwarded-Proto from a proxy TRUST_PROXY names), browsers are told
    // to use nothing else for a year. Never over plain HTTP: a browser ignores it there, and the quick start
    // (http://127.0.0.1) must not teach a browser to refuse it.
    if (request.protocol === 'https') reply.header('strict-transport-security', `max-age=${HSTS_MAX_AGE_SECONDS}`);
    return payload;
  });

  const accessLog = ['info', 'debug', 'trace'].includes(app.log.level);
  app.addHook('onResponse', async (request, reply) => {
    if (!accessLog) return;
    // The path only: a query string may hold search terms an access log has no business keeping.
    request.log.info(
      { method: request.method, path: request.url.split('?')[0], statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });

  // Source maps are never served, even if a build left some in the folder. The path is checked as the file
  // server will read it, decoded: '/x.js%2Emap' and '/x.js.ma%70' name x.js.map too.
  app.addHook('onRequest', async (request, reply) => {
    if (/\.map$/i.test(decodedPath(request.url))) return reply.code(404).send({ error: 'not_found', message: 'Not found' });
  });

  // Unknown /api paths answer exactly like known ones to a stranger (401), so the routes cannot be mapped.
  // Unknown means no /api route took it: when the built console is served, its catch-all file route does.
  app.addHook('onRequest', async (request, reply) => {
    const unknownApiPath = API_PATH.test(request.url) && (request.is404 || !request.routeOptions.url?.startsWith('/api'));
    if (unknownApiPath) await options.requireAdmin.call(app, request, reply);
  });
}
