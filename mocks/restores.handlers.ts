// The reference backend's restore routes (/api/admin/restores, contract/backupRestore.ts) for the console's tests:
// every request checked by its schema (mocks/contract.ts), rows by the contract's row rules where they land (a stand-in
// for a row the console did not send refused with its reason), and a small world of "records as they are now" that the plan is worked out against. An apply finishes after a few
// GETs (applyPolls), failing with `failApply` when set; a cancel of an applying restore lands on the next GET.
// Tests drive the world through `restoreServer` and read what it was sent.
import { http, HttpResponse, type HttpHandler } from 'msw';
import { RESTORE_MAX_PROBLEMS, backupRowKey, backupRowProblem, notSentProblem, type RestoreMode } from '../contract/backupRestore';
import type { RestoreCheckRequest, RestorePlan, RestoreProblem, RestoreReport, RestoreSession } from '../contract/schemas/backupRestore';
import { BACKUP_COLLECTIONS, type BackupCollection } from '../contract/exports';
import { checkedRequest, refused } from './contract';

type Row = Record<string, unknown>;
type PerCollection<T> = Record<BackupCollection, T>;
const per = <T>(make: () => T): PerCollection<T> => ({ users: make(), names: make(), connections: make(), audit_logs: make() });

interface FakeRestore {
  session: RestoreSession;
  /** valid staged rows by key, per collection */
  rows: PerCollection<Map<string, Row>>;
  /** why neither mode may be applied (problems of the file, rows that never arrived) */
  applyRefusal: string | null;
  cancelRequested: boolean;
  polls: number;
}

export interface RestoreWorld {
  /** the keys (uid or id) of the records there now */
  existing: PerCollection<Set<string>>;
  /** name ids in the trash */
  trash: Set<string>;
  /** uids of the admins now, and their e-mails */
  admins: Map<string, string>;
  /** what deleting a user takes with them: swipes and connection requests */
  swipesOf: Map<string, number>;
  requestsOf: Map<string, number>;
}

export const restoreServer = {
  world: emptyWorld(),
  restores: new Map<number, FakeRestore>(),
  nextId: 1,
  /** GETs an applying restore takes to finish */
  applyPolls: 2,
  /** the apply ends failed with this reason */
  failApply: null as string | null,
  /** a hosted API in Firebase mode: a cancel ends the apply part-way, its report naming what landed (this line) */
  partialOnCancel: null as string | null,
  /** a hosted API in Firebase mode: the plan says the console saves the copy a replace overwrites ('console') */
  beforeBackup: 'server' as 'server' | 'console',
  /** every request the console made, in order: 'POST /api/admin/restores/1/rows' ... */
  calls: [] as string[],
  rowBatches: [] as { id: number; collection: BackupCollection; firstIndex: number; rows: unknown[] }[],
  checks: [] as { id: number; body: RestoreCheckRequest }[],
  applies: [] as { id: number; mode: RestoreMode; confirmAdminChanges: boolean }[],
  reset() {
    restoreServer.world = emptyWorld();
    restoreServer.restores = new Map();
    restoreServer.nextId = 1;
    restoreServer.applyPolls = 2;
    restoreServer.failApply = null;
    restoreServer.partialOnCancel = null;
    restoreServer.beforeBackup = 'server';
    restoreServer.calls = [];
    restoreServer.rowBatches = [];
    restoreServer.checks = [];
    restoreServer.applies = [];
  },
  /** A restore as another console (or this one before a reload) left it. */
  seed(session: Partial<RestoreSession> & Pick<RestoreSession, 'state'>): RestoreSession {
    const id = restoreServer.nextId++;
    const restore = newRestore(id, session.fileName ?? 'backup-2026-11-20.json', session.fileSize ?? 1000);
    Object.assign(restore.session, session, { id });
    restoreServer.restores.set(id, restore);
    return restore.session;
  },
};

function emptyWorld(): RestoreWorld {
  return { existing: per(() => new Set<string>()), trash: new Set(), admins: new Map(), swipesOf: new Map(), requestsOf: new Map() };
}

