// Stands in for the 'firebase/firestore' module in Jest (jest.mock): the same function names over an
// in-memory store, evaluating where / orderBy / startAfter / limit the way Firestore does (documents
// lacking an orderBy field are left out; != matches only documents that have the field), and recording
// every query and write so tests can check what the adapter asked for. Not a full Firestore.

type Data = Record<string, unknown>;

export class Timestamp {
  constructor(readonly millis: number) {}
  static fromDate(date: Date): Timestamp {
    return new Timestamp(date.getTime());
  }
  static fromMillis(millis: number): Timestamp {
    return new Timestamp(millis);
  }
  toDate(): Date {
    return new Date(this.millis);
  }
}

export class FieldPath {
  readonly segments: string[];
  constructor(...segments: string[]) {
    this.segments = segments;
  }
  toString(): string {
    return this.segments.join('.');
  }
}

const SERVER_TIMESTAMP = { sentinel: 'serverTimestamp' };
const DELETE_FIELD = { sentinel: 'deleteField' };
const DOCUMENT_ID = '__name__';

export interface Constraint {
  type: 'where' | 'orderBy' | 'limit' | 'startAfter';
  field?: string;
  op?: string;
  value?: unknown;
  direction?: 'asc' | 'desc';
  n?: number;
  afterId?: string;
}
export interface CollectionRef {
  kind: 'collection';
  path: string;
}
export interface DocRef {
  kind: 'doc';
  collection: string;
  id: string;
  path: string;
}
export interface QueryRef {
  kind: 'query';
  path: string;
  constraints: Constraint[];
}

export const store = {
  collections: new Map<string, Map<string, Data>>(),
  queries: [] as QueryRef[],
  counts: [] as QueryRef[],
  commits: [] as { op: 'delete' | 'update' | 'set'; path: string; data?: Data; field?: string }[][],
  updates: [] as { path: string; data: Data }[],
  now: 1_800_000_000_000,
  autoId: 0,
  reset(): void {
    this.collections.clear();
    this.queries = [];
    this.counts = [];
    this.commits = [];
    this.updates = [];
    this.autoId = 0;
  },
  put(collection: string, id: string, data: Data): void {
    if (!this.collections.has(collection)) this.collections.set(collection, new Map());
    this.collections.get(collection)!.set(id, data);
  },
  get(collection: string, id: string): Data | undefined {
    return this.collections.get(collection)?.get(id);
  },
};

const fieldName = (field: unknown) => (field instanceof FieldPath ? field.toString() : String(field));

function valueAt(id: string, data: Data, field: string): unknown {
  if (field === DOCUMENT_ID) return id;
  return field.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Data)[key] : undefined), data);
}

const comparable = (value: unknown) => (value instanceof Timestamp ? value.millis : value);

function compare(a: unknown, b: unknown): number {
  const x = comparable(a) as number | string;
  const y = comparable(b) as number | string;
  return x < y ? -1 : x > y ? 1 : 0;
}

function matches(id: string, data: Data, c: Constraint): boolean {
  const value = valueAt(id, data, c.field!);
  switch (c.op) {
    case '==':
      return comparable(value) === comparable(c.value);
    case '!=':
      return value !== undefined && comparable(value) !== comparable(c.value);
    case '>=':
      return value !== undefined && value !== null && compare(value, c.value) >= 0;
    case '<':
      return value !== undefined && value !== null && compare(value, c.value) < 0;
    default:
      throw new Error(`memoryFirestore: unsupported operator ${c.op}`);
  }
}

export interface Snapshot {
  id: string;
  ref: DocRef;
  exists(): boolean;
  data(): Data;
}

const snapshotOf = (collection: string, id: string, data: Data | undefined): Snapshot => ({
  id,
  ref: { kind: 'doc', collection, id, path: `${collection}/${id}` },
  exists: () => data !== undefined,
  data: () => ({ ...(data ?? {}) }),
});

function run(q: QueryRef): Snapshot[] {
  const docs = [...(store.collections.get(q.path) ?? new Map<string, Data>()).entries()];
  const wheres = q.constraints.filter((c) => c.type === 'where');
  const orders = q.constraints.filter((c) => c.type === 'orderBy');
  let result = docs.filter(([id, data]) => wheres.every((c) => matches(id, data, c)));
  // Firestore leaves out documents that lack an ordered-by field.
  result = result.filter(([id, data]) => orders.every((o) => valueAt(id, data, o.field!) !== undefined));
  result.sort(([ida, a], [idb, b]) => {
    for (const o of orders) {
      const order = compare(valueAt(ida, a, o.field!), valueAt(idb, b, o.field!));
      if (order !== 0) return o.direction === 'desc' ? -order : order;
    }
    // Firestore's implicit last order: the document name, in the direction of the last orderBy.
    const last = orders[orders.length - 1];
    return (last?.direction === 'desc' ? -1 : 1) * compare(ida, idb);
  });
  const after = q.constraints.find((c) => c.type === 'startAfter');
  if (after) {
    const index = result.findIndex(([id]) => id === after.afterId);
    if (index < 0) throw new Error('memoryFirestore: startAfter a document the query does not return');
    result = result.slice(index + 1);
  }
  const limit = q.constraints.find((c) => c.type === 'limit');
  if (limit) result = result.slice(0, limit.n);
  return result.map(([id, data]) => snapshotOf(q.path, id, data));
}

