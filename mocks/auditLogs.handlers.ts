// An in-memory reference backend for the audit trail (GET /api/audit-logs and /api/audit-logs/stats), so
// the Audit Logs screen can be tested through the local adapter's real HTTP path. Filtering, paging and
// counting reuse the in-memory port (mocks/fakeUsersAudit.ts).
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { AuditEntry, AuditLogsQuery, AuditSource } from '../contract/usersAudit';
import { createFakeAuditLogs } from './fakeUsersAudit';

const APP_EVENTS = ['USER_CREATED', 'SUBSCRIPTION_START', 'SUBSCRIPTION_END', 'CANCELLATION', 'ACCOUNT_DELETED'];

/** n app events one hour apart, newest first from `newest`, plus a console action every 10th hour. */
export function makeAuditFixtures(n = 250, newest = Date.now() - 60_000): AuditEntry[] {
  return Array.from({ length: n }, (_, i): AuditEntry => {
    const timestamp = new Date(newest - i * 3600_000).toISOString();
    if (i % 10 === 9) {
      return {
        source: 'console',
        id: String(1000 + i),
        timestamp,
        event: 'user.update',
        userId: `u${i}`,
        actor: { uid: 'admin-1', email: 'admin@example.com' },
        targetType: 'user',
        targetId: `u${i}`,
        before: { isPremium: false },
        after: { isPremium: true },
        details: null,
      };
    }
    return {
      source: 'app',
      id: String(i + 1),
      timestamp,
      event: APP_EVENTS[i % APP_EVENTS.length],
      userId: `u${i}`,
      lastSwipeDate: null,
      totalActiveTimeFormatted: `${i % 5}h 0m 0s`,
    };
  });
}

export const auditDb = {
  entries: [] as AuditEntry[],
  /** query strings of GET /api/audit-logs, in arrival order */
  pageRequests: [] as URLSearchParams[],
  statsRequests: [] as URLSearchParams[],
  reset(entries: AuditEntry[] = makeAuditFixtures()) {
    auditDb.entries = entries.map((e) => ({ ...e }));
    auditDb.pageRequests = [];
    auditDb.statsRequests = [];
  },
};
auditDb.reset();

function query(params: URLSearchParams): AuditLogsQuery {
  const q: AuditLogsQuery = {};
  const since = params.get('since');
  const event = params.get('event');
  const source = params.get('source');
  const limit = params.get('limit');
  const cursor = params.get('cursor');
  if (since) q.since = since;
  if (event) q.event = event;
  if (source) q.source = source as AuditSource;
  if (limit) q.limit = Number(limit);
  if (cursor) q.cursor = cursor;
  return q;
}

export const auditLogsHandlers: HttpHandler[] = [
  http.get('*/api/audit-logs/stats', async ({ request }) => {
    const params = new URL(request.url).searchParams;
    auditDb.statsRequests.push(params);
    return HttpResponse.json(await createFakeAuditLogs(auditDb.entries).auditStats(query(params)));
  }),
  http.get('*/api/audit-logs', async ({ request }) => {
    const params = new URL(request.url).searchParams;
    auditDb.pageRequests.push(params);
    return HttpResponse.json(await createFakeAuditLogs(auditDb.entries).pageAuditLogs(query(params)));
  }),
];
