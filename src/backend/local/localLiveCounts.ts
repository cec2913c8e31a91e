// Live counts port over the reference backend: both watchers share one SSE stream; the dashboard's
// document-count fallback reads GET /api/documents/counts once for names and swipes together.
import type { DocumentCounts } from '../../../contract/wire';
import type { LiveCountsPort } from '../ports';
import { joinUrl, requestJson } from './http';
import { createLiveCountsStream, type LiveCountsStreamOptions } from './liveCountsStream';

export interface LocalLiveCountsOptions {
  apiBaseUrl: string;
  timeoutMs: number;
  getToken(): Promise<string | null>;
  stream?: Partial<Pick<LiveCountsStreamOptions, 'retryDelayMs' | 'idleTimeoutMs' | 'keepSessionAliveMs'>>;
}

export function createLocalLiveCounts({ apiBaseUrl, timeoutMs, getToken, stream: streamOptions }: LocalLiveCountsOptions): LiveCountsPort {
  const stream = createLiveCountsStream({ url: joinUrl(apiBaseUrl, 'live/counts'), getToken, ...streamOptions });

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
      return stream.subscribe({ onCounts: (counts) => onCount(counts.users), onError });
    },
    watchAcceptedConnectionCount(onCount, onError) {
      return stream.subscribe({ onCounts: (counts) => onCount(counts.acceptedConnections), onError });
    },
    async countNames() {
      return (await documentCounts()).names;
    },
    async countSwipes() {
      return (await documentCounts()).swipes;
    },
  };
}
