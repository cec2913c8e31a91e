// The contract as an OpenAPI 3.1 document: every endpoint of ENDPOINTS (contract/endpoints.ts) with its path and query
// parameters, request body and answers, from the same TypeBox schemas the server validates and serializes with (a
// test holds every route's schema to be the contract's, server/test/routeSchemas.test.ts). OpenAPI 3.1's schemas are
// JSON Schema, which TypeBox schemas are, so they go in as they are. Written to openapi.json by `npm run openapi`
// (CI checks it is current with `-- --check`) and served to admins at GET /api/openapi.json.
import type { TSchema } from 'typebox';
import { ENDPOINTS } from './endpoints';
import { ApiErrorBodySchema } from './schemas/parts';

export const OPENAPI_VERSION = '3.1.0';

type JsonSchema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

export interface OpenApiDocument {
  openapi: typeof OPENAPI_VERSION;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
}

/** A TypeBox schema as plain JSON (its symbol keys, TypeBox's own bookkeeping, dropped). */
const plain = (schema: TSchema): JsonSchema => JSON.parse(JSON.stringify(schema)) as JsonSchema;

/** The properties of an object schema (params, querystring, headers) as OpenAPI parameters. */
function parametersOf(schema: TSchema | undefined, where: Parameter['in']): Parameter[] {
  if (!schema) return [];
  const json = plain(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      schema: rest,
      ...(typeof description === 'string' ? { description } : {}),
    };
  });
}

/** `/api/names/:id` -> `/api/names/{id}` */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content' };

/** Who may call it: /auth's sign-in steps take no session; the rest of /auth any signed-in account; /api admins. */
function securityOf(path: string): unknown[] | undefined {
  if (path.startsWith('/api/')) return [{ bearer: [] }];
  return undefined;
}

export function buildOpenApiDocument(version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const [key, endpoint] of Object.entries(ENDPOINTS)) {
    const [method, path] = key.split(' ') as [string, string];
    const e = endpoint as {
      params?: TSchema;
      headers?: TSchema;
      querystring: TSchema;
      body?: TSchema;
      response: Record<number, TSchema>;
    };
    const responses: Record<string, unknown> = {};
    for (const [status, schema] of Object.entries(e.response)) {
      responses[status] =
        Number(status) === 204
          ? { description: STATUS_TEXT[204] }
          : { description: STATUS_TEXT[Number(status)] ?? 'Answer', content: { 'application/json': { schema: plain(schema) } } };
    }
    responses.default = {
      description: 'A refusal or a failure: the status says which, the body why (`field` names the parameter at fault)',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
    };
    const operation: Record<string, unknown> = {
      operationId: key,
      parameters: [...parametersOf(e.params, 'path'), ...parametersOf(e.querystring, 'query'), ...parametersOf(e.headers, 'header')],
      responses,
    };
    if (e.body) operation.requestBody = { required: true, content: { 'application/json': { schema: plain(e.body) } } };
    const security = securityOf(path);
    if (security) operation.security = security;
    (paths[openApiPath(path)] ??= {})[method.toLowerCase()] = operation;
  }
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'Baby Names admin console: the reference backend',
      version,
      description:
        'The routes the console calls. `/api` needs an admin session (a bearer token from POST /auth/sign-in, or a ' +
        'Firebase ID token in Firebase mode); every parameter and body is validated against these schemas, and an ' +
        'unknown one is refused with a 400 naming it.',
    },
    paths,
    components: {
      schemas: { ApiError: plain(ApiErrorBodySchema) },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
  };
}
