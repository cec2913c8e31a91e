import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifySchemaValidationError, FastifyServerOptions } from 'fastify';

type SchemaControllerOptions = NonNullable<FastifyServerOptions['schemaController']>;

/** What Fastify passes to a validator compiler at run time (its published types say otherwise). */
interface RouteSchemaDefinition {
  schema: unknown;
  method: string;
  url: string;
  httpPart: 'body' | 'querystring' | 'params' | 'headers';
}
type Validate = ((data: unknown) => boolean) & { errors?: FastifySchemaValidationError[] | null };
type BuildFromPool = (
  externalSchemas: unknown,
  options: { customOptions?: Record<string, unknown>; plugins?: unknown[] },
) => (route: RouteSchemaDefinition) => Validate;

/**
 * A body schema of an object that does not say whether other properties are allowed gets
 * `additionalProperties: false`: a field the route does not know is a client bug or a probe (issue 7 §3),
 * so every route's body is closed unless it opens itself explicitly.
 */
export function closedObject(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const s = schema as Record<string, unknown>;
  if (s.type !== 'object' || 'additionalProperties' in s || 'patternProperties' in s) return schema;
  return { ...s, additionalProperties: false };
}

/**
 * Fastify's validator, with two changes: unknown properties are refused, never stripped (closedObject
 * above), and JSON bodies are checked strictly. Query strings, path
 * parameters and headers arrive as text, so they keep Fastify's coercion ('50' -> 50 for a number);
 * a body already has JSON types, and turning a client's `42` into "42" or `"true"` into true would
 * hide its bugs instead of answering 400.
 */
export function strictBodyValidators(): SchemaControllerOptions {
  const fromPool = AjvCompiler() as unknown as BuildFromPool;
  const buildValidator = (externalSchemas: unknown, ajvOptions?: { customOptions?: Record<string, unknown>; plugins?: unknown[] }) => {
    const options = { customOptions: {}, plugins: [], ...ajvOptions };
    // removeAdditional: false everywhere: Fastify's default ('all'... 'true') strips unknown properties
    // silently, so { email, isAdmin: true } would pass as { email }; refused instead, naming the field.
    const coercing = fromPool(externalSchemas, { ...options, customOptions: { ...options.customOptions, removeAdditional: false } });
    const strict = fromPool(externalSchemas, {
      ...options,
      customOptions: { ...options.customOptions, coerceTypes: false, removeAdditional: false },
    });
    return (route: RouteSchemaDefinition) =>
      route.httpPart === 'body' ? strict({ ...route, schema: closedObject(route.schema) }) : coercing(route);
  };
  return {
    compilersFactory: {
      buildValidator: buildValidator as unknown as NonNullable<SchemaControllerOptions['compilersFactory']>['buildValidator'],
    },
  };
}
