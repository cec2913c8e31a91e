// The server's log: JSON lines (Fastify's pino), one object per line, each request's lines carrying its request
// id (`reqId`), which the answer echoes in X-Request-Id so a client's report can be matched to the log. A proxy's or
// client's X-Request-Id is kept when it is short and plain (so one id follows a request through every hop); anything
// else gets a fresh id instead (a header must not be able to forge or flood log lines).
//
// What never reaches the log: passwords, session tokens, the Authorization and Cookie headers, and two-factor sign-in's
// secrets, codes, recovery codes and challenges. Nothing logs a request body or headers today (request logging is off:
// http/hardening.ts writes its own access line with the path only); the redaction below keeps it so if a log call
// ever passes one.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
/** Letters, digits and a few separators (UUIDs, trace ids, base64), at most 128 of them. */
const PLAIN_REQUEST_ID = /^[A-Za-z0-9._:/+=@-]{1,128}$/;

/** The request's id: the client's X-Request-Id when it is plain, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && PLAIN_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Fastify options for request ids (taken or made by requestIdOf; Fastify logs them as reqId). */
export const requestIdOptions: Partial<FastifyServerOptions> = {
  requestIdHeader: false,
  genReqId: requestIdOf,
};

/** Every answer says which request it was (errors and 404s included), for matching a report to the log. */
export function installRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}

const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'authorization',
  'password',
  'currentPassword',
  'newPassword',
  'token',
  // two-factor sign-in (routes/mfa.ts): the secret, its URL, recovery codes and the second step's challenge (a bare
  // `code` is left alone: errors carry theirs, ECONNREFUSED or a SQLSTATE; a body, where a TOTP code would be, is
  // redacted whole)
  'secret',
  'otpauthUrl',
  'recoveryCode',
  'recoveryCodes',
  'challenge',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.secret',
  '*.otpauthUrl',
  '*.recoveryCode',
  '*.recoveryCodes',
  '*.challenge',
  'body',
  'req.body',
];

export interface LoggerSettings {
  /** LOG_LEVEL (default warn: errors and warnings; info adds one access line per request) */
  level: string;
  /** where the lines go (default standard output); tests capture them */
  stream?: { write(line: string): void };
}

/** The logger of a running server: JSON lines at `level`, with secrets redacted and URLs without their query. */
export function serverLogger(settings: LoggerSettings): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: settings.level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      // The path only: a query string may hold search terms a log has no business keeping.
      req: (request: { method?: string; url?: string; ip?: string }) => ({
        method: request.method,
        path: request.url?.split('?')[0],
        remoteAddress: request.ip,
      }),
    },
    ...(settings.stream ? { stream: settings.stream } : {}),
  };
}
