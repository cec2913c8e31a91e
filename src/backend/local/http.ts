// Small fetch helper for the local adapter's calls to the reference backend (JSON in, JSON out).
import { HttpError } from '../../api/errors';

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
}

/** Resolves with the parsed JSON body (undefined for 204); rejects with an HttpError carrying a reason. */
export async function requestJson<T>(url: string, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
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
    if (controller.signal.aborted) {
      throw new HttpError('TIMEOUT', `The server did not answer within ${Math.round(options.timeoutMs / 1000)} seconds.`);
    }
    throw new HttpError(
      'NETWORK',
      error instanceof Error && error.message ? `Could not reach the server (${error.message}).` : 'Could not reach the server.',
    );
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    const failure = await HttpError.fromResponse(response);
    if (response.status === 401 && options.token) reportUnauthorized(options.token, failure.reason);
    throw failure;
  }
  if (response.status === 204) return undefined as T;
  try {
    return (await response.json()) as T;
  } catch {
    throw new HttpError(response.status, 'The server sent a response that is not JSON.');
  }
}
