// Jest stand-in for src/features/bulkUpload/csv/csvParse.worker-client.ts (mapped in jest.config.ts):
// an in-thread "worker" running the real parse session (real papaparse on a jsdom File), with
// messages delivered asynchronously like postMessage. Tests can inspect `fakeCsvWorkers`.
import { createCsvParseSession } from '../src/features/bulkUpload/csv/csvParseCore';
import type { CsvWorkerLike, FromParser, ToParser } from '../src/features/bulkUpload/csv/csvParseProtocol';

export interface FakeCsvWorker extends CsvWorkerLike {
  terminated: boolean;
  /** every message the page sent, in order */
  received: ToParser['type'][];
}

/** Workers created since the last reset, newest last. */
export const fakeCsvWorkers: FakeCsvWorker[] = [];

export function createCsvParseWorker(): CsvWorkerLike {
  const worker: FakeCsvWorker = {
    terminated: false,
    received: [],
    onmessage: null,
    onerror: null,
    postMessage(message: ToParser) {
      worker.received.push(message.type);
      setTimeout(() => {
        if (!worker.terminated) session.handle(message);
      }, 0);
    },
    terminate() {
      worker.terminated = true;
      session.stop();
    },
  };
  const session = createCsvParseSession((message: FromParser) => {
    setTimeout(() => {
      if (!worker.terminated) worker.onmessage?.({ data: message } as MessageEvent<FromParser>);
    }, 0);
  });
  fakeCsvWorkers.push(worker);
  return worker;
}
