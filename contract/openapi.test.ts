// The OpenAPI document holds every endpoint of the contract, with its path parameters, query, body and answers, and
// the committed openapi.json is what the contract makes now (`npm run openapi` writes it).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ENDPOINTS } from './endpoints';
import { buildOpenApiDocument, openApiPath } from './openapi';

const doc = buildOpenApiDocument('0.1.0');
type Operation = {
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
  security?: unknown;
};
const operation = (key: string) => {
  const [method, p] = key.split(' ') as [string, string];
  return doc.paths[openApiPath(p)]?.[method.toLowerCase()] as Operation | undefined;
};

it('has every endpoint of the contract, and nothing else', () => {
  const keys = Object.keys(ENDPOINTS);
  expect(keys.filter((key) => !operation(key))).toEqual([]);
  const operations = Object.values(doc.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
  expect(operations).toBe(keys.length);
});

it('writes path parameters in braces, each required', () => {
  expect(openApiPath('/api/matches/:a/:b')).toBe('/api/matches/{a}/{b}');
  const matches = operation('GET /api/matches/:a/:b')!;
  expect(matches.parameters.filter((p) => p.in === 'path')).toEqual([
    expect.objectContaining({ name: 'a', required: true }),
    expect.objectContaining({ name: 'b', required: true }),
  ]);
  expect(matches.parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.required])).toEqual([
    ['limit', false],
    ['offset', false],
  ]);
});

it('carries request bodies, answers, the error shape and the bearer token for /api', () => {
  const add = operation('POST /api/names')!;
  expect(add.requestBody).toMatchObject({ content: { 'application/json': { schema: { type: 'object' } } } });
  expect(add.responses.default).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } });
  expect(add.security).toEqual([{ bearer: [] }]);
  expect(operation('POST /auth/sign-in')!.security).toBeUndefined();
  expect(doc.components.schemas.ApiError).toMatchObject({ properties: { error: { type: 'string' }, message: { type: 'string' } } });
});

it('the committed openapi.json is what the contract makes (npm run openapi)', () => {
  const committed = JSON.parse(readFileSync(path.join(__dirname, '..', 'openapi.json'), 'utf8')) as { info: { version: string } };
  expect(committed).toEqual(buildOpenApiDocument(committed.info.version));
});