const zeroFigures = () => ({ read: 0, refused: 0 });
const ACTOR = { uid: 'admin-1', email: 'admin@example.com' };

function newRestore(id: number, fileName: string, fileSize: number): FakeRestore {
  return {
    session: {
      id,
      fileName,
      fileSize,
      state: 'staging',
      createdAt: '2026-11-27T10:00:00.000Z',
      createdBy: ACTOR,
      staged: per(zeroFigures),
      problems: [],
      plan: null,
      mode: null,
      beforeBackupFile: `before-restore-${id}-20261127T100000Z.json`,
      progress: null,
      report: null,
      failure: null,
      finishedAt: null,
    },
    rows: per(() => new Map<string, Row>()),
    applyRefusal: null,
    cancelRequested: false,
    polls: 0,
  };
}

const conflict = (message: string) => refused('state', message, 409);

function addProblem(restore: FakeRestore, problem: RestoreProblem) {
  if (restore.session.problems.length < RESTORE_MAX_PROBLEMS) restore.session.problems.push(problem);
}

function planOf(restore: FakeRestore): RestorePlan {
  const { world } = restoreServer;
  const figures = per(() => ({ read: 0, refused: 0, existing: 0, missing: 0, inTrash: 0, extra: 0 }));
  for (const collection of BACKUP_COLLECTIONS) {
    const f = figures[collection];
    const rows = restore.rows[collection];
    f.read = restore.session.staged[collection].read;
    f.refused = restore.session.staged[collection].refused;
    for (const key of rows.keys()) {
      if (world.existing[collection].has(key)) f.existing += 1;
      else if (collection === 'names' && world.trash.has(key)) f.inTrash += 1;
      else f.missing += 1;
    }
    f.extra = [...world.existing[collection]].filter((key) => !rows.has(key)).length;
  }
  const removedUsers = [...world.existing.users].filter((uid) => !restore.rows.users.has(uid));
  const examples: RestorePlan['adminChanges']['examples'] = [];
  let addGranted = 0;
  let replaceGranted = 0;
  let revoked = 0;
  for (const [uid, row] of restore.rows.users) {
    const adminNow = world.admins.has(uid);
    if (row.isAdmin === true && !adminNow) {
      replaceGranted += 1;
      const missing = !world.existing.users.has(uid);
      if (missing) addGranted += 1;
      examples.push({
        uid,
        email: typeof row.email === 'string' ? row.email : null,
        change: 'granted',
        modes: missing ? ['add', 'replace'] : ['replace'],
      });
    }
  }
  for (const [uid, email] of world.admins) {
    const row = restore.rows.users.get(uid);
    if (!row || row.isAdmin !== true) {
      revoked += 1;
      examples.push({ uid, email, change: 'revoked', modes: ['replace'] });
    }
  }
  const refusedRows = BACKUP_COLLECTIONS.reduce((n, c) => n + figures[c].refused, 0);
  return {
    collections: figures,
    replaceTakes: {
      swipes: removedUsers.reduce((n, uid) => n + (world.swipesOf.get(uid) ?? 0), 0),
      connectionRequests: removedUsers.reduce((n, uid) => n + (world.requestsOf.get(uid) ?? 0), 0),
      namesSwipes: 0,
    },
    adminChanges: { add: { granted: addGranted }, replace: { granted: replaceGranted, revoked }, examples: examples.slice(0, 10) },
    replaceRefusal:
      restore.applyRefusal ??
      (refusedRows > 0 ? `${refusedRows} row(s) of the file are refused: replace would not make the collections exactly the file` : null),
    applyRefusal: restore.applyRefusal,
    beforeBackup: restoreServer.beforeBackup,
  };
}

function reportOf(restore: FakeRestore, mode: RestoreMode): RestoreReport {
  const plan = restore.session.plan!;
  const collections = per(() => ({ read: 0, added: 0, kept: 0, replaced: 0, removed: 0, restoredFromTrash: 0, refused: 0 }));
  for (const c of BACKUP_COLLECTIONS) {
    const f = plan.collections[c];
    collections[c] = {
      read: f.read,
      added: f.missing,
      kept: mode === 'add' ? f.existing : 0,
      replaced: mode === 'replace' ? f.existing : 0,
      removed: mode === 'replace' ? f.extra : 0,
      restoredFromTrash: f.inTrash,
      refused: f.refused,
    };
  }
  return { collections, beforeBackupFile: mode === 'replace' ? restore.session.beforeBackupFile : null };
}

