// Routes registered from their contract key ('GET /api/users/:uid'): the method and path are written once, in
// contract/endpoints.ts, and the handler's request is typed by the endpoint's own schemas (the TypeBox type provider).
// A route plugin is registered under a prefix (app.ts: '/api'); the key's path is taken relative to it.
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  ContextConfigDefault,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import { ENDPOINTS, type Endpoint } from '../../../contract/endpoints';

/** What a TypeBox route plugin is given. */
export type TypeBoxApp = Parameters<FastifyPluginAsyncTypebox>[0];

/** The handler of endpoint E: its params, query and body typed by E's schemas. */
export type ContractHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  (typeof ENDPOINTS)[E],
  TypeBoxTypeProvider
>;

/** The method and the path below the plugin's prefix of a contract key. */
export function methodAndPath(key: Endpoint, prefix: string): { method: HTTPMethods; url: string } {
  const space = key.indexOf(' ');
  const method = key.slice(0, space) as HTTPMethods;
  const path = key.slice(space + 1);
  if (!path.startsWith(prefix)) throw new Error(`${key} is not below the prefix ${prefix || '/'} its plugin is registered under`);
  return { method, url: path.slice(prefix.length) || '/' };
}

/**
 * Registers endpoint `key` of the contract on `app` with its schemas, the handler last as in Fastify's own shorthand;
 * `options` adds other route options (a body limit, a hook).
 */
export function onEndpoint<E extends Endpoint>(app: TypeBoxApp, key: E, handler: ContractHandler<E>): void;
export function onEndpoint<E extends Endpoint>(
  app: TypeBoxApp,
  key: E,
  options: Omit<RouteShorthandOptions, 'schema'>,
  handler: ContractHandler<E>,
): void;
export function onEndpoint<E extends Endpoint>(
  app: TypeBoxApp,
  key: E,
  ...[first, second]: [ContractHandler<E>] | [Omit<RouteShorthandOptions, 'schema'>, ContractHandler<E>]
): void {
  const [options, handler] = second === undefined ? [{}, first as ContractHandler<E>] : [first, second];
  app.route({ ...methodAndPath(key, app.prefix), ...options, schema: ENDPOINTS[key], handler } as Parameters<TypeBoxApp['route']>[0]);
}
