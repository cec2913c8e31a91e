// The user search's reads on Firestore: the skip scan of userSearchPlan.ts on each text field of the users
// documents as the app writes them, and prefix ranges of the document id. Each read is a range on one field,
// ordered by it and the document id, or a count of one, which the automatic single-field indexes serve (nothing
// to add to firestore.indexes.json), and reads the index as it is: a document written a moment ago is found.
import {
  documentId,
  limit,
  orderBy,
  query,
  startAfter,
  where,
  type CollectionReference,
  type DocumentData,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import type { Reader } from './readMeter';
import {
  compareCodePoints,
  NOTHING_KNOWN,
  scanField,
  SEARCH_CAP,
  SEARCH_TEXT_FIELDS,
  type FieldReads,
  type Known,
  type SearchPlan,
} from './userSearchPlan';

type Doc = QueryDocumentSnapshot<DocumentData>;

export interface SearchMatches {
  /** The documents that start with the text on some field (one found on several fields may repeat). */
  docs: Doc[];
  /** A field or id prefix had more than SEARCH_CAP matches: the total is a lower bound. */
  capped: boolean;
}

function fieldReads(users: CollectionReference, r: Reader, field: string): FieldReads<Doc> {
  const ordered = [orderBy(field), orderBy(documentId())];
  const within = (from: string, end: string) => query(users, where(field, '>=', from), where(field, '<', end));
  return {
    async first(from, end) {
      const snapshot = await r.docs(query(within(from, end), ...ordered, limit(1)));
      const doc = snapshot.docs[0];
      const value: unknown = doc?.get(field);
      // A range on text holds only text (Firestore orders each type apart).
      return doc && typeof value === 'string' ? { doc, value } : null;
    },
    async after(doc, value, end, max) {
      // From the (value, id) position: neither the document read already nor a namesake before it again.
      return (await r.docs(query(users, where(field, '<', end), ...ordered, startAfter(value, doc.id), limit(max)))).docs;
    },
    async range(from, end, max) {
      return (await r.docs(query(within(from, end), limit(max)))).docs;
    },
    count: (from, end) => r.count(within(from, end)),
  };
}

/** Documents whose id starts with `prefix` (a uid is matched as typed or lower-cased, not in every case). */
async function idMatches(users: CollectionReference, r: Reader, prefix: string) {
  // Not prefixEnd(): for a prefix ending in '.' that is '/', which no document id may hold. An id going on from the
  // prefix with U+10FFFF (a noncharacter) is the only one this bound leaves out.
  const ids = documentId();
  return r.docs(query(users, where(ids, '>=', prefix), where(ids, '<', `${prefix}\u{10FFFF}`), limit(SEARCH_CAP + 1)));
}

/** The documents found so far, as a field's scan sees them (their ids, and their values of that field). */
function knownOf(docs: Doc[], field: string): Known<Doc> {
  const byId = new Map(docs.map((d) => [d.id, d.get(field) as unknown]));
  const values = [...byId.values()].filter((v): v is string => typeof v === 'string');
  return {
    has: (doc) => byId.has(doc.id),
    within: (from, end) => values.filter((v) => compareCodePoints(v, from) >= 0 && compareCodePoints(v, end) < 0).length,
  };
}

/**
 * The documents a search reads. The e-mail and the id first; then the username and the display name at once, each
 * counting rather than reading again a range that holds only documents found by e-mail or id (a user's e-mail
 * often starts with their username or first name).
 */
export async function readSearchMatches(
  users: CollectionReference,
  r: Reader,
  plan: SearchPlan,
  signal?: AbortSignal,
): Promise<SearchMatches> {
  const scan = (field: string, known: Known<Doc>) => scanField(plan, fieldReads(users, r, field), { signal, known });
  const [email, ...others] = SEARCH_TEXT_FIELDS;
  const [byEmail, byId] = await Promise.all([
    scan(email, NOTHING_KNOWN),
    Promise.all(plan.idPrefixes.map((prefix) => idMatches(users, r, prefix))),
  ]);
  const first = [...byEmail.found, ...byId.flatMap((s) => s.docs.slice(0, SEARCH_CAP))];
  const then = await Promise.all(others.map((field) => scan(field, knownOf(first, field))));
  return {
    docs: [...first, ...then.flatMap((f) => f.found)],
    capped: byEmail.capped || byId.some((s) => s.size > SEARCH_CAP) || then.some((f) => f.capped),
  };
}
