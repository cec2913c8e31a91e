import type { FastifyReply } from 'fastify';
import type { ApiErrorBody } from '../../../src/api/contract';
import type { FieldError } from './result';

/** 400 with the offending input named, the shape every client of the API reads (ApiErrorBody). */
export function badRequest(reply: FastifyReply, error: FieldError): FastifyReply {
  const body: ApiErrorBody = { error: 'bad_request', message: error.message, field: error.field };
  return reply.code(400).send(body);
}

export function notFound(reply: FastifyReply, message: string): FastifyReply {
  const body: ApiErrorBody = { error: 'not_found', message };
  return reply.code(404).send(body);
}

export function payloadTooLarge(reply: FastifyReply, message: string, field: string): FastifyReply {
  const body: ApiErrorBody = { error: 'payload_too_large', message, field };
  return reply.code(413).send(body);
}
