// Reading an OpenAPI 3.x document for the API Reference page: its operations grouped for the page, their parameters,
// bodies and answers with every `$ref` into the document resolved, and a schema turned into a compact tree of types
// and constraints. Pure functions over the JSON, so the page's tests and these need no screen.
//
// The types are the parts of OpenAPI 3.1 the page reads, written here rather than imported from
// contract/openapi.ts: the page shows whatever document the API serves (a hosted API's too), not only the one the
// contract builds, so nothing in it may be assumed present.

export type JsonSchema = Record<string, unknown>;

export interface OpenApiReference {
  $ref: string;
}

export interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  deprecated?: boolean;
  schema?: JsonSchema;
}

export interface OpenApiMediaType {
  schema?: JsonSchema;
}

export interface OpenApiRequestBody {
  description?: string;
  required?: boolean;
  content?: Record<string, OpenApiMediaType>;
}

export interface OpenApiResponse {
  description?: string;
  content?: Record<string, OpenApiMediaType>;
}

export interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  parameters?: (OpenApiParameter | OpenApiReference)[];
  requestBody?: OpenApiRequestBody | OpenApiReference;
  responses?: Record<string, OpenApiResponse | OpenApiReference>;
  security?: Record<string, string[]>[];
}

export interface OpenApiDocument {
  openapi?: string;
  info?: { title?: string; version?: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
  security?: Record<string, string[]>[];
}

/** The HTTP methods a path item may hold operations under (OpenAPI 3.1, Path Item Object), in the order shown. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** One operation as the page shows it: its references resolved, the path's own parameters merged in. */
export interface Operation {
  /** unique in the document: 'GET /api/names' */
  key: string;
  method: HttpMethod;
  path: string;
  summary?: string;
  description?: string;
  operationId?: string;
  deprecated: boolean;
  /** the security schemes it names ('bearer'): its own requirement, or the document's when it has none; [] = none */
  security: string[];
  parameters: OpenApiParameter[];
  requestBody?: OpenApiRequestBody;
  responses: { status: string; response: OpenApiResponse }[];
}

export interface OperationGroup {
  /** the tag, or the path's first segment under /api ('/api/names', '/auth') for an untagged operation */
  name: string;
  description?: string;
  operations: Operation[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The answer is shaped like an OpenAPI document: an object with a `paths` object (3.1 may omit paths; then `{}`). */
export function isOpenApiDocument(value: unknown): value is OpenApiDocument {
  return (
    isObject(value) && (typeof value.openapi === 'string' || isObject(value.paths)) && (value.paths === undefined || isObject(value.paths))
  );
}

export const isReference = (value: unknown): value is OpenApiReference => isObject(value) && typeof value.$ref === 'string';

/** The value a local reference ('#/components/schemas/ApiError') points at, or undefined (external, or not there). */
export function lookUpReference(document: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  // JSON Pointer (RFC 6901): segments are URI-encoded, and ~1 and ~0 stand for / and ~.
  const segments = ref
    .slice(2)
    .split('/')
    .map((segment) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~'));
  let value: unknown = document;
  for (const segment of segments) {
    if (!isObject(value) && !Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

/** Follows references (a chain of them too, never round a loop) to the object they end at. */
function resolved<T>(document: OpenApiDocument, value: T | OpenApiReference | undefined): T | undefined {
  const seen = new Set<string>();
  let current: unknown = value;
  while (isReference(current)) {
    if (seen.has(current.$ref)) return undefined;
    seen.add(current.$ref);
    current = lookUpReference(document, current.$ref);
  }
  return isObject(current) ? (current as T) : undefined;
}

/** The group of an untagged operation: its path's first segment, under /api when the path is there. */
export function pathGroup(path: string): string {
  const segments = path.split('/').filter(Boolean);
  if (segments.length === 0) return '/';
  // Every admin route starts /api: grouping by that segment alone would put nearly all of them in one group.
  if (segments[0] === 'api' && segments.length > 1) return `/api/${segments[1]}`;
  return `/${segments[0]}`;
}

const sortStatus = (a: string, b: string) => {
  // '200' before '404' before '4XX' before 'default'
  const rank = (status: string) => (status === 'default' ? 1000 : Number.parseInt(status.replace(/X/gi, '9'), 10) || 999);
  return rank(a) - rank(b) || a.localeCompare(b);
};

function readOperation(document: OpenApiDocument, path: string, method: HttpMethod, pathItem: Record<string, unknown>): Operation | null {
  const raw = pathItem[method];
  if (!isObject(raw)) return null;
  const operation = raw as OpenApiOperation;
  const own = (operation.parameters ?? []).map((p) => resolved<OpenApiParameter>(document, p)).filter((p) => p !== undefined);
  // A path's parameters apply to each of its operations unless the operation defines the same name and place.
  const shared = ((pathItem.parameters ?? []) as (OpenApiParameter | OpenApiReference)[])
    .map((p) => resolved<OpenApiParameter>(document, p))
    .filter((p) => p !== undefined)
    .filter((p) => !own.some((o) => o.name === p.name && o.in === p.in));
  const responses = Object.entries(operation.responses ?? {})
    .map(([status, response]) => ({ status, response: resolved<OpenApiResponse>(document, response) ?? {} }))
    .sort((a, b) => sortStatus(a.status, b.status));
  const security = operation.security ?? document.security;
  return {
    key: `${method.toUpperCase()} ${path}`,
    method,
    path,
    summary: operation.summary ?? (typeof pathItem.summary === 'string' ? pathItem.summary : undefined),
    description: operation.description ?? (typeof pathItem.description === 'string' ? pathItem.description : undefined),
    operationId: operation.operationId,
    deprecated: operation.deprecated === true,
    security: Array.isArray(security) ? [...new Set(security.flatMap((requirement) => Object.keys(requirement)))] : [],
    parameters: [...shared, ...own],
    requestBody: resolved<OpenApiRequestBody>(document, operation.requestBody),
    responses,
  };
}

/** Every operation of the document, in the document's order of paths and then of methods. */
export function readOperations(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const pathItem = resolved<Record<string, unknown>>(document, item);
    if (!pathItem) continue;
    for (const method of HTTP_METHODS) {
      const operation = readOperation(document, path, method, pathItem);
      if (operation) operations.push(operation);
    }
  }
  return operations;
}

/**
 * The operations by tag (an operation with several tags is listed under each), or by pathGroup when it has none.
 * Tags come in the order the document declares them, then the rest by name; operations keep the document's order.
 */
export function groupOperations(document: OpenApiDocument, operations: Operation[]): OperationGroup[] {
  const tagsOf = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const pathItem = resolved<Record<string, unknown>>(document, item);
    for (const method of HTTP_METHODS) {
      const tags = (pathItem?.[method] as OpenApiOperation | undefined)?.tags;
      if (Array.isArray(tags) && tags.length > 0) tagsOf.set(`${method.toUpperCase()} ${path}`, tags);
    }
  }
  const groups = new Map<string, Operation[]>();
  for (const operation of operations) {
    for (const name of tagsOf.get(operation.key) ?? [pathGroup(operation.path)]) {
      const list = groups.get(name) ?? [];
      list.push(operation);
      groups.set(name, list);
    }
  }
  const declared = (document.tags ?? []).map((tag) => tag.name);
  const names = [...groups.keys()].sort((a, b) => {
    const [ia, ib] = [declared.indexOf(a), declared.indexOf(b)];
    if (ia !== -1 || ib !== -1) return (ia === -1 ? Infinity : ia) - (ib === -1 ? Infinity : ib);
    return a.localeCompare(b);
  });
  return names.map((name) => ({
    name,
    description: document.tags?.find((tag) => tag.name === name)?.description,
    operations: groups.get(name)!,
  }));
}

/**
 * The operations whose method, path, summary or description hold every word of `text` (case and accents ignored),
 * so 'GET /api/names' finds that operation and the ones below its path.
 */
export function filterOperations(operations: Operation[], text: string): Operation[] {
  const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const words = fold(text).split(/\s+/).filter(Boolean);
  if (words.length === 0) return operations;
  return operations.filter((operation) => {
    const haystack = fold(
      [operation.method, operation.path, operation.summary ?? '', operation.description ?? '', operation.operationId ?? ''].join(' '),
    );
    return words.every((word) => haystack.includes(word));
  });
}

// ---- Schemas as a compact tree ----

export interface SchemaProperty {
  name: string;
  required: boolean;
  node: SchemaNode;
}

export interface SchemaNode {
  /** what it is, in one short text: 'string', 'integer | null', '"male" | "female"', 'object', 'array of object' */
  type: string;
  /** the component a $ref named ('ApiError'), when it came from one */
  refName?: string;
  /** what else restricts it: '1 to 500', 'default 50', 'at most 100 characters', 'format email' */
  constraints: string[];
  description?: string;
  /** an object's properties (of the array's items, for an array of objects) */
  properties?: SchemaProperty[];
  /** the values of a map ({ [key]: value }), with what the keys must be */
  additional?: { key: string; node: SchemaNode };
  /** the alternatives of a oneOf / anyOf that are not all plain types, or the parts of an allOf */
  variants?: { kind: 'one of' | 'any of' | 'all of'; nodes: SchemaNode[] };
  /** a reference back into a schema being expanded: shown by name, not again */
  recursive?: boolean;
  /** a $ref this page cannot follow (another file, or a pointer to nothing) */
  unresolved?: string;
}

/** Deeper than this, a schema is shown by its type alone: a guard against documents built to be endless. */
const MAX_DEPTH = 12;

const literal = (value: unknown) => JSON.stringify(value);

function constraintsOf(schema: JsonSchema): string[] {
  const out: string[] = [];
  const n = (key: string) => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);
  const range = (min: number | undefined, max: number | undefined, unit: string) => {
    const suffix = unit ? ` ${unit}` : '';
    if (min !== undefined && max !== undefined) out.push(min === max ? `exactly ${min}${suffix}` : `${min} to ${max}${suffix}`);
    else if (min !== undefined) out.push(`at least ${min}${suffix}`);
    else if (max !== undefined) out.push(`at most ${max}${suffix}`);
  };
  range(n('minimum'), n('maximum'), '');
  if (n('exclusiveMinimum') !== undefined) out.push(`more than ${n('exclusiveMinimum')}`);
  if (n('exclusiveMaximum') !== undefined) out.push(`less than ${n('exclusiveMaximum')}`);
  if (n('multipleOf') !== undefined) out.push(`multiple of ${n('multipleOf')}`);
  range(n('minLength'), n('maxLength'), 'characters');
  range(n('minItems'), n('maxItems'), 'items');
  range(n('minProperties'), n('maxProperties'), 'properties');
  if (schema.uniqueItems === true) out.push('unique items');
  if (typeof schema.pattern === 'string') out.push(`pattern ${schema.pattern}`);
  if (typeof schema.format === 'string') out.push(`format ${schema.format}`);
  if (typeof schema.contentMediaType === 'string') out.push(`content ${schema.contentMediaType}`);
  if ('default' in schema) out.push(`default ${literal(schema.default)}`);
  if (schema.deprecated === true) out.push('deprecated');
  if (schema.readOnly === true) out.push('read-only');
  if (schema.writeOnly === true) out.push('write-only');
  return out;
}

const isNullSchema = (schema: unknown) => isObject(schema) && (schema.type === 'null' || (schema.const === null && !('type' in schema)));

/** A node with nothing below it: its type can stand in a union ('string | null'). */
const isPlain = (node: SchemaNode) => !node.properties && !node.additional && !node.variants && !node.recursive && !node.unresolved;

function typeOf(schema: JsonSchema): string {
  if ('const' in schema) return literal(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map(literal).join(' | ') || 'never';
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (typeof schema.type === 'string') return schema.type;
  if (isObject(schema.properties) || isObject(schema.additionalProperties) || isObject(schema.patternProperties)) return 'object';
  if (isObject(schema.items)) return 'array';
  return 'any';
}

/**
 * A schema as a tree the page can render: types in short text, constraints in words, objects by their properties,
 * references into the document followed (a name, and a loop shown once).
 */
export function describeSchema(document: OpenApiDocument, schema: unknown, expanding: readonly string[] = []): SchemaNode {
  if (schema === true || schema === undefined) return { type: 'any', constraints: [] };
  if (schema === false) return { type: 'never', constraints: [] };
  if (!isObject(schema)) return { type: 'any', constraints: [] };
  if (isReference(schema)) {
    const ref = schema.$ref;
    const refName = ref.split('/').pop() ?? ref;
    if (expanding.includes(ref)) return { type: refName, refName, constraints: [], recursive: true };
    const target = lookUpReference(document, ref);
    if (target === undefined) return { type: refName, refName, constraints: [], unresolved: ref };
    // 3.1 lets a $ref carry siblings (a description most often): they apply beside the target.
    const { $ref: _ref, ...siblings } = schema;
    const node = describeSchema(document, isObject(target) ? { ...target, ...siblings } : target, [...expanding, ref]);
    return { ...node, refName };
  }
  const description = typeof schema.description === 'string' ? schema.description : undefined;
  const base: SchemaNode = { type: typeOf(schema), constraints: constraintsOf(schema), ...(description ? { description } : {}) };
  if (expanding.length >= MAX_DEPTH) return base;
  const child = (value: unknown) => describeSchema(document, value, expanding);

  for (const kind of ['oneOf', 'anyOf', 'allOf'] as const) {
    const list = schema[kind];
    if (!Array.isArray(list) || list.length === 0) continue;
    const label = kind === 'oneOf' ? 'one of' : kind === 'anyOf' ? 'any of' : 'all of';
    const nodes = list.map(child);
    if (kind !== 'allOf') {
      const nullable = list.some(isNullSchema);
      const others = nodes.filter((_, i) => !isNullSchema(list[i]));
      // 'X | null' and unions of plain types read as one type.
      if (others.every(isPlain)) return { ...base, type: [...others.map((o) => o.type), ...(nullable ? ['null'] : [])].join(' | ') };
      if (others.length === 1) {
        const [only] = others as [SchemaNode];
        return {
          ...only,
          type: nullable ? `${only.type} | null` : only.type,
          constraints: [...base.constraints, ...only.constraints],
          description: base.description ?? only.description,
        };
      }
      return { ...base, type: nullable ? `${label} (or null)` : label, variants: { kind: label, nodes: others } };
    }
    return { ...base, type: label, variants: { kind: label, nodes } };
  }

  if (base.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'))) {
    const items = child(schema.items);
    const type = `array of ${items.type}`;
    if (isPlain(items)) return { ...base, type: base.type === 'array' ? type : base.type.replace('array', type) };
    return { ...base, type, ...(items.properties ? { properties: items.properties } : {}), ...copyNested(items) };
  }

  if (isObject(schema.properties) || isObject(schema.additionalProperties) || isObject(schema.patternProperties)) {
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    const properties = Object.entries((schema.properties ?? {}) as Record<string, unknown>).map(([name, value]) => ({
      name,
      required: required.has(name),
      node: child(value),
    }));
    const patterns = Object.entries((schema.patternProperties ?? {}) as Record<string, unknown>);
    const additional = isObject(schema.additionalProperties)
      ? { key: 'any key', node: child(schema.additionalProperties) }
      : patterns.length > 0
        ? { key: `key matching ${patterns.map(([pattern]) => pattern).join(' or ')}`, node: child(patterns[0]![1]) }
        : undefined;
    return { ...base, ...(properties.length > 0 ? { properties } : {}), ...(additional ? { additional } : {}) };
  }
  return base;
}

/** An array's items' map values and variants, carried up to the array (its properties are copied apart). */
function copyNested(items: SchemaNode): Partial<SchemaNode> {
  return {
    ...(items.additional ? { additional: items.additional } : {}),
    ...(items.variants ? { variants: items.variants } : {}),
    ...(items.recursive ? { recursive: true } : {}),
    ...(items.unresolved ? { unresolved: items.unresolved } : {}),
  };
}

/** The method's colour on the page: reads green, writes blue or amber, deletes red (as most API references do). */
export function methodColor(method: HttpMethod): 'success' | 'primary' | 'warning' | 'error' | 'default' {
  switch (method) {
    case 'get':
      return 'success';
    case 'post':
      return 'primary';
    case 'put':
    case 'patch':
      return 'warning';
    case 'delete':
      return 'error';
    default:
      return 'default';
  }
}
