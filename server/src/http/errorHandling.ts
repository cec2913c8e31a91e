import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { echo, MAX_ECHO_LENGTH } from '../../../contract/textRules';
import type { ApiErrorBody } from '../../../contract/schemas/parts';
import { databaseUnavailableReason, diskFullReason, statementTimeoutReason } from '../db/unavailable';
import { HttpError } from './errors';
import { describeValidationError, fieldOfValidationError } from './validation';

const CODE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  408: 'request_timeout',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  431: 'request_header_fields_too_large',
};

/** How long a client should wait before retrying while the database is unreachable. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Longest message an error answer carries: a message may quote input (a field name, a path), never at length. */
const MAX_MESSAGE_LENGTH = 400 + MAX_ECHO_LENGTH;

/** The body with its message and field bounded, however much of the client's input they quote. */
function bounded(body: ApiErrorBody): ApiErrorBody {
  const message = body.message.length > MAX_MESSAGE_LENGTH ? `${body.message.slice(0, MAX_MESSAGE_LENGTH)}…` : body.message;
  return { ...body, message, ...(body.field !== undefined ? { field: echo(body.field) } : {}) };
}

/** Every error leaves as an ApiErrorBody; a 5xx never carries the real message or stack (it is logged). */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send(bounded(error.toBody()));
    }
    if (error.validation && error.validation.length > 0) {
      const first = error.validation[0]!;
      // A field name may be a client's own (an unknown property): quoted, but bounded.
      const field = echo(fieldOfValidationError(first, error.validationContext ?? 'body'));
      const body: ApiErrorBody = { error: 'bad_request', message: describeValidationError(first, field, error.validationContext), field };
      return reply.code(400).send(body);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, wrong content type): their
      // messages describe the request, not the server, so they are safe to pass on.
      const body: ApiErrorBody = {
        error: CODE_BY_STATUS[status] ?? 'bad_request',
        message: error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? bodyTooLargeMessage(request) : error.message,
        ...(error.code?.startsWith('FST_ERR_CTP') ? { field: 'body' } : {}),
      };
      return reply.code(status).send(bounded(body));
    }
    const diskFull = diskFullReason(error);
    if (diskFull) {
      // Not a bug either: the operator must free space. 507 Insufficient Storage, with the reason to show.
      request.log.error({ code: (error as { code?: unknown }).code }, 'database disk full');
      const body: ApiErrorBody = { error: 'insufficient_storage', message: diskFull };
      return reply.code(507).send(body);
    }
    const timedOut = statementTimeoutReason(error);
    if (timedOut) {
      // The statement was cancelled by statement_timeout (its transaction rolled back): busy, not broken.
      request.log.warn({ code: '57014' }, 'database statement timeout');
      const body: ApiErrorBody = { error: 'database_timeout', message: timedOut };
      return reply.code(503).header('retry-after', DATABASE_RETRY_AFTER_SECONDS).send(body);
    }
    const unavailable = databaseUnavailableReason(error);
    if (unavailable) {
      // An outage, not a bug: one line without a stack, and a reason the console can show.
      request.log.warn({ reason: unavailable, code: (error as { code?: unknown }).code }, 'database unavailable');
      const body: ApiErrorBody = { error: 'database_unavailable', message: unavailable };
      return reply.code(503).header('retry-after', DATABASE_RETRY_AFTER_SECONDS).send(body);
    }
    // Logged once, here, with its stack (the `err` serializer); the client learns nothing of it.
    request.log.error({ err: error }, 'request failed');
    const body: ApiErrorBody = { error: 'internal_error', message: 'Internal server error' };
    return reply.code(500).send(body);
  });
}

/** 413: what the route takes at most, so a client can tell a wrong request from a too-small limit. */
function bodyTooLargeMessage(request: FastifyRequest): string {
  const limit = request.routeOptions.bodyLimit.toLocaleString('en-US');
  return `Request body is too large: ${request.method} ${echo(request.url.split('?')[0]!)} takes at most ${limit} bytes`;
}

/** Unknown routes: a JSON 404 (the path only: a query string may carry a token). */
export function notFoundBody(request: FastifyRequest): ApiErrorBody {
  const path = request.url.split('?')[0];
  return { error: 'not_found', message: `Route ${request.method} ${echo(path)} not found` };
}

/**
 * JSON bodies, except that an empty body counts as no body (a POST with a JSON content type and
 * nothing in it, e.g. sign-out), so the route's schema says what is missing instead of a parse error.
 */
export function installJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
}
