// The test backend (msw) checks requests by the same contract the reference backend validates with:
// each endpoint's schema in contract/endpoints.ts (TypeBox's own checker here, ajv on the server), the
// contract's text formats and its number rule. A request the server would refuse is refused here with the
// server's 400, naming the field, so a console bug that sends a bad request fails its test.
import { HttpResponse } from 'msw';
import type { Static, TSchema } from 'typebox';
import { Format } from 'typebox/format';
import { Value } from 'typebox/value';
import { ENDPOINTS, type Endpoint } from '../contract/endpoints';
import type { Parsed } from '../contract/parsed';
import { DECIMAL_NUMBER_TEXT, NUMBER_TEXT_RULE, WHOLE_NUMBER_TEXT, WIRE_FORMATS } from '../contract/textRules';
import type { ApiErrorBody } from '../contract/schemas/parts';

for (const [name, { check }] of Object.entries(WIRE_FORMATS)) Format.Set(name, check);

type Schemas<E extends Endpoint> = (typeof ENDPOINTS)[E];
type Part<E extends Endpoint, K extends string> = K extends keyof Schemas<E>
  ? Schemas<E>[K] extends TSchema
    ? Schemas<E>[K]
    : never
  : never;
export type QueryOf<E extends Endpoint> = Static<Part<E, 'querystring'>>;
export type ParamsOf<E extends Endpoint> = Static<Part<E, 'params'>>;
export type BodyOf<E extends Endpoint> = Static<Part<E, 'body'>>;

/** The reference backend's 400 (or another status) in its ApiErrorBody shape. */
export function refused(field: string, message: string, status = 400) {
  const error = status === 400 ? 'bad_request' : status === 404 ? 'not_found' : status === 409 ? 'conflict' : 'error';
  return HttpResponse.json<ApiErrorBody>({ error, message, field }, { status });
}

/** A contract rule's problem (contract/parsed.ts) as the route's 400. */
export function refusedBy<T>(parsed: Parsed<T>): Response | T {
  return parsed.ok ? parsed.value : refused(parsed.error.field, parsed.error.message);
}

class Refusal {
  constructor(
    readonly field: string,
    readonly message: string,
  ) {}
}

/** 'names[3].gender' from '/names/3/gender', as the server names fields. */
function fieldFromPath(instancePath: string): string {
  return instancePath
    .split('/')
    .filter((segment) => segment !== '')
    .reduce((field, segment) => (/^\d+$/.test(segment) ? `${field}[${segment}]` : field ? `${field}.${segment}` : segment), '');
}

/** The first problem of `value` against `schema`, named and worded as the server words it (http/validation.ts). */
function check(schema: TSchema, value: unknown, part: 'body' | 'querystring' | 'params'): void {
  if (Value.Check(schema, value)) return;
  // The union's own summary and the false schema behind additionalProperties say less than the errors beside them.
  const errors = [...Value.Errors(schema, value)].filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'boolean');
  const first = errors[0];
  if (!first) throw new Refusal(part, `${part} is invalid`);
  const base = fieldFromPath(first.instancePath);
  const params = first.params as { additionalProperties?: string[]; requiredProperties?: string[]; format?: string };
  const child = params.additionalProperties?.[0] ?? params.requiredProperties?.[0];
  const field = (child ? (base ? `${base}.${child}` : child) : base) || part;
  if (params.requiredProperties) throw new Refusal(field, `${field} is required`);
  if (first.keyword === 'additionalProperties') {
    throw new Refusal(field, part === 'querystring' ? `${field} is not a parameter of this route` : `${field} is not allowed`);
  }
  const format = params.format ? WIRE_FORMATS[params.format] : undefined;
  throw new Refusal(field, format ? `${field} ${format.rule}` : `${field} ${first.message}`);
}

/** Query and path values are text: blank is absent (query), numbers are plain digits, booleans true/false. */
function fromText(schema: TSchema, values: Iterable<[string, string]>, part: 'querystring' | 'params'): Record<string, unknown> {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  const out: Record<string, unknown> = {};
  for (const [key, raw] of values) {
    const text = part === 'querystring' ? raw.trim() : raw;
    if (part === 'querystring' && text === '') continue;
    const type = properties[key]?.type;
    if (type === 'integer' || type === 'number') {
      if (!(type === 'integer' ? WHOLE_NUMBER_TEXT : DECIMAL_NUMBER_TEXT).test(text)) throw new Refusal(key, `${key} ${NUMBER_TEXT_RULE}`);
      out[key] = Number(text);
    } else if (type === 'boolean') {
      out[key] = text === 'true' ? true : text === 'false' ? false : text;
    } else {
      out[key] = text;
    }
  }
  return out;
}

export interface RequestParts {
  params?: Record<string, string | readonly string[] | undefined>;
  query?: URLSearchParams;
  body?: unknown;
}

export interface CheckedRequest<E extends Endpoint> {
  params: ParamsOf<E>;
  /** with the schema's defaults filled in, as the route reads it */
  query: QueryOf<E>;
  body: BodyOf<E>;
}

/**
 * The request's parts as the endpoint's route receives them once its schema passed, or the server's 400
 * naming the first field that breaks it. A body absent is null to the check (as Fastify's validator sees it).
 */
export function checkRequest<E extends Endpoint>(endpoint: E, parts: RequestParts): CheckedRequest<E> | Response {
  const schemas = ENDPOINTS[endpoint] as { params?: TSchema; querystring: TSchema; body?: TSchema };
  try {
    let params: unknown = {};
    if (schemas.params) {
      // msw also names what a '*' in the handler's path matched ('0', '1', ...): not the route's parameters.
      const entries = Object.entries(parts.params ?? {})
        .filter(([key]) => !/^\d+$/.test(key))
        .map(([key, value]): [string, string] => [key, String(value)]);
      params = fromText(schemas.params, entries, 'params');
      check(schemas.params, params, 'params');
    }
    const query = Value.Default(schemas.querystring, fromText(schemas.querystring, parts.query ?? new URLSearchParams(), 'querystring'));
    check(schemas.querystring, query, 'querystring');
    const body = parts.body === undefined ? null : parts.body;
    if (schemas.body) check(schemas.body, body, 'body');
    return { params, query, body } as CheckedRequest<E>;
  } catch (error) {
    if (error instanceof Refusal) return refused(error.field, error.message);
    throw error;
  }
}

/**
 * An msw request checked against its endpoint: path parameters, query string and JSON body (none when the
 * request has none; malformed JSON is the server's 400 too).
 */
export async function checkedRequest<E extends Endpoint>(
  endpoint: E,
  { request, params }: { request: Request; params?: RequestParts['params'] },
): Promise<CheckedRequest<E> | Response> {
  const text = await request.clone().text();
  let body: unknown;
  if (text !== '') {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      return refused('body', 'Body is not valid JSON');
    }
  }
  return checkRequest(endpoint, { params, query: new URL(request.url).searchParams, body });
}
