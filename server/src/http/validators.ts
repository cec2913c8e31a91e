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
 * Fastify's validator, with one change: JSON bodies are checked strictly. Query strings, path
 * parameters and headers arrive as text, so they keep Fastify's coercion ('50' -> 50 for a number);
 * a body already has JSON types, and turning a client's `42` into "42" or `"true"` into true would
 * hide its bugs instead of answering 400.
 */
export function strictBodyValidators(): SchemaControllerOptions {
  const fromPool = AjvCompiler() as unknown as BuildFromPool;
  const buildValidator = (externalSchemas: unknown, ajvOptions?: { customOptions?: Record<string, unknown>; plugins?: unknown[] }) => {
    const options = { customOptions: {}, plugins: [], ...ajvOptions };
    const coercing = fromPool(externalSchemas, options);
    const strict = fromPool(externalSchemas, { ...options, customOptions: { ...options.customOptions, coerceTypes: false } });
    return (route: RouteSchemaDefinition) => (route.httpPart === 'body' ? strict : coercing)(route);
  };
  return {
    compilersFactory: {
      buildValidator: buildValidator as unknown as NonNullable<SchemaControllerOptions['compilersFactory']>['buildValidator'],
    },
  };
}
