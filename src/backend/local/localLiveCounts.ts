// Live counts port over the reference backend: both watchers share one SSE stream; the dashboard's
// document-count fallback reads GET /api/documents/counts once for names and swipes together.
import type { DocumentCounts } from '../../../contract/schemas/dashboard';
import type { LiveCountsPort } from '../ports';
import { joinUrl, requestJson } from '../../api/http';
import type { LiveCountsStream, LiveCountsStreamOptions, LiveCountsSubscriber } from './liveCountsStream';

export interface LocalLiveCountsOptions {
  apiBaseUrl: string;
  timeoutMs: number;
  getToken(): Promise<string | null>;
  stream?: Partial<Pick<LiveCountsStreamOptions, 'retryDelayMs' | 'idleTimeoutMs' | 'keepSessionAliveMs'>>;
}

export function createLocalLiveCounts({ apiBaseUrl, timeoutMs, getToken, stream: streamOptions }: LocalLiveCountsOptions): LiveCountsPort {
  // The stream's code loads with the first watcher (the Dashboard), not with the sign-in page that creates this
  // port: npm run bench:login-bundle holds that page's initial JavaScript to its budget.
  let loading: Promise<LiveCountsStream> | null = null;
  let stream: LiveCountsStream | null = null;
  function subscribe(subscriber: LiveCountsSubscriber): () => void {
    // Once loaded, a watcher joining later gets the latest counts at once, as the stream gives them.
    if (stream) return stream.subscribe(subscriber);
    loading ??= import('./liveCountsStream').then((module) => {
      stream = module.createLiveCountsStream({ url: joinUrl(apiBaseUrl, 'live/counts'), getToken, ...streamOptions });
      return stream;
    });
    let stopped = false;
    let unsubscribe = () => {};
    loading.then(
      (opened) => {
        if (!stopped) unsubscribe = opened.subscribe(subscriber);
      },
      (error: unknown) => {
        if (!stopped) subscriber.onError(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      stopped = true;
      unsubscribe();
    };
  }

  // countNames() and countSwipes() are asked together; one request in flight serves both.
  let inFlight: Promise<DocumentCounts> | null = null;
  function documentCounts(): Promise<DocumentCounts> {
    if (!inFlight) {
      inFlight = (async () => {
        const token = await getToken();
        return requestJson<DocumentCounts>(joinUrl(apiBaseUrl, 'documents/counts'), { token, timeoutMs });
      })().finally(() => {
        inFlight = null;
      });
    }
    return inFlight;
  }

  return {
    watchUserCount(onCount, onError) {
      return subscribe({ onCounts: (counts) => onCount(counts.users), onError });
    },
    watchAcceptedConnectionCount(onCount, onError) {
      return subscribe({ onCounts: (counts) => onCount(counts.acceptedConnections), onError });
    },
    async countNames() {
      return (await documentCounts()).names;
    },
    async countSwipes() {
      return (await documentCounts()).swipes;
    },
  };
}
