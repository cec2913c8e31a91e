// In-memory User Management and Audit Logs ports for the fake backend: filters, sort, offset or cursor
// paging and stats over plain arrays, so screen tests can drive them like the reference backend.
import { AUDIT_LOG_PAGE_SIZE, DEFAULT_USER_PAGE_SIZE } from '../contract/usersAudit';
import type { AuditEntry, AuditEventCount, UserRecord } from '../contract/schemas/usersAudit';
import type { AuditLogsPort, UserManagementPort } from '../src/backend/ports';
import { matchesUserFilters } from '../src/lib/userFilters';

export function createFakeUserManagement(records: Map<string, UserRecord>): UserManagementPort {
  return {
    async listUsers(q) {
      const sort = q.sort ?? 'createdAt';
      const sign = q.order === 'asc' ? 1 : -1;
      const matching = [...records.values()]
        .filter((u) => matchesUserFilters(u, q))
        .sort((a, b) => {
          const x = a[sort];
          const y = b[sort];
          if (x !== y) return x === null ? 1 : y === null ? -1 : sign * (x < y ? -1 : 1);
          return sign * (a.uid < b.uid ? -1 : 1);
        });
      const start = q.cursor !== undefined ? Number(q.cursor) : (q.offset ?? 0);
      const end = start + (q.limit ?? DEFAULT_USER_PAGE_SIZE);
      return { users: matching.slice(start, end), total: matching.length, nextCursor: end < matching.length ? String(end) : null };
    },
    async updateUserFlags(uid, update) {
      const record = records.get(uid);
      if (!record) throw new Error(`No user record ${uid}`);
      // A versioned record (the reference backend's) moves to its next version with every write.
      const updated = {
        ...record,
        ...update,
        updatedAt: new Date().toISOString(),
        ...(record.version !== undefined ? { version: record.version + 1 } : {}),
      };
      records.set(uid, updated);
      return updated;
    },
    async deleteUser(uid) {
      const existed = records.delete(uid);
      if (!existed) throw new Error(`No user record ${uid}`);
      return { uid, deleted: { user: true, account: true, swipes: 0, connectionRequests: 0, connections: 0, partnersUnlinked: 0 } };
    },
  };
}

export function createFakeAuditLogs(entries: AuditEntry[]): AuditLogsPort {
  const select = (since?: string, source = 'all', event?: string) =>
    entries.filter(
      (e) =>
        (since === undefined || e.timestamp >= since) &&
        (source === 'all' || e.source === source) &&
        (event === undefined || e.event === event),
    );
  return {
    async pageAuditLogs(q) {
      const sorted = select(q.since, q.source, q.event).sort((a, b) =>
        a.timestamp === b.timestamp ? 0 : a.timestamp < b.timestamp ? 1 : -1,
      );
      const start = q.cursor !== undefined ? Number(q.cursor) : 0;
      const end = start + (q.limit ?? AUDIT_LOG_PAGE_SIZE);
      return { entries: sorted.slice(start, end), nextCursor: end < sorted.length ? String(end) : null };
    },
    async auditStats(q) {
      const counts = new Map<string, AuditEventCount>();
      for (const e of select(q.since, q.source)) {
        const key = `${e.source}:${e.event}`;
        const entry = counts.get(key) ?? { source: e.source, event: e.event, count: 0 };
        entry.count += 1;
        counts.set(key, entry);
      }
      const byEvent = [...counts.values()].sort((a, b) => b.count - a.count || a.event.localeCompare(b.event));
      return { since: q.since ?? null, source: q.source ?? 'all', total: byEvent.reduce((n, e) => n + e.count, 0), byEvent };
    },
  };
}
