// The console's one HTTP client: RTK Query's base query (baseQuery.ts, over requestJson) and the calls made outside
// RTK Query (the local backend adapters: auth, users and audit logs, exports, restores, live counts; the Firebase
// adapters' calls to the hosted API) all send through `open` below, so the bearer token, the configured timeout, a 401
// and the error shape (errors.ts) are handled here once.
import { HttpError, networkReason, timeoutReason } from './errors';
import { ifMatch } from '../../contract/ifMatch';

/**
 * Who hears that the server refused a session token (401): the auth port of either backend (local/localAuth.ts,
 * firebase/firebaseBackend.ts), which tells the session saga the session has ended. Every request reports here,
 * RTK Query's included, so none has to handle it.
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

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /**
   * Sent as JSON, except a Blob, sent as it is with its own type: a bulk import's batch, whose rows the CSV worker
   * already encoded (src/features/bulkUpload/csv/batchBody.ts).
   */
  body?: unknown;
  token?: string | null;
  timeoutMs: number;
  /** the version the write is based on, sent as If-Match (contract/dataSafety.ts) */
  ifMatch?: number;
  /** further request headers (an RTK Query endpoint's own, such as its If-Match); the token's Authorization wins */
  headers?: Record<string, string>;
  /** The caller's own stop (a cancelled job, RTK Query's abort): the request is aborted and rejects with the signal's reason. */
  signal?: AbortSignal;
  /**
   * A 401 from this request is about what it carries (a wrong current password), not about the session: it is not
   * reported as the session's end. A session that did end is noticed by the next request.
   */
  checksCredentials?: true;
}

export interface FetchOkOptions extends RequestOptions {
  accept: string;
}

/** The request's timer: fires the timeout unless cleared first. */
interface Deadline {
  timedOut(): boolean;
  clear(): void;
}

/** Why a request or the read of its body stopped: the timeout, the caller's stop, else the network. */
function transportFailure(error: unknown, deadline: Deadline, options: FetchOkOptions): unknown {
  if (deadline.timedOut()) return new HttpError('TIMEOUT', timeoutReason(options.timeoutMs));
  if (options.signal?.aborted) return options.signal.reason;
  return new HttpError('NETWORK', networkReason(error));
}

/** The response once its status is a success, its timer still running (the caller reads the body and clears it). */
async function open(
  url: string,
  options: FetchOkOptions,
): Promise<{ response: Response; controller: AbortController; deadline: Deadline }> {
  // A plain record, as fetch was always given (local/localUsersAudit.test.ts reads it); header names are case-insensitive,
  // so a name set here replaces the caller's spelling of it.
  const headers: Record<string, string> = { ...options.headers };
  const named = (name: string) => Object.keys(headers).filter((key) => key.toLowerCase() === name.toLowerCase());
  const set = (name: string, value: string | undefined) => {
    named(name).forEach((key) => delete headers[key]);
    if (value !== undefined) headers[name] = value;
  };
  set('Accept', options.accept);
  // A Blob brings its own type (the browser sends it); any other body is JSON.
  const raw = options.body instanceof Blob;
  if (raw) set('Content-Type', undefined);
  else if (options.body !== undefined && named('Content-Type').length === 0) set('Content-Type', 'application/json');
  if (options.token) set('Authorization', `Bearer ${options.token}`);
  if (options.ifMatch !== undefined) set('If-Match', ifMatch(options.ifMatch));
  const controller = new AbortController();
  const stop = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) stop();
  else options.signal?.addEventListener('abort', stop, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const deadline: Deadline = {
    timedOut: () => timedOut,
    clear() {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', stop);
    },
  };
  let response: Response;
  try {
    // globalThis.fetch is read per call so test interceptors (msw) installed later still apply.
    response = await globalThis.fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : raw ? (options.body as Blob) : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch (error) {
    deadline.clear();
    throw transportFailure(error, deadline, options);
  }
  if (!response.ok) {
    // The error body is read within the timeout too (a body cut short reads as no body: the status line says it).
    const failure = await HttpError.fromResponse(response).finally(() => deadline.clear());
    if (response.status === 401 && options.token && !options.checksCredentials) reportUnauthorized(options.token, failure.reason);
    throw failure;
  }
  return { response, controller, deadline };
}

/**
 * The response once its status is a success: the headers within the timeout, else an HttpError with the
 * reason (a 401 for this token is also reported to the session). The body is the caller's to read (a stream
 * has its own idle timeout: local/httpChunks.ts).
 */
export async function fetchOk(url: string, options: FetchOkOptions): Promise<{ response: Response; controller: AbortController }> {
  const { response, controller, deadline } = await open(url, options);
  deadline.clear();
  return { response, controller };
}

/**
 * Resolves with the parsed JSON body, read within the same timeout as the headers (undefined when the body is
 * empty, a 204); rejects with an HttpError carrying a reason.
 */
export async function requestJson<T>(url: string, options: RequestOptions): Promise<T> {
  const fetchOptions: FetchOkOptions = { ...options, accept: 'application/json' };
  const { response, deadline } = await open(url, fetchOptions);
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw transportFailure(error, deadline, fetchOptions);
  } finally {
    deadline.clear();
  }
  if (text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new HttpError(response.status, 'The server sent a response that is not JSON.');
  }
}
