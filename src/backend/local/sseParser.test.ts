import { createSseParser, type SseEvent } from './sseParser';

function parse(chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  chunks.forEach((c) => parser.push(c));
  return events;
}

describe('SSE parser', () => {
  it('reads named events and skips comment heartbeats', () => {
    expect(parse([': hi\n\nevent: counts\ndata: {"users":1,"acceptedConnections":2}\n\n:\n\n'])).toEqual([
      { event: 'counts', data: '{"users":1,"acceptedConnections":2}' },
    ]);
  });

  it('joins events split across chunks at any byte', () => {
    const text = 'event: counts\ndata: {"users":10}\n\nevent: counts\r\ndata: {"users":11}\r\n\r\n';
    const oneByOne = parse(text.split(''));
    expect(oneByOne.map((e) => e.data)).toEqual(['{"users":10}', '{"users":11}']);
  });

  it('joins multi-line data, defaults the event name, keeps the id', () => {
    expect(parse(['id: 7\ndata: a\ndata:b\n\n'])).toEqual([{ event: 'message', data: 'a\nb', id: '7' }]);
  });

  it('handles bare \\r line ends and does not dispatch an event without data', () => {
    // A chunk ending in \r may continue with \n, so the last line waits for the next chunk.
    expect(parse(['event: counts\r\r', 'data: x\r\r'])).toEqual([]);
    expect(parse(['event: counts\r\r', 'data: x\r\r', ':'])).toEqual([{ event: 'message', data: 'x' }]);
  });
});
