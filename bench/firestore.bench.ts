// npm run bench:firestore — the Firebase adapters at 100,000 users on Google's Firestore emulator.
// Seeds the users as the app writes them (the spec's fields only: no lower-cased search copies; e-mails lower-cased
// as Firebase Auth gives them, usernames as typed, some capitalized) and 2,000 connection requests with the
// emulator's REST batchWrite, then runs each console
// operation through the real adapters (src/backend/firebase, web SDK) with a read meter, beside the naive read
// of the same thing (what the adapters did before: listen to whole collections, offsets, browser-side scans).
// Prints documents read, billed reads (a count aggregation is one read per 1,000 entries counted) and time.
// Document reads are the figure that matters: time depends on the emulator and a shared machine (the load
// average is printed). BENCH_USERS scales it down for a quick look; BENCH_ONLY=search (or dashboard, pages,
// export, comma-separated) runs only those operations.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { deleteApp, initializeApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  documentId,
  getDocs,
  getFirestore,
  limit,
  onSnapshot,
  orderBy,
  query,
  startAfter,
  where,
  type Query,
  type QueryDocumentSnapshot,
  type QuerySnapshot,
} from 'firebase/firestore';
import { USER_RECORD_DEFAULTS } from '../contract/usersAudit';
import { startEmulators } from '../scripts/firebase/emulators';
import { createFirebaseBackend } from '../src/backend/firebase/firebaseBackend';
import { billedReads, newReadMeter, type ReadMeter } from '../src/backend/firebase/readMeter';
import { toUserRecord } from '../src/backend/firebase/userRecord';
import { matchesSearch } from '../src/lib/userFilters';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const REQUESTS = Math.max(4, Math.round(USERS / 50));
const PAGE = 50;
const NAIVE_MAX = Number(process.env.BENCH_NAIVE_MAX ?? Infinity);
const ONLY = process.env.BENCH_ONLY?.split(',');
const runs = (group: 'dashboard' | 'pages' | 'search' | 'export') => !ONLY || ONLY.includes(group);
const PROJECT = 'demo-bench';
const FIRST_NAMES = ['Anna', 'Bjorn', 'Ciara', 'Dmitri', 'Elif', 'Farah', 'Goran', 'Hana', 'Ines', 'Jonas', 'Kai', 'Lena'];
const id = (i: number) => `u${String(i).padStart(6, '0')}`;

type Fields = Record<string, unknown>;
const value = (v: unknown): unknown =>
  v === null
    ? { nullValue: null }
    : typeof v === 'boolean'
      ? { booleanValue: v }
      : typeof v === 'number'
        ? { integerValue: String(v) }
        : v instanceof Date
          ? { timestampValue: v.toISOString() }
          : typeof v === 'object'
            ? { mapValue: { fields: mapFields(v as Fields) } }
            : { stringValue: String(v) };
const mapFields = (fields: Fields) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, value(v)]));

async function batchWrite(host: string, docs: [string, Fields][]): Promise<void> {
  const base = `projects/${PROJECT}/databases/(default)/documents`;
  const response = await fetch(`http://${host}/v1/${base}:batchWrite`, {
    method: 'POST',
    // The emulator's owner token: seeding as an administrator would, past the rules.
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({
      writes: docs.map(([path, fields]) => ({
        update: { name: `${base}/${path}`, fields: mapFields(fields) },
      })),
    }),
  });
  if (!response.ok) throw new Error(`batchWrite: HTTP ${response.status} ${await response.text()}`);
}

