// GET /api/openapi.json for the console's tests: a small document shaped like the one contract/openapi.ts builds
// (untagged operations, one shared error schema reached by $ref), so a test that opens the API Reference page, the
// route table's included, gets an answer. Page tests that need another document override it with server.use(...).
import { http, HttpResponse, type HttpHandler } from 'msw';

export const OPENAPI_URL = 'http://localhost/api/openapi.json';

export const OPENAPI_FIXTURE = {
  openapi: '3.1.0',
  info: { title: 'Baby Names test API', version: '9.9.9', description: 'The routes the console calls.' },
  paths: {
    '/api/names': {
      get: {
        operationId: 'listNames',
        summary: 'A page of names',
        parameters: [
          { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 500, default: 50 } },
          { name: 'q', in: 'query', required: false, schema: { type: 'string', minLength: 1, maxLength: 100 } },
        ],
        responses: {
          '200': {
            description: 'OK',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['names', 'total'],
                  properties: {
                    names: {
                      type: 'array',
                      items: {
                        type: 'object',
                        required: ['id'],
                        properties: { id: { type: 'integer' }, gender: { enum: ['male', 'female'] } },
                      },
                    },
                    total: { type: 'integer', minimum: 0 },
                  },
                },
              },
            },
          },
          default: { description: 'A refusal', content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } },
        },
        security: [{ bearer: [] }],
      },
      post: {
        summary: 'Add a name',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['name'],
                properties: { name: { type: 'string', maxLength: 50 }, nationality: { type: 'string' } },
              },
            },
          },
        },
        responses: { '201': { description: 'Created' } },
      },
    },
    '/api/names/{id}': {
      delete: {
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
          { name: 'if-match', in: 'header', required: true, schema: { type: 'string' } },
        ],
        responses: { '204': { description: 'No content' } },
      },
    },
    '/auth/sign-in': { post: { summary: 'Sign in with e-mail and password', responses: { '200': { description: 'OK' } } } },
  },
  components: {
    schemas: {
      ApiError: { type: 'object', required: ['error', 'message'], properties: { error: { type: 'string' }, message: { type: 'string' } } },
    },
  },
};

export const apiReferenceHandlers: HttpHandler[] = [http.get(OPENAPI_URL, () => HttpResponse.json(OPENAPI_FIXTURE))];
