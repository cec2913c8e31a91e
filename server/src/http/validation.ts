import type { FastifySchemaValidationError } from 'fastify';
import { WIRE_FORMATS } from '../../../contract/textRules';

/** 'names[3].gender' from the ajv instance path '/names/3/gender'. */
function fieldFromPath(instancePath: string): string {
  return instancePath
    .split('/')
    .filter((segment) => segment.length > 0)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((field, segment) => (/^\d+$/.test(segment) ? `${field}[${segment}]` : field ? `${field}.${segment}` : segment), '');
}

/**
 * The input a failed schema check is about, named the way a client knows it: a body property
 * ('email', 'names[3].gender'), a query or path parameter ('limit', 'id'), or the whole part
 * ('body', 'querystring') when the part itself is missing or of the wrong type.
 */
export function fieldOfValidationError(error: FastifySchemaValidationError, context: string): string {
  const params = error.params as Record<string, unknown>;
  const base = fieldFromPath(error.instancePath);
  const child =
    typeof params.missingProperty === 'string'
      ? params.missingProperty
      : typeof params.additionalProperty === 'string'
        ? params.additionalProperty
        : typeof params.propertyName === 'string'
          ? params.propertyName
          : '';
  const field = child ? (base ? `${base}.${child}` : child) : base;
  return field || context;
}

export function describeValidationError(error: FastifySchemaValidationError, field: string, context?: string): string {
  const params = error.params as Record<string, unknown>;
  if (typeof params.missingProperty === 'string') return `${field} is required`;
  if (error.keyword === 'additionalProperties') {
    return context === 'querystring' ? `${field} is not a parameter of this route` : `${field} is not allowed`;
  }
  if (error.keyword === 'format' && typeof params.format === 'string' && WIRE_FORMATS[params.format]) {
    return `${field} ${WIRE_FORMATS[params.format]!.rule}`;
  }
  return `${field} ${error.message ?? 'is invalid'}`;
}
