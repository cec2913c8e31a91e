// An in-memory reference backend for the audit trail (GET /api/audit-logs and /api/audit-logs/stats), so
// the Audit Logs screen can be tested through the local adapter's real HTTP path. Filtering, paging and
// counting reuse the in-memory port (mocks/fakeUsersAudit.ts).
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { AuditEntry } from '../contract/schemas/usersAudit';
import { checkedRequest } from './contract';
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

export const auditLogsHandlers: HttpHandler[] = [
  http.get('*/api/audit-logs/stats', async ({ request }) => {
    auditDb.statsRequests.push(new URL(request.url).searchParams);
    const checked = await checkedRequest('GET /api/audit-logs/stats', { request });
    if (checked instanceof Response) return checked;
    return HttpResponse.json(await createFakeAuditLogs(auditDb.entries).auditStats(checked.query));
  }),
  http.get('*/api/audit-logs', async ({ request }) => {
    auditDb.pageRequests.push(new URL(request.url).searchParams);
    const checked = await checkedRequest('GET /api/audit-logs', { request });
    if (checked instanceof Response) return checked;
    return HttpResponse.json(await createFakeAuditLogs(auditDb.entries).pageAuditLogs(checked.query));
  }),
];
