/**
 * Child-process entry of the benchmark's client (started by runImportInChild). The console runs in
 * a browser, not inside the server: in a separate process the client's parsing overlaps the
 * server's work (PGlite's inserts block the server's thread), and the server's RSS is its own.
 */
import { importCsv, type ImportOptions, type ImportResult } from './importClient';

export type ToChild = { type: 'run'; options: ImportOptions };
export type FromChild =
  { type: 'ready' } | { type: 'done'; result: ImportResult; maxRssBytes: number } | { type: 'failed'; message: string };

const send = (message: FromChild) => new Promise<void>((resolve) => process.send!(message, () => resolve()));

process.once('message', (message: ToChild) => {
  importCsv(message.options)
    .then((result) => send({ type: 'done', result, maxRssBytes: process.resourceUsage().maxRSS * 1024 }))
    .catch((error: unknown) => send({ type: 'failed', message: error instanceof Error ? error.message : String(error) }))
    .finally(() => process.exit(0));
});
void send({ type: 'ready' });