/** A users document as the app writes it: the spec's fields only. */
function user(i: number): Fields {
  const createdAt = new Date(Date.UTC(2025, 0, 1) + i * 60_000);
  const lastActiveDate = new Date(Date.UTC(2026, 0, 1) + (i % 5000) * 60_000);
  return {
    ...USER_RECORD_DEFAULTS,
    uid: id(i),
    email: `user${i}@example.test`,
    // As people typed it: every fifth capitalized.
    username: i % 5 === 0 ? `User${i}` : `user${i}`,
    displayName: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${i}`,
    isPremium: i % 7 === 0,
    accountActive: i % 11 !== 0,
    preferredGender: ['all', 'female', 'male'][i % 3],
    createdAt,
    updatedAt: lastActiveDate,
    lastLogin: lastActiveDate,
    lastActiveDate,
  };
}

async function seed(host: string): Promise<void> {
  const docs: [string, Fields][] = [];
  for (let i = 0; i < USERS; i++) docs.push([`users/${id(i)}`, user(i)]);
  for (let i = 0; i < REQUESTS; i++) {
    const at = new Date(Date.UTC(2025, 6, 1) + i * 60_000);
    docs.push([
      `connectionRequests/r${i}`,
      { fromUserId: id(i), toUserId: id(i + 1), status: i % 4 === 0 ? 'accepted' : 'pending', createdAt: at, updatedAt: at },
    ]);
  }
  const chunks: [string, Fields][][] = [];
  for (let i = 0; i < docs.length; i += 500) chunks.push(docs.slice(i, i + 500));
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < chunks.length) await batchWrite(host, chunks[next++]!);
    }),
  );
}

interface Row {
  operation: string;
  adapter: { documents: number; billed: number; ms: number; note?: string };
  naive: { documents: number; billed: number; ms: number; note?: string } | null;
}

async function measure<T>(meter: ReadMeter, run: () => Promise<T>): Promise<{ result: T; documents: number; billed: number; ms: number }> {
  Object.assign(meter, newReadMeter());
  const start = performance.now();
  const result = await run();
  return { result, documents: meter.documents, billed: billedReads(meter), ms: performance.now() - start };
}

/** First snapshot of a listener on `q`: the documents it delivered. */
function firstSnapshotSize(q: Query): Promise<number> {
  return new Promise((resolve, reject) => {
    const stop = onSnapshot(
      q,
      (snapshot) => {
        stop();
        resolve(snapshot.size);
      },
      reject,
    );
  });
}

async function main() {
  const [load1, load5] = os.loadavg();
  process.stdout.write(
    `bench:firestore: ${USERS.toLocaleString('en-US')} users on the Firestore emulator; load average ${load1!.toFixed(2)} / ${load5!.toFixed(2)} ` +
      `on ${os.cpus().length} cores (a shared machine: times are noisy, document reads are exact)\n`,
  );
  const emulators = await startEmulators({
    projectId: PROJECT,
    firestoreOnly: true,
    // 100,000 documents with the spec's fields (notificationSettings and all) run the emulator out of a 512 MB heap:
    // every query then fails with UNKNOWN (OutOfMemoryError in its log) and the SDK retries for ever.
    javaHeap: process.env.BENCH_EMULATOR_HEAP ?? '3g',
    rules: "rules_version = '2'; service cloud.firestore { match /{d=**} { allow read, write: if true; } }",
  });
  try {
    const start = performance.now();
    await seed(emulators.firestoreHost);
    process.stdout.write(
      `Seeded ${USERS.toLocaleString('en-US')} users and ${REQUESTS.toLocaleString('en-US')} requests in ${((performance.now() - start) / 1000).toFixed(1)} s (REST batchWrite, 500 per request, 4 at a time)\n\n`,
    );

    const meter = newReadMeter();
    const backend = createFirebaseBackend(
      {
        backend: 'firebase',
        apiBaseUrl: 'http://127.0.0.1:9/api',
        authBaseUrl: 'http://127.0.0.1:9/auth',
        apiTimeoutMs: 1000,
        isDevelopment: false,
        firebase: { projectId: PROJECT, firestoreEmulatorHost: emulators.firestoreHost },
        invite: { appScheme: 'x', androidStoreUrl: '', iosStoreUrl: '' },
      },
      { meter, appName: 'bench-adapter' },
    );
    // The naive reads on a separate app (its own cache).
    const naiveApp = initializeApp({ apiKey: 'demo', projectId: PROJECT }, 'bench-naive');
    const db = getFirestore(naiveApp);
    const [host, port] = emulators.firestoreHost.split(':');
    connectFirestoreEmulator(db, host!, Number(port));
    const users = collection(db, 'users');
    /**
     * The naive read, or with BENCH_NAIVE_MAX below its size only what it would read (`expected`, exact for these
     * reads: whole collections, offsets and scans to the end) without running it, which takes minutes when loaded.
     */
    const naive = async (run: () => Promise<number>, expected: number) => {
      if (expected > NAIVE_MAX) return { documents: expected, billed: expected, ms: Number.NaN };
      const t = performance.now();
      const documents = await run();
      return { documents, billed: documents, ms: performance.now() - t };
    };
    const ordered = [orderBy('createdAt', 'desc'), orderBy(documentId(), 'desc')];
    /** The old browser-side search: the ordered list in batches of 500 until a page of matches or the end. */
    const scan = async (term: string) => {
      let read = 0;
      let found = 0;
      let after: QueryDocumentSnapshot | null = null;
      for (;;) {
        const snapshot: QuerySnapshot = await getDocs(query(users, ...ordered, ...(after ? [startAfter(after)] : []), limit(500)));
        read += snapshot.size;
        for (const d of snapshot.docs) if (matchesSearch(toUserRecord(d.id, d.data()), term)) found += 1;
        if (found > PAGE || snapshot.size < 500) return read;
        after = snapshot.docs[snapshot.docs.length - 1]!;
      }
    };
    const rows: Row[] = [];
    // Each operation as it finishes (a full run takes minutes on a loaded machine); the table follows at the end.
    const push = rows.push.bind(rows);
    rows.push = (...added: Row[]) => {
      for (const r of added)
        process.stdout.write(`  done: ${r.operation}: ${r.adapter.documents} documents (naive ${r.naive?.documents ?? '—'})\n`);
      return push(...added);
    };
    const list = backend.userManagement;
    const base = { sort: 'createdAt' as const, order: 'desc' as const, limit: PAGE };

    if (runs('dashboard')) {
      // Dashboard open: the users and accepted-connections counts, until both have a first value.
      const dash = await measure(meter, async () => {
        const counts = await Promise.all(
          [backend.liveCounts.watchUserCount, backend.liveCounts.watchAcceptedConnectionCount].map(
            (watch) =>
              new Promise<number>((resolve, reject) => {
                const stop = watch(
                  (n) => {
                    stop();
                    resolve(n);
                  },
                  (e) => reject(new Error(e)),
                );
              }),
          ),
        );
        return counts;
      });
      rows.push({
        operation: 'dashboard open (users + connections counts)',
        adapter: { ...dash, note: `${dash.result.join(' / ')}` },
        naive: await naive(
          async () =>
            (
              await Promise.all([
                firstSnapshotSize(users),
                firstSnapshotSize(query(collection(db, 'connectionRequests'), where('status', '==', 'accepted'))),
              ])
            ).reduce((a, b) => a + b),
          USERS + Math.ceil(REQUESTS / 4),
        ),
      });
    }

    if (runs('pages')) {
      // A page: Next from page 100 (the adapter from the page's cursor; before, an offset read of the skipped rows).
      const from = Math.min(100, Math.floor(USERS / PAGE / 4));
      const shown = await list.listUsers({ ...base, offset: (from - 1) * PAGE });
      const next = await measure(meter, () => list.listUsers({ ...base, cursor: shown.nextCursor! }));
      rows.push({
        operation: `a page (Next from page ${from})`,
        adapter: next,
        naive: await naive(
          async () => (await getDocs(query(users, ...ordered, limit(from * PAGE + PAGE + 1)))).size,
          from * PAGE + PAGE + 1,
        ),
      });
      const first = await measure(meter, () => list.listUsers(base));
      rows.push({
        operation: 'the first page (with its total)',
        adapter: first,
        naive: await naive(async () => (await getDocs(query(users, ...ordered, limit(PAGE + 1)))).size, PAGE + 1),
      });

      // Page jumps without a cursor: to the last page, and to the middle of the list.
      const lastOffset = Math.floor((USERS - 1) / PAGE) * PAGE;
      const last = await measure(meter, () => list.listUsers({ ...base, offset: lastOffset }));
      rows.push({
        operation: `a page jump to the last page (offset ${lastOffset.toLocaleString('en-US')})`,
        adapter: last,
        naive: await naive(async () => (await getDocs(query(users, ...ordered, limit(lastOffset + PAGE + 1)))).size, USERS),
      });
      const middle = Math.floor(USERS / 2 / PAGE) * PAGE;
      const mid = await measure(meter, () => list.listUsers({ ...base, offset: middle }));
      rows.push({ operation: `a page jump to the middle (offset ${middle.toLocaleString('en-US')})`, adapter: mid, naive: null });
    }

    if (runs('search')) {
      // Search on the users as the app wrote them (userSearchPlan.ts): a username / e-mail start, a whole e-mail typed
      // in upper case, a display name start typed in lower case, and a miss. Each within 2 × matches + 10 documents.
      const n = Math.floor(USERS / 23);
      const searches = [
        ['a search hit, username / e-mail start', `user${n}`],
        ['a search hit, a whole e-mail in upper case', `USER${n}@EXAMPLE.TEST`],
        ['a search hit, a display name start in lower case', `${FIRST_NAMES[11]!.toLowerCase()} ${String(n).slice(0, 3)}`],
        ['a search miss', 'zz-nobody'],
      ] as const;
      for (const [operation, term] of searches) {
        const found = await measure(meter, () => list.listUsers({ ...base, search: term }));
        const m = found.result.total ?? 0;
        const note = `${m} matches, bound ${2 * m + 10}; ${meter.emptyQueries} empty queries, ${meter.aggregations} counts`;
        rows.push({ operation: `${operation} ("${term}")`, adapter: { ...found, note }, naive: await naive(() => scan(term), USERS) });
      }
    }

    if (runs('export')) {
      // The users export: every record once, in pages of 1,000 (naive: one query for the whole collection).
      const exported = await measure(meter, async () => {
        let after: string | null = null;
        let n = 0;
        do {
          const page: { rows: unknown[]; next: string | null } = await backend.exports.readPage('users', { after, limit: 1000 });
          n += page.rows.length;
          after = page.next;
        } while (after);
        return n;
      });
      rows.push({ operation: 'the users export', adapter: exported, naive: await naive(async () => (await getDocs(users)).size, USERS) });
    }

    const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
    const lines = [
      ['operation', 'adapter docs', 'adapter billed', 'adapter ms', 'naive docs', 'naive ms', 'note'],
      ...rows.map((r) => [
        r.operation,
        fmt(r.adapter.documents),
        fmt(r.adapter.billed),
        fmt(r.adapter.ms),
        r.naive ? fmt(r.naive.documents) : '—',
        r.naive ? (Number.isNaN(r.naive.ms) ? 'not run' : fmt(r.naive.ms)) : '—',
        r.adapter.note ?? '',
      ]),
    ];
    const widths = lines[0]!.map((_, c) => Math.max(...lines.map((l) => l[c]!.length)));
    for (const line of lines)
      process.stdout.write(
        `${line.map((cell, c) => (c === 0 || c === 6 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ')}\n`,
      );
    const [after1] = os.loadavg();
    process.stdout.write(`\nload average at the end: ${after1!.toFixed(2)}\n`);
    await backend.close();
    await deleteApp(naiveApp);
  } finally {
    await emulators.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