const idOf = (params: Record<string, unknown>) => Number(params.id);

export const restoresHandlers: HttpHandler[] = [
  http.get('*/api/admin/restores', () => {
    restoreServer.calls.push('GET /api/admin/restores');
    const restores = [...restoreServer.restores.values()].map((r) => r.session).reverse();
    return HttpResponse.json({ restores });
  }),

  http.post('*/api/admin/restores', async ({ request }) => {
    const checked = await checkedRequest('POST /api/admin/restores', { request });
    if (checked instanceof Response) return checked;
    const id = restoreServer.nextId++;
    restoreServer.calls.push('POST /api/admin/restores');
    const restore = newRestore(id, checked.body.fileName, checked.body.fileSize);
    restoreServer.restores.set(id, restore);
    return HttpResponse.json(restore.session, { status: 201 });
  }),

  http.get('*/api/admin/restores/:id', ({ params }) => {
    const restore = restoreServer.restores.get(idOf(params));
    restoreServer.calls.push(`GET /api/admin/restores/${idOf(params)}`);
    if (!restore) return refused('id', 'No such restore', 404);
    const { session } = restore;
    if (session.state === 'applying') {
      restore.polls += 1;
      const total = BACKUP_COLLECTIONS.reduce((n, c) => n + session.staged[c].read, 0);
      if (restore.cancelRequested) {
        const partial = restoreServer.partialOnCancel;
        const none = { read: 0, added: 0, kept: 0, replaced: 0, removed: 0, restoredFromTrash: 0, refused: 0 };
        Object.assign(session, {
          state: 'cancelled',
          progress: null,
          failure: partial ? `Cancelled by admin@example.com while it was being applied. ${partial}` : 'Cancelled by admin@example.com',
          finishedAt: '2026-11-27T10:05:00.000Z',
          ...(partial
            ? {
                report: {
                  collections: { users: { ...none, added: 1 }, names: none, connections: none, audit_logs: none },
                  beforeBackupFile: null,
                  partial,
                },
              }
            : {}),
        });
      } else if (restore.polls >= restoreServer.applyPolls) {
        if (restoreServer.failApply) {
          Object.assign(session, {
            state: 'failed',
            progress: null,
            failure: restoreServer.failApply,
            finishedAt: '2026-11-27T10:05:00.000Z',
          });
        } else {
          Object.assign(session, {
            state: 'done',
            progress: null,
            report: reportOf(restore, session.mode!),
            finishedAt: '2026-11-27T10:05:00.000Z',
          });
        }
      } else {
        session.progress = { step: 'names', done: Math.floor((total * restore.polls) / restoreServer.applyPolls), total };
      }
    }
    return HttpResponse.json(session);
  }),

  http.post('*/api/admin/restores/:id/rows', async ({ request, params }) => {
    const checked = await checkedRequest('POST /api/admin/restores/:id/rows', { request, params });
    if (checked instanceof Response) return checked;
    const restore = restoreServer.restores.get(checked.params.id);
    if (!restore) return refused('id', 'No such restore', 404);
    if (restore.session.state !== 'staging') return conflict(`This restore is ${restore.session.state}: it takes no more rows`);
    const { collection, firstIndex, rows } = checked.body;
    restoreServer.calls.push(`POST /api/admin/restores/${restore.session.id}/rows`);
    restoreServer.rowBatches.push({ id: restore.session.id, collection, firstIndex, rows });
    const figures = restore.session.staged[collection];
    let refusedHere = 0;
    rows.forEach((row, i) => {
      const index = firstIndex + i;
      figures.read += 1;
      let problem = notSentProblem(row) ?? backupRowProblem(collection, row);
      const key = problem ? null : backupRowKey(collection, row as Row);
      if (key !== null && restore.rows[collection].has(key)) problem = 'duplicated id';
      if (problem) {
        figures.refused += 1;
        refusedHere += 1;
        addProblem(restore, { collection, index, problem });
      } else restore.rows[collection].set(key!, row as Row);
    });
    return HttpResponse.json({ staged: rows.length - refusedHere, refused: refusedHere });
  }),

  http.post('*/api/admin/restores/:id/check', async ({ request, params }) => {
    const checked = await checkedRequest('POST /api/admin/restores/:id/check', { request, params });
    if (checked instanceof Response) return checked;
    const restore = restoreServer.restores.get(checked.params.id);
    if (!restore) return refused('id', 'No such restore', 404);
    if (restore.session.state !== 'staging') return conflict(`This restore is ${restore.session.state}: it was checked already`);
    restoreServer.calls.push(`POST /api/admin/restores/${restore.session.id}/check`);
    restoreServer.checks.push({ id: restore.session.id, body: checked.body });
    const lost = BACKUP_COLLECTIONS.filter((c) => checked.body.rowsRead[c] !== restore.session.staged[c].read);
    for (const p of checked.body.fileProblems) addProblem(restore, { collection: p.collection, index: null, problem: p.problem });
    for (const c of lost) addProblem(restore, { collection: c, index: null, problem: `${c}: rows that never arrived` });
    const reasons = [
      ...(checked.body.fileProblems.length > 0 ? [`the file itself has a problem (${checked.body.fileProblems[0]!.problem})`] : []),
      ...(lost.length > 0 ? [`rows of ${lost.join(', ')} never arrived`] : []),
    ];
    restore.applyRefusal = reasons.length > 0 ? reasons.join('; ') : null;
    restore.session.plan = planOf(restore);
    restore.session.state = 'ready';
    return HttpResponse.json(restore.session);
  }),

  http.post('*/api/admin/restores/:id/apply', async ({ request, params }) => {
    const checked = await checkedRequest('POST /api/admin/restores/:id/apply', { request, params });
    if (checked instanceof Response) return checked;
    const restore = restoreServer.restores.get(checked.params.id);
    if (!restore) return refused('id', 'No such restore', 404);
    const { session } = restore;
    restoreServer.calls.push(`POST /api/admin/restores/${session.id}/apply`);
    if (session.state !== 'ready') return conflict(`This restore is ${session.state}: only a checked restore can be applied`);
    const { mode, confirmAdminChanges } = checked.body;
    const plan = session.plan!;
    if (plan.applyRefusal) return conflict(`This restore cannot be applied: ${plan.applyRefusal}`);
    if (mode === 'replace' && plan.replaceRefusal) return conflict(plan.replaceRefusal);
    const changes = mode === 'add' ? plan.adminChanges.add.granted : plan.adminChanges.replace.granted + plan.adminChanges.replace.revoked;
    if (changes > 0 && !confirmAdminChanges) return conflict('This restore changes who may sign in as an admin: confirm it to apply');
    restoreServer.applies.push({ id: session.id, mode, confirmAdminChanges });
    Object.assign(session, {
      state: 'applying',
      mode,
      progress: { step: mode === 'replace' ? 'saving the current state' : 'users', done: 0, total: 1 },
    });
    return HttpResponse.json(session, { status: 202 });
  }),

  http.post('*/api/admin/restores/:id/cancel', async ({ request, params }) => {
    const checked = await checkedRequest('POST /api/admin/restores/:id/cancel', { request, params });
    if (checked instanceof Response) return checked;
    const restore = restoreServer.restores.get(checked.params.id);
    if (!restore) return refused('id', 'No such restore', 404);
    const { session } = restore;
    restoreServer.calls.push(`POST /api/admin/restores/${session.id}/cancel`);
    if (session.state === 'staging' || session.state === 'ready') {
      Object.assign(session, { state: 'cancelled', failure: 'Cancelled by admin@example.com', finishedAt: '2026-11-27T10:01:00.000Z' });
    } else if (session.state === 'applying') {
      restore.cancelRequested = true;
    } else {
      return conflict(`This restore is ${session.state} already`);
    }
    return HttpResponse.json(session);
  }),
];
