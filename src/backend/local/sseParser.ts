// A minimal server-sent events parser (the WHATWG "event stream" rules we need): EventSource cannot send
// an Authorization header, so the stream is read with fetch and parsed here.

export interface SseEvent {
  /** `event:` field; 'message' when absent */
  event: string;
  /** `data:` lines joined with \n */
  data: string;
  id?: string;
}

export interface SseParser {
  /** feed decoded text as it arrives, in chunks of any size */
  push(text: string): void;
}

export function createSseParser(onEvent: (event: SseEvent) => void): SseParser {
  let buffer = '';
  let eventName = '';
  let dataLines: string[] = [];
  let id: string | undefined;

  function dispatch() {
    if (dataLines.length > 0) {
      onEvent({ event: eventName || 'message', data: dataLines.join('\n'), ...(id !== undefined ? { id } : {}) });
    }
    eventName = '';
    dataLines = [];
  }

  function line(text: string) {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return; // comment, e.g. a heartbeat
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') dataLines.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
    // `retry` and unknown fields are ignored: reconnection timing is ours.
  }

  return {
    push(text) {
      buffer += text;
      // Lines end in \r\n, \n or \r. A trailing \r may be the first half of \r\n, so wait for more.
      const pattern = /\r\n|\n|\r(?!$)/g;
      let start = 0;
      let match: RegExpExecArray | null;
      while ((match = pattern.exec(buffer)) !== null) {
        line(buffer.slice(start, match.index));
        start = match.index + match[0].length;
      }
      buffer = buffer.slice(start);
    },
  };
}
