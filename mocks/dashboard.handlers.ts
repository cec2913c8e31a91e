// msw handlers for the dashboard's /api calls: swipe stats, document counts and the live-counts stream.
import { http, HttpResponse } from 'msw';
import type { DocumentCounts, LiveCounts, SwipeStats } from '../contract/schemas/dashboard';
import { config } from '../jest/env.mock';

export const apiUrl = (path: string) => `${config.apiBaseUrl}/${path}`;

export const fixtureSwipeStats: SwipeStats = { totalNames: 1234, totalSwipes: 56789 };
export const fixtureDocumentCounts: DocumentCounts = { names: 1200, swipes: 54321 };
export const fixtureLiveCounts: LiveCounts = { users: 312, acceptedConnections: 41 };

function hasBearer(request: Request) {
  return /^Bearer \S+$/.test(request.headers.get('Authorization') ?? '');
}

const unauthorized = () => HttpResponse.json({ error: 'unauthorized', message: 'Sign in first' }, { status: 401 });

/** An SSE frame as the reference backend writes it. */
export function countsFrame(counts: LiveCounts): string {
  return `event: counts\ndata: ${JSON.stringify(counts)}\n\n`;
}

/**
 * A text/event-stream response sending `chunks`, then staying open (as the server does) unless told to
 * close. The client aborting the fetch ends it.
 */
export function sseResponse(chunks: string[], { close = false }: { close?: boolean } = {}) {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (close) controller.close();
    },
  });
  return new HttpResponse(stream, { headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' } });
}

export const dashboardHandlers = [
  http.get(apiUrl('swipes/stats'), ({ request }) => (hasBearer(request) ? HttpResponse.json(fixtureSwipeStats) : unauthorized())),
  http.get(apiUrl('documents/counts'), ({ request }) => (hasBearer(request) ? HttpResponse.json(fixtureDocumentCounts) : unauthorized())),
  http.get(apiUrl('live/counts'), ({ request }) =>
    hasBearer(request) ? sseResponse([': connected\n\n', countsFrame(fixtureLiveCounts)]) : unauthorized(),
  ),
];
