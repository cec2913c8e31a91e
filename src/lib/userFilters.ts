// The user list's filters as a predicate over one record: what the backends that cannot filter on the
// server (Firestore for substring search, the test fake) apply in the browser, with the server's meaning.
import type { UserRecord, UserFilters } from '../../contract/schemas/usersAudit';

/** ISO instants compare correctly as text only in the same format: compare their times. */
const time = (iso: string) => new Date(iso).getTime();

function inRange(value: string | null, from?: string, to?: string): boolean {
  if (from === undefined && to === undefined) return true;
  if (value === null) return false;
  const t = time(value);
  return (from === undefined || t >= time(from)) && (to === undefined || t < time(to));
}

/** The search text as the server uses it: trimmed, lower-cased; empty means no search. */
export function normalizeSearch(search: string | undefined): string {
  return (search ?? '').trim().toLowerCase();
}

export function matchesSearch(user: UserRecord, search: string | undefined): boolean {
  const needle = normalizeSearch(search);
  return needle === '' || [user.email, user.username, user.displayName, user.uid].some((v) => v?.toLowerCase().includes(needle));
}

export function matchesUserFilters(user: UserRecord, f: UserFilters): boolean {
  if (!matchesSearch(user, f.search)) return false;
  if (f.isPremium !== undefined && user.isPremium !== f.isPremium) return false;
  if (f.accountActive !== undefined && user.accountActive !== f.accountActive) return false;
  if (f.connected !== undefined && (user.connectedUserId !== null && user.connectedUserId !== '') !== f.connected) return false;
  if (f.preferredGender !== undefined && user.preferredGender !== f.preferredGender) return false;
  if (f.preferredNationality !== undefined && user.preferredNationality !== f.preferredNationality) return false;
  return inRange(user.createdAt, f.createdFrom, f.createdTo) && inRange(user.lastActiveDate, f.lastActiveFrom, f.lastActiveTo);
}
