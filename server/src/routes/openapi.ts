import { onEndpoint } from '../http/contractRoutes';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { buildOpenApiDocument, type OpenApiDocument } from '../../../contract/openapi';

/** The version package.json gives the project, from the folder the server runs in (npm scripts run at its root). */
export function packageVersion(folder = process.cwd()): string {
  try {
    const { version } = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof version === 'string' ? version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** GET /openapi.json (under /api: admins only): the contract as OpenAPI 3.1, built once. */
export const openApiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  let document: OpenApiDocument | undefined;
  onEndpoint(app, 'GET /api/openapi.json', async () => (document ??= buildOpenApiDocument(packageVersion())));
};
