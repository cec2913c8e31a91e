// The ONE place that creates the CSV parse worker. `new URL(..., import.meta.url)` is what lets Vite
// emit the worker as its own chunk; Jest cannot run import.meta, so jest.config.ts maps this module
// ('\.worker-client$') to jest/workerClient.mock.ts, which runs the same parse session in-thread.
import type { CsvWorkerLike } from './csvParseProtocol';

export function createCsvParseWorker(): CsvWorkerLike {
  return new Worker(new URL('./csvParse.worker.ts', import.meta.url), { type: 'module', name: 'csv-parse' });
}
