import {
  describeSchema,
  filterOperations,
  groupOperations,
  isOpenApiDocument,
  lookUpReference,
  pathGroup,
  readOperations,
  type OpenApiDocument,
} from './openApi';

const document: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  tags: [{ name: 'zeta', description: 'Declared first' }],
  paths: {
    '/api/names/{id}': {
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
        { name: 'if-match', in: 'header', required: false, schema: { type: 'string' } },
      ],
      put: {
        summary: 'Edit a name',
        parameters: [{ name: 'if-match', in: 'header', required: true, schema: { type: 'string', pattern: '^"\\d+"$' } }],
        requestBody: { $ref: '#/components/requestBodies/Name' },
        responses: { default: { $ref: '#/components/responses/Failure' }, '409': { description: 'Stale' }, '200': { description: 'OK' } },
      },
    },
    '/auth/sign-in': { post: { responses: {} } },
    '/healthz': { get: { tags: ['zeta', 'ops'], responses: {} } },
  },
  components: {
    schemas: {
      Name: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 50 } } },
      Tree: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } } },
      'a/b': { type: 'boolean' },
    },
    requestBodies: { Name: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Name' } } } } },
    responses: { Failure: { description: 'A refusal' } },
  },
  security: [{ bearer: [] }],
};

describe('reading operations', () => {
  it('resolves references, merges the path parameters (the operation wins) and orders the answers', () => {
    const [put] = readOperations(document);
    expect(put!.key).toBe('PUT /api/names/{id}');
    expect(put!.parameters.map((p) => `${p.in}:${p.name}:${p.required}`)).toEqual(['path:id:true', 'header:if-match:true']);
    expect(put!.requestBody?.required).toBe(true);
    expect(put!.responses.map((r) => `${r.status} ${r.response.description}`)).toEqual(['200 OK', '409 Stale', 'default A refusal']);
    expect(put!.security).toEqual(['bearer']);
  });

  it('groups by tag (declared tags first, an operation under each of its tags), else by the path under /api', () => {
    const groups = groupOperations(document, readOperations(document));
    expect(groups.map((g) => [g.name, g.operations.map((o) => o.key)])).toEqual([
      ['zeta', ['GET /healthz']],
      ['/api/names', ['PUT /api/names/{id}']],
      ['/auth', ['POST /auth/sign-in']],
      ['ops', ['GET /healthz']],
    ]);
    expect(groups[0]!.description).toBe('Declared first');
    expect(pathGroup('/api')).toBe('/api');
    expect(pathGroup('/')).toBe('/');
  });

  it('filters on every word over method, path and summary, ignoring case', () => {
    const operations = readOperations(document);
    expect(filterOperations(operations, 'put /api/NAMES').map((o) => o.key)).toEqual(['PUT /api/names/{id}']);
    expect(filterOperations(operations, 'edit').map((o) => o.key)).toEqual(['PUT /api/names/{id}']);
    expect(filterOperations(operations, '  ')).toHaveLength(3);
    expect(filterOperations(operations, 'get names')).toEqual([]);
  });

  it('tells a document from another answer', () => {
    expect(isOpenApiDocument(document)).toBe(true);
    expect(isOpenApiDocument({ openapi: '3.1.0' })).toBe(true);
    expect(isOpenApiDocument('<html>')).toBe(false);
    expect(isOpenApiDocument({ error: 'x' })).toBe(false);
    expect(isOpenApiDocument({ openapi: '3.1.0', paths: [] })).toBe(false);
  });

  it('follows JSON pointers with escaped segments', () => {
    expect(lookUpReference(document, '#/components/schemas/a~1b')).toEqual({ type: 'boolean' });
    expect(lookUpReference(document, '#/components/schemas/None')).toBeUndefined();
    expect(lookUpReference(document, 'other.json#/x')).toBeUndefined();
  });
});

describe('describing a schema', () => {
  it('gives plain types, nullables, enums and constraints in words', () => {
    expect(describeSchema(document, { type: 'integer', minimum: 1, maximum: 500, default: 50 })).toEqual({
      type: 'integer',
      constraints: ['1 to 500', 'default 50'],
    });
    expect(describeSchema(document, { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'null' }] }).type).toBe('string | null');
    expect(describeSchema(document, { enum: ['male', 'female'] }).type).toBe('"male" | "female"');
    expect(describeSchema(document, { type: 'string', minLength: 1, format: 'email' }).constraints).toEqual([
      'at least 1 characters',
      'format email',
    ]);
    expect(describeSchema(document, { type: 'array', items: { type: 'string' }, maxItems: 5 })).toEqual({
      type: 'array of string',
      constraints: ['at most 5 items'],
    });
  });

  it('expands objects, references (named) and arrays of objects', () => {
    const node = describeSchema(document, { type: 'array', items: { $ref: '#/components/schemas/Name' } });
    expect(node.type).toBe('array of object');
    expect(node.properties).toEqual([{ name: 'name', required: true, node: { type: 'string', constraints: ['at most 50 characters'] } }]);
    const named = describeSchema(document, { $ref: '#/components/schemas/Name' });
    expect(named.refName).toBe('Name');
  });

  it('shows a schema that contains itself once, and an unresolvable reference as such', () => {
    const tree = describeSchema(document, { $ref: '#/components/schemas/Tree' });
    const children = tree.properties![0]!.node;
    expect(children).toMatchObject({ type: 'array of Tree', recursive: true });
    expect(describeSchema(document, { $ref: '#/components/schemas/Missing' })).toMatchObject({
      unresolved: '#/components/schemas/Missing',
    });
  });

  it('keeps alternatives that are objects apart, and maps by their values', () => {
    const node = describeSchema(document, {
      anyOf: [
        { type: 'object', properties: { token: { type: 'string' } } },
        { type: 'object', properties: { step: { const: 'verify' } } },
      ],
    });
    expect(node.type).toBe('any of');
    expect(node.variants?.nodes.map((n) => n.properties?.[0]?.name)).toEqual(['token', 'step']);
    expect(describeSchema(document, { type: 'object', additionalProperties: { type: 'integer' } }).additional).toEqual({
      key: 'any key',
      node: { type: 'integer', constraints: [] },
    });
  });
});
