// A stand-in for the parts of 'firebase/firestore' the users and history adapters use (jest.mock it to this), over
// an in-memory map of documents: getDoc, simple queries (equality, orderBy, startAfter, limit), runTransaction (reads,
// then buffered writes applied at commit, after an optional hook that plays a write landing in between), write
// batches, serverTimestamp. For unit tests where the emulators cannot run; the emulator tests
// (firebaseAdapters.emulator.test.ts) run the real SDK.

type Data = Record<string, unknown>;

export const fakeDb = {
  docs: new Map<string, Data>(),
  /** transactions committed and batches written */
  commits: 0,
  /** runs once, inside the next transaction after its reads and before its commit: another writer's change */
  beforeCommit: null as null | (() => void),
  reset() {
    fakeDb.docs = new Map();
    fakeDb.commits = 0;
    fakeDb.beforeCommit = null;
  },
};

let autoId = 0;

export class Timestamp {
  constructor(
    readonly seconds: number,
    readonly nanoseconds: number,
  ) {}
  static fromDate(date: Date) {
    return new Timestamp(Math.floor(date.getTime() / 1000), (date.getTime() % 1000) * 1e6);
  }
  toDate() {
    return new Date(this.seconds * 1000 + this.nanoseconds / 1e6);
  }
}

export class FieldPath {
  readonly segments: string[];
  constructor(...segments: string[]) {
    this.segments = segments;
  }
}

const SERVER_TIME = Symbol('serverTimestamp');
const DELETE = Symbol('deleteField');
export const serverTimestamp = () => SERVER_TIME;
export const deleteField = () => DELETE;

interface Ref {
  path: string;
  id: string;
}

export const collection = (_db: unknown, name: string) => ({ path: name });
export function doc(parent: { path: string } | unknown, ...segments: string[]): Ref {
  const base = (parent as { path?: string }).path;
  const parts = base === undefined ? segments : [base, ...segments];
  if (parts.length % 2 === 1) parts.push(`auto-${++autoId}`);
  return { path: parts.join('/'), id: parts[parts.length - 1]! };
}

const snapshotOf = (ref: Ref) => {
  const data = fakeDb.docs.get(ref.path);
  return { id: ref.id, ref, exists: () => data !== undefined, data: () => (data ? { ...data } : undefined) };
};
export const getDoc = async (ref: Ref) => snapshotOf(ref);
export const getCountFromServer = async () => ({ data: () => ({ count: 0 }) });

// Queries: equality filters, orderBy (a field or documentId()), startAfter and limit, over the collection's
// documents. Other filters (!=, ranges) match nothing here.
const DOCUMENT_ID = { documentId: true };
export const documentId = () => DOCUMENT_ID;
export const where = (field: unknown, op: string, value: unknown) => ({ kind: 'where', field, op, value });
export const orderBy = (field: unknown, direction: 'asc' | 'desc' = 'asc') => ({ kind: 'orderBy', field, direction });
export const limit = (n: number) => ({ kind: 'limit', n });
export const startAfter = (...values: unknown[]) => ({ kind: 'startAfter', values });
export const query = (source: { path: string }, ...parts: { kind: string }[]) => ({ path: source.path, parts });

type Part =
  | { kind: 'where'; field: unknown; op: string; value: unknown }
  | { kind: 'orderBy'; field: unknown; direction: 'asc' | 'desc' }
  | { kind: 'limit'; n: number }
  | { kind: 'startAfter'; values: unknown[] };

const comparable = (v: unknown) => (v instanceof Timestamp ? v.toDate().getTime() : v);
function compareValues(a: unknown, b: unknown): number {
  const [x, y] = [comparable(a), comparable(b)] as [number | string, number | string];
  return x < y ? -1 : x > y ? 1 : 0;
}

