// A body read as it arrives, over the reference backend's fetch helper (http.ts): only the exports stream files, so
// this lives apart from http.ts, which the login route loads.
import { HttpError } from '../../api/errors';
import { fetchOk, type FetchOkOptions } from '../../api/http';

/**
 * A body read as it arrives (a file the server streams): the chunks, each within `timeoutMs` of the one
 * before, so a server that stops sending is noticed however long the whole transfer takes. Stopping early
 * (return(), or `signal`) aborts the transfer.
 */
export async function requestChunks(url: string, options: FetchOkOptions): Promise<AsyncIterableIterator<Uint8Array<ArrayBuffer>>> {
  const { response, controller } = await fetchOk(url, options);
  if (!response.body) throw new HttpError(response.status, 'The server sent no body.');
  const reader = response.body.getReader();
  const finish = () => {
    controller.abort();
    void reader.cancel().catch(() => undefined);
  };
  const chunks: AsyncIterableIterator<Uint8Array<ArrayBuffer>> = {
    [Symbol.asyncIterator]: () => chunks,
    async next() {
      // A read waits for the body, the idle timeout or the caller's stop, whichever comes first: a cancelled
      // read must fail, never look like the end of the file.
      let timer: ReturnType<typeof setTimeout> | undefined;
      let onStop: (() => void) | undefined;
      const stopped = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new HttpError('TIMEOUT', `The server stopped sending for ${Math.round(options.timeoutMs / 1000)} seconds.`)),
          options.timeoutMs,
        );
        onStop = () => reject(options.signal!.reason);
        if (options.signal?.aborted) onStop();
        else options.signal?.addEventListener('abort', onStop, { once: true });
      });
      try {
        const { done, value } = await Promise.race([reader.read(), stopped]);
        if (done) {
          finish();
          return { done: true, value: undefined };
        }
        return { done: false, value: value as Uint8Array<ArrayBuffer> };
      } catch (error) {
        finish();
        if (error instanceof HttpError || error === options.signal?.reason) throw error;
        throw new HttpError(
          'NETWORK',
          `The connection broke off before the file was complete${error instanceof Error && error.message ? ` (${error.message})` : ''}.`,
        );
      } finally {
        clearTimeout(timer);
        if (onStop) options.signal?.removeEventListener('abort', onStop);
      }
    },
    async return() {
      finish();
      return { done: true, value: undefined };
    },
  };
  return chunks;
}
