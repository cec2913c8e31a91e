// The import saga's view of the CSV: batches on request. The real source is the parse worker; tests
// hand the saga a fake with the same shape.
import { createCsvParseWorker } from './csvParse.worker-client';
import type { FromParser, StartParse } from './csvParseProtocol';

export type RowSourceEvent = FromParser;

export interface RowSource {
  /** One listener (an eventChannel's emit); events that arrive before it are kept and replayed. */
  subscribe(listener: (event: RowSourceEvent) => void): () => void;
  /** Ask for one more batch; answered by one `batch` event, or `end` when the file is exhausted. */
  pull(): void;
  /** Stop parsing and drop anything still coming. */
  close(): void;
}

export type RowSourceOptions = Omit<StartParse, 'type' | 'file'>;

export function openWorkerRowSource(file: File, options: RowSourceOptions): RowSource {
  const worker = createCsvParseWorker();
  let listener: ((event: RowSourceEvent) => void) | null = null;
  const early: RowSourceEvent[] = [];
  let closed = false;

  const deliver = (event: RowSourceEvent) => {
    if (closed) return;
    if (listener) listener(event);
    else early.push(event);
  };
  worker.onmessage = (event) => deliver(event.data);
  // A worker that fails to load or throws would otherwise leave the job waiting forever.
  worker.onerror = (event) => {
    event.preventDefault?.();
    deliver({ type: 'error', reason: 'worker', message: `The CSV parser stopped: ${event.message || 'unknown error'}` });
  };
  worker.postMessage({ type: 'start', file, ...options });

  return {
    subscribe(next) {
      listener = next;
      early.splice(0).forEach(next);
      return () => {
        listener = null;
      };
    },
    pull() {
      if (!closed) worker.postMessage({ type: 'pull' });
    },
    close() {
      if (closed) return;
      closed = true;
      worker.terminate();
    },
  };
}