function resolve(value: unknown): unknown {
  return value === SERVER_TIMESTAMP ? new Timestamp(store.now) : value;
}

function applyUpdate(ref: DocRef, changes: [string, unknown][]): void {
  const data = store.get(ref.collection, ref.id);
  if (!data) throw Object.assign(new Error(`No document to update: ${ref.path}`), { code: 'not-found' });
  for (const [field, value] of changes) {
    const path = field.split('.');
    let target = data;
    for (const key of path.slice(0, -1)) target = (target[key] ??= {}) as Data;
    if (value === DELETE_FIELD) delete target[path[path.length - 1]!];
    else target[path[path.length - 1]!] = resolve(value);
  }
}

// --- the module's surface, as the adapter imports it -------------------------------------------------

export const collection = (_db: unknown, path: string): CollectionRef => ({ kind: 'collection', path });
export function doc(parent: CollectionRef, id?: string): DocRef {
  const docId = id ?? `auto-${++store.autoId}`;
  return { kind: 'doc', collection: parent.path, id: docId, path: `${parent.path}/${docId}` };
}
export const documentId = () => DOCUMENT_ID;
export const where = (field: unknown, op: string, value: unknown): Constraint => ({ type: 'where', field: fieldName(field), op, value });
export const orderBy = (field: unknown, direction: 'asc' | 'desc' = 'asc'): Constraint => ({
  type: 'orderBy',
  field: fieldName(field),
  direction,
});
export const limit = (n: number): Constraint => ({ type: 'limit', n });
export const startAfter = (snapshot: Snapshot): Constraint => ({ type: 'startAfter', afterId: snapshot.id });
export function query(base: CollectionRef | QueryRef, ...constraints: Constraint[]): QueryRef {
  return { kind: 'query', path: base.path, constraints: [...(base.kind === 'query' ? base.constraints : []), ...constraints] };
}
const asQuery = (q: CollectionRef | QueryRef): QueryRef => (q.kind === 'query' ? q : { kind: 'query', path: q.path, constraints: [] });
export async function getDocs(q: CollectionRef | QueryRef) {
  const resolved = asQuery(q);
  store.queries.push(resolved);
  const docs = run(resolved);
  return { docs, size: docs.length, empty: docs.length === 0 };
}
export async function getDoc(ref: DocRef): Promise<Snapshot> {
  return snapshotOf(ref.collection, ref.id, store.get(ref.collection, ref.id));
}
export async function getCountFromServer(q: CollectionRef | QueryRef) {
  const resolved = asQuery(q);
  store.counts.push(resolved);
  const count = run(resolved).length;
  return { data: () => ({ count }) };
}
export async function updateDoc(ref: DocRef, data: Data): Promise<void> {
  applyUpdate(ref, Object.entries(data));
  store.updates.push({ path: ref.path, data });
}
export const serverTimestamp = () => SERVER_TIMESTAMP;
export const deleteField = () => DELETE_FIELD;
export function writeBatch() {
  const ops: (() => void)[] = [];
  const log: (typeof store.commits)[number] = [];
  const batch = {
    delete(ref: DocRef) {
      ops.push(() => store.collections.get(ref.collection)?.delete(ref.id));
      log.push({ op: 'delete', path: ref.path });
      return batch;
    },
    update(ref: DocRef, fieldOrData: unknown, value?: unknown) {
      const changes: [string, unknown][] =
        typeof fieldOrData === 'object' && !(fieldOrData instanceof FieldPath)
          ? Object.entries(fieldOrData as Data)
          : [[fieldName(fieldOrData), value]];
      ops.push(() => applyUpdate(ref, changes));
      log.push({
        op: 'update',
        path: ref.path,
        ...((changes.length === 1 && typeof fieldOrData !== 'object') || fieldOrData instanceof FieldPath
          ? { field: changes[0]![0] }
          : { data: fieldOrData as Data }),
      });
      return batch;
    },
    set(ref: DocRef, data: Data) {
      ops.push(() => store.put(ref.collection, ref.id, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, resolve(v)]))));
      log.push({ op: 'set', path: ref.path, data });
      return batch;
    },
    async commit() {
      if (ops.length > 500) throw new Error('memoryFirestore: more than 500 writes in one batch');
      ops.forEach((op) => op());
      store.commits.push(log);
    },
  };
  return batch;
}