export async function getDocs(q: { path: string; parts?: Part[] }) {
  const parts = q.parts ?? [];
  const orders = parts.filter((p): p is Extract<Part, { kind: 'orderBy' }> => p.kind === 'orderBy');
  const valueOf = (id: string, data: Data, field: unknown) => (field === DOCUMENT_ID ? id : data[field as string]);
  const compare = (a: [string, Data], b: [string, Data]) => {
    for (const o of orders) {
      const c = compareValues(valueOf(a[0], a[1], o.field), valueOf(b[0], b[1], o.field));
      if (c !== 0) return o.direction === 'desc' ? -c : c;
    }
    return 0;
  };
  let rows = [...fakeDb.docs]
    .filter(([path]) => path.startsWith(`${q.path}/`) && path.split('/').length === q.path.split('/').length + 1)
    .map(([path, data]): [string, Data] => [path.slice(q.path.length + 1), data])
    .filter(([id, data]) =>
      parts.every((p) => p.kind !== 'where' || (p.op === '==' && compareValues(valueOf(id, data, p.field), p.value) === 0)),
    )
    .sort(compare);
  const after = parts.find((p): p is Extract<Part, { kind: 'startAfter' }> => p.kind === 'startAfter');
  if (after) {
    const cursor = orders.map((o, i) => [o.field, after.values[i]] as const);
    rows = rows.filter(([id, data]) => {
      for (const [i, [field, value]] of cursor.entries()) {
        const c = compareValues(valueOf(id, data, field), value);
        if (c !== 0) return orders[i]!.direction === 'desc' ? c < 0 : c > 0;
      }
      return false;
    });
  }
  const n = parts.find((p): p is Extract<Part, { kind: 'limit' }> => p.kind === 'limit')?.n;
  if (n !== undefined) rows = rows.slice(0, n);
  const docs = rows.map(([id, data]) => ({
    id,
    ref: { path: `${q.path}/${id}`, id },
    data: () => ({ ...data }),
    get: (f: string) => data[f],
  }));
  return { docs, size: docs.length };
}

// serverTimestamp() is the commit's one time, in every document the commit writes (Firestore's request.time).
let commitTime = new Date();
const resolve = (value: unknown) => (value === SERVER_TIME ? Timestamp.fromDate(commitTime) : value);
function commit(writes: Write[]) {
  commitTime = new Date();
  writes.forEach((w) => w());
  fakeDb.commits += 1;
}

type Write = () => void;
function writer(writes: Write[]) {
  return {
    set(ref: Ref, data: Data) {
      writes.push(() => fakeDb.docs.set(ref.path, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, resolve(v)]))));
    },
    update(ref: Ref, fieldOrData: Data | FieldPath, value?: unknown) {
      writes.push(() => {
        const current = fakeDb.docs.get(ref.path);
        if (!current) throw Object.assign(new Error(`No document to update: ${ref.path}`), { code: 'not-found' });
        const next = { ...current };
        if (fieldOrData instanceof FieldPath) {
          const [head, key] = fieldOrData.segments as [string, string];
          const map = { ...(next[head] as Data) };
          if (value === DELETE) delete map[key];
          else map[key] = resolve(value);
          next[head] = map;
        } else {
          for (const [k, v] of Object.entries(fieldOrData)) next[k] = resolve(v);
        }
        fakeDb.docs.set(ref.path, next);
      });
    },
    delete(ref: Ref) {
      writes.push(() => fakeDb.docs.delete(ref.path));
    },
  };
}

/**
 * Firestore's optimistic transaction: if a document it read changed before the commit, nothing is written and the
 * function runs again on fresh reads (up to 5 attempts, as the SDK does).
 */
export async function runTransaction<T>(_db: unknown, update: (tx: unknown) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const writes: Write[] = [];
    const seen = new Map<string, string>();
    const tx = {
      get: async (ref: Ref) => {
        seen.set(ref.path, JSON.stringify(fakeDb.docs.get(ref.path) ?? null));
        return snapshotOf(ref);
      },
      ...writer(writes),
    };
    const result = await update(tx);
    const interloper = fakeDb.beforeCommit;
    fakeDb.beforeCommit = null;
    interloper?.();
    const moved = [...seen].some(([path, json]) => JSON.stringify(fakeDb.docs.get(path) ?? null) !== json);
    if (moved) {
      if (attempt === 5) throw Object.assign(new Error('Transaction failed: too much contention'), { code: 'aborted' });
      continue;
    }
    commit(writes);
    return result;
  }
}

export function writeBatch() {
  const writes: Write[] = [];
  return {
    ...writer(writes),
    async commit() {
      commit(writes);
    },
  };
}
