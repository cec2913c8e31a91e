// The console's fetch for calls made outside RTK Query (the local backend adapters: auth, users and audit logs,
// exports, restores, live counts): the same bearer token, configured timeout, 401 handling and error shape as the
// base query (baseQuery.ts), whose failures go through the same reasons (errors.ts).
import { HttpError, networkReason, timeoutReason } from './errors';
import { ifMatch } from '../../contract/wire';

/**
 * Who hears that the server refused a session token (401): the local auth port, which tells the
 * session saga the session has ended. Every port's request reports here, so none has to handle it.
 */
type UnauthorizedListener = (token: string, reason: string) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

export function reportUnauthorized(token: string, reason: string): void {
  unauthorizedListeners.forEach((listener) => listener(token, reason));
}

export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  token?: string | null;
  timeoutMs: number;
  /** the version the write is based on, sent as If-Match (contract/dataSafety.ts) */
  ifMatch?: number;
  /**
   * A 401 from this request is about what it carries (a wrong current password), not about the session: it is not
   * reported as the session's end. A session that did end is noticed by the next request.
   */
  checksCredentials?: true;
}

export interface FetchOkOptions extends RequestOptions {
  accept: string;
  /** The caller's own stop (a cancelled job): the request is aborted and rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * The response once its status is a success: the headers within the timeout, else an HttpError with the
 * reason (a 401 for this token is also reported to the session). The body is the caller's to read.
 */
export async function fetchOk(url: string, options: FetchOkOptions): Promise<{ response: Response; controller: AbortController }> {
  const headers: Record<string, string> = { Accept: options.accept };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.ifMatch !== undefined) headers['If-Match'] = ifMatch(options.ifMatch);
  const controller = new AbortController();
  const stop = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', stop, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  let response: Response;
  try {
    // globalThis.fetch is read per call so test interceptors (msw) installed later still apply.
    response = await globalThis.fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch (error) {
    if (timedOut) throw new HttpError('TIMEOUT', timeoutReason(options.timeoutMs));
    if (options.signal?.aborted) throw options.signal.reason;
    throw new HttpError('NETWORK', networkReason(error));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', stop);
  }
  if (!response.ok) {
    const failure = await HttpError.fromResponse(response);
    if (response.status === 401 && options.token && !options.checksCredentials) reportUnauthorized(options.token, failure.reason);
    throw failure;
  }
  return { response, controller };
}

/** Resolves with the parsed JSON body (undefined for 204); rejects with an HttpError carrying a reason. */
export async function requestJson<T>(url: string, options: RequestOptions): Promise<T> {
  const { response } = await fetchOk(url, { ...options, accept: 'application/json' });
  if (response.status === 204) return undefined as T;
  try {
    return (await response.json()) as T;
  } catch {
    throw new HttpError(response.status, 'The server sent a response that is not JSON.');
  }
}
