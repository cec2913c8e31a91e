// ONE server-sent-events connection to GET /api/live/counts shared by every watcher (users and
// connections): opened with the first subscriber, closed with the last, reconnected with backoff.
import type { LiveCounts } from '../../../contract/schemas/dashboard';
import { HttpError } from '../../api/errors';
import { reportUnauthorized } from '../../api/http';
import { createSseParser } from './sseParser';

export interface LiveCountsSubscriber {
  onCounts(counts: LiveCounts): void;
  onError(reason: string): void;
}

export interface LiveCountsStreamOptions {
  url: string;
  getToken(): Promise<string | null>;
  /** wait before reconnect attempt n (0-based) */
  retryDelayMs?(attempt: number): number;
  /** no bytes (not even a heartbeat) for this long means the connection is dead */
  idleTimeoutMs?: number;
  /**
   * While the stream is open and the page visible, the token is asked for this often; asking is what
   * renews a session in its second half (localAuth), so an operator watching the live Dashboard is not
   * signed out after 30 minutes. The server still caps the session at 12 hours.
   */
  keepSessionAliveMs?: number;
}

export interface LiveCountsStream {
  subscribe(subscriber: LiveCountsSubscriber): () => void;
}

/** 1 s, 2 s, 4 s ... capped at 30 s, with jitter so consoles do not all reconnect in the same instant. */
export function defaultRetryDelayMs(attempt: number): number {
  const base = Math.min(30_000, 1000 * 2 ** attempt);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

function isLiveCounts(value: unknown): value is LiveCounts {
  const v = value as Partial<LiveCounts> | null;
  return !!v && typeof v.users === 'number' && typeof v.acceptedConnections === 'number';
}

/** What the figures say while the server cannot read the counts: they stay, marked stale. */
export const STALE_COUNTS_PREFIX = 'Stale:';

function staleReason(data: string): string {
  let message = 'the server cannot read the live counts right now';
  try {
    const sent = (JSON.parse(data) as { message?: unknown }).message;
    if (typeof sent === 'string' && sent.trim() !== '') message = sent.trim();
  } catch {
    // the event itself is what matters
  }
  return `${STALE_COUNTS_PREFIX} ${message.replace(/\.$/, '')}. The last known figure is shown.`;
}

function sessionEndedReason(data: string): string {
  try {
    const message = (JSON.parse(data) as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  } catch {
    // a malformed frame still means the session ended
  }
  return 'The session has ended.';
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

export function createLiveCountsStream({
  url,
  getToken,
  retryDelayMs = defaultRetryDelayMs,
  idleTimeoutMs = 75_000,
  keepSessionAliveMs = 60_000,
}: LiveCountsStreamOptions): LiveCountsStream {
  const subscribers = new Set<LiveCountsSubscriber>();
  let latest: LiveCounts | null = null;
  let controller: AbortController | null = null;

  const publish = (counts: LiveCounts) => subscribers.forEach((s) => s.onCounts(counts));
  const fail = (reason: string) => subscribers.forEach((s) => s.onError(reason));

  /** Reads one connection until it ends; resolves when the server closes it, rejects on failure. */
  async function readOnce(signal: AbortSignal, onFirstEvent: () => void): Promise<void> {
    const token = await getToken();
    if (!token) throw new HttpError(401, 'Not signed in.');
    // A separate controller per connection lets the idle watchdog drop just this connection.
    const connection = new AbortController();
    const stop = () => connection.abort();
    signal.addEventListener('abort', stop, { once: true });
    let idle: ReturnType<typeof setTimeout> | undefined;
    let idleFired = false;
    const resetIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        idleFired = true;
        connection.abort();
      }, idleTimeoutMs);
    };
    try {
      resetIdle();
      const response = await globalThis.fetch(url, {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
        cache: 'no-store',
        signal: connection.signal,
      });
      if (!response.ok) {
        const failure = await HttpError.fromResponse(response);
        if (response.status === 401) reportUnauthorized(token, failure.reason);
        throw failure;
      }
      if (!response.body) throw new Error('The live connection has no body.');
      const parser = createSseParser((event) => {
        // The server closes the stream of a session that was signed out, demoted or deactivated.
        if (event.event === 'session-ended') {
          reportUnauthorized(token, sessionEndedReason(event.data));
          return;
        }
        // The database behind the counts is gone while the stream lives on: say the figures are stale.
        if (event.event === 'unavailable') {
          fail(staleReason(event.data));
          return;
        }
        if (event.event !== 'counts') return;
        let counts: unknown;
        try {
          counts = JSON.parse(event.data);
        } catch {
          return; // one bad frame should not tear down a good connection
        }
        if (!isLiveCounts(counts)) return;
        onFirstEvent();
        latest = counts;
        publish(counts);
      });
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        resetIdle();
        parser.push(decoder.decode(value, { stream: true }));
      }
      throw new Error('The live connection was closed by the server.');
    } catch (error) {
      if (idleFired) throw new Error('The live connection went silent.');
      throw error;
    } finally {
      clearTimeout(idle);
      signal.removeEventListener('abort', stop);
    }
  }

  /** Asks for the token now and then while the page is visible (see keepSessionAliveMs); stops with the stream. */
  function keepSessionAlive(signal: AbortSignal) {
    const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';
    const ask = () => {
      if (!signal.aborted && visible()) void getToken().catch(() => undefined);
    };
    const timer = setInterval(ask, keepSessionAliveMs);
    const onVisibility = () => ask();
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility);
    signal.addEventListener(
      'abort',
      () => {
        clearInterval(timer);
        if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility);
      },
      { once: true },
    );
  }

  async function run(signal: AbortSignal) {
    keepSessionAlive(signal);
    let attempt = 0;
    while (!signal.aborted) {
      try {
        await readOnce(signal, () => {
          attempt = 0; // a connection that delivered counts resets the backoff
        });
      } catch (error) {
        if (signal.aborted) return;
        const reason = error instanceof Error && error.message ? error.message : 'the live connection failed';
        fail(`Live counts unavailable (${reason.replace(/\.$/, '')}). Retrying...`);
      }
      if (signal.aborted) return;
      await sleep(retryDelayMs(attempt), signal);
      attempt += 1;
    }
  }

  return {
    subscribe(subscriber) {
      subscribers.add(subscriber);
      if (latest) subscriber.onCounts(latest);
      if (!controller) {
        controller = new AbortController();
        void run(controller.signal);
      }
      return () => {
        subscribers.delete(subscriber);
        if (subscribers.size === 0 && controller) {
          controller.abort();
          controller = null;
          // Stale once nobody listens: the next subscriber waits for fresh counts instead.
          latest = null;
        }
      };
    },
  };
}
