// Module worker entry: parses the chosen CSV off the main thread. Created only by
// csvParse.worker-client.ts. papaparse runs here as a plain library; its own `worker: true` mode is
// avoided on purpose (broken in Vite production builds, PapaParse #1122).
import { createCsvParseSession } from './csvParseCore';
import type { FromParser, ToParser } from './csvParseProtocol';

// The app's tsconfig uses the DOM lib, not WebWorker; this is the part of the worker scope we use.
interface WorkerScope {
  postMessage(message: FromParser, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<ToParser>) => void) | null;
}

const scope = self as unknown as WorkerScope;
const session = createCsvParseSession((message, transfer) => scope.postMessage(message, transfer ?? []));
scope.onmessage = (event) => session.handle(event.data);
