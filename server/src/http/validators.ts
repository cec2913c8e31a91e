import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifySchemaValidationError, FastifyServerOptions } from 'fastify';
import { DECIMAL_NUMBER_TEXT, NUMBER_TEXT_RULE, WHOLE_NUMBER_TEXT, WIRE_FORMATS } from '../../../contract/textRules';

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
 * A schema of an object that does not say whether other properties are allowed gets
 * `additionalProperties: false`: a field or parameter the route does not know is a client bug or a probe
 * (`?nationalty=irish` must not answer every name), so every route's input is closed unless it opens
 * itself explicitly.
 */
export function closedObject(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const s = schema as Record<string, unknown>;
  if (s.type !== 'object' || 'additionalProperties' in s || 'patternProperties' in s) return schema;
  return { ...s, additionalProperties: false };
}

function numericProperties(schema: unknown): Map<string, RegExp> {
  const found = new Map<string, RegExp>();
  const properties = (schema as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties ?? {};
  for (const [name, property] of Object.entries(properties)) {
    // ajv's coercion alone would take '0x10', '1e3', '+1' or '01' as numbers.
    if (property.type === 'integer') found.set(name, WHOLE_NUMBER_TEXT);
    else if (property.type === 'number') found.set(name, DECIMAL_NUMBER_TEXT);
  }
  return found;
}

function refusal(field: string, message: string, keyword = 'type'): FastifySchemaValidationError {
  return { keyword, instancePath: `/${field}`, schemaPath: `#/properties/${field}`, params: {}, message };
}

/**
 * Query strings and path parameters arrive as text. Before ajv coerces them: blank query parameters
 * count as absent (the console's forms send `?gender=`) and others are trimmed, and numbers must be
 * written in plain digits (contract/textRules.ts).
 */
function textPartValidator(route: RouteSchemaDefinition, validate: Validate): Validate {
  const numeric = numericProperties(route.schema);
  const check = ((data: unknown) => {
    if (data && typeof data === 'object' && !Array.isArray(data)) {
      const values = data as Record<string, unknown>;
      for (const [key, value] of Object.entries(values)) {
        if (typeof value !== 'string') continue;
        if (route.httpPart === 'querystring') {
          const trimmed = value.trim();
          if (trimmed === '') {
            delete values[key];
            continue;
          }
          values[key] = trimmed;
        }
        const pattern = numeric.get(key);
        if (pattern && !pattern.test(values[key] as string)) {
          check.errors = [refusal(key, NUMBER_TEXT_RULE)];
          return false;
        }
      }
    }
    const valid = validate(data);
    check.errors = validate.errors;
    return valid;
  }) as Validate;
  return check;
}

/** The formats of contract/textRules.ts, for ajv. */
const wireFormats = Object.fromEntries(
  Object.entries(WIRE_FORMATS).map(([name, { check }]) => [name, { type: 'string', validate: check }]),
);

/**
 * Fastify's validator, with these changes: unknown properties are refused, never stripped (closedObject
 * above); JSON bodies are checked strictly; query and path numbers are digits only (textPartValidator);
 * the contract's formats (free text, instants, days) are known. Query strings and path parameters keep
 * Fastify's coercion after that ('50' -> 50 for a number); a body already has JSON types, and turning a
 * client's `42` into "42" or `"true"` into true would hide its bugs instead of answering 400.
 */
export function strictBodyValidators(): SchemaControllerOptions {
  const fromPool = AjvCompiler() as unknown as BuildFromPool;
  const buildValidator = (externalSchemas: unknown, ajvOptions?: { customOptions?: Record<string, unknown>; plugins?: unknown[] }) => {
    const options = { customOptions: {}, plugins: [], ...ajvOptions };
    // discriminator: a body that is one of several closed shapes told apart by a field (contract/savedViews.ts) is
    // checked against the shape its field names, so the refusal says what is wrong with that shape.
    const custom = {
      ...options.customOptions,
      discriminator: true,
      formats: { ...(options.customOptions.formats as object), ...wireFormats },
    };
    // removeAdditional: false everywhere: Fastify's default ('all'... 'true') strips unknown properties
    // silently, so { email, isAdmin: true } would pass as { email }; refused instead, naming the field.
    const coercing = fromPool(externalSchemas, { ...options, customOptions: { ...custom, removeAdditional: false } });
    const strict = fromPool(externalSchemas, {
      ...options,
      customOptions: { ...custom, coerceTypes: false, removeAdditional: false },
    });
    return (route: RouteSchemaDefinition) => {
      if (route.httpPart === 'body') return strict({ ...route, schema: closedObject(route.schema) });
      const closed = { ...route, schema: route.httpPart === 'headers' ? route.schema : closedObject(route.schema) };
      return textPartValidator(closed, coercing(closed));
    };
  };
  return {
    compilersFactory: {
      buildValidator: buildValidator as unknown as NonNullable<SchemaControllerOptions['compilersFactory']>['buildValidator'],
    },
  };
}
