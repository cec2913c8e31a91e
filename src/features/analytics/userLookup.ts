// Finding one end user for the per-user analytics: by uid (the record's key) or by email, through the
// backend ports so it works the same on the reference backend and on Firestore.
import type { UserRecord } from '../../../contract/schemas/usersAudit';
import type { Backend } from '../../backend/ports';

/** How many near matches a lookup offers when the text names no one exactly. */
export const LOOKUP_CANDIDATES = 10;

export interface UserLookupResult {
  /** the user the text names exactly (uid, or email in any letter case) */
  user: UserRecord | null;
  /** when no one matches exactly: users whose email, name or uid contain the text, to pick from */
  candidates: UserRecord[];
}

const sameEmail = (record: UserRecord, email: string) => (record.email ?? '').toLowerCase() === email.toLowerCase();

export async function findUserRecord(backend: Pick<Backend, 'userRecords' | 'userManagement'>, text: string): Promise<UserLookupResult> {
  const query = text.trim();
  if (query === '') return { user: null, candidates: [] };
  // A uid never contains '@'; an email always does, so only the search can find it.
  if (!query.includes('@')) {
    const byUid = await backend.userRecords.readUserRecord(query);
    if (byUid) return { user: byUid, candidates: [] };
  }
  const page = await backend.userManagement.listUsers({ search: query, limit: LOOKUP_CANDIDATES });
  const exact = page.users.find((record) => record.uid === query || sameEmail(record, query));
  if (exact) return { user: exact, candidates: [] };
  if (page.users.length === 1) return { user: page.users[0], candidates: [] };
  return { user: null, candidates: page.users };
}
