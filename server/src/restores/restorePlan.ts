// The check of a restore (POST /api/admin/restores/:id/check): the console says it read the file to its end; the
// server finds what the rows say together (rows that never arrived, two names that are one, connections whose users
// are nowhere), then computes the plan: per collection, what each mode would do, and which sign-in rights change.
// Every figure is one set-based query over the staged rows (backup_restore_rows) and the live tables.
import type { RestoreMode } from '../../../contract/backupRestore';
import type { RestoreCollectionFigures, RestorePlan, RestoreProblem } from '../../../contract/schemas/backupRestore';
import { BACKUP_COLLECTIONS, type BackupCollection } from '../../../contract/exports';
import type { Queryable } from '../db/types';
import { conflict } from '../http/errors';
import { stagedFigures, stagedWhere } from './liveTables';
import { findRestore, mergeProblems, type RestoreRow, type StagedCounts } from './restoreSessions';

export interface CheckInput {
  rowsRead: Record<BackupCollection, number>;
  fileProblems: { collection: BackupCollection; problem: string }[];
}

const num = (value: unknown) => Number(value ?? 0);

/**
 * The staging table is filled by many small requests and read by a few large joins right after: its statistics are
 * those of its last automatic analyze, often of an empty table, and the planner then joins 35,000 staged names with a
 * nested loop over what it thinks is one row (a check of a 14 MB backup took over 15 s instead of 40 ms and met
 * DB_STATEMENT_TIMEOUT_MS). Analyzing it first (a sample of 30,000 rows, tens of ms) gives the joins their real size.
 */
export async function analyzeStaging(tx: Queryable): Promise<void> {
  await tx.query('ANALYZE backup_restore_rows');
}

/** The staged rows of one collection, as a FROM item aliased `alias`. */
const staged = (collection: BackupCollection, alias = 'r') => `backup_restore_rows ${alias} WHERE ${stagedWhere(collection, alias)}`;

/** Holes in the batches received: the rows of [0, read) no batch covered, as "a-b" ranges. */
async function missingRanges(tx: Queryable, id: number, collection: BackupCollection, read: number): Promise<string[]> {
  const { rows } = await tx.query<{ first_index: number; rows: number }>(
    'SELECT first_index, rows FROM backup_restore_batches WHERE restore_id = $1 AND collection = $2 ORDER BY first_index',
    [id, collection],
  );
  const holes: string[] = [];
  let next = 0;
  for (const batch of rows) {
    if (batch.first_index > next) holes.push(`${next}-${batch.first_index - 1}`);
    next = Math.max(next, batch.first_index + batch.rows);
  }
  if (read > next) holes.push(`${next}-${read - 1}`);
  return holes;
}

/** Rows the console read but the server never staged (a lost batch), or staged rows gone since (a crash). */
async function lostRows(tx: Queryable, id: number, counts: StagedCounts, rowsRead: CheckInput['rowsRead']): Promise<RestoreProblem[]> {
  const { rows: present } = await tx.query<{ collection: BackupCollection; n: number | string }>(
    'SELECT collection, count(*) AS n FROM backup_restore_rows WHERE restore_id = $1 GROUP BY collection',
    [id],
  );
  const problems: RestoreProblem[] = [];
  for (const collection of BACKUP_COLLECTIONS) {
    const { read, refused } = counts[collection];
    const expected = rowsRead[collection];
    if (expected !== read) {
      const holes = expected > read ? await missingRanges(tx, id, collection, expected) : [];
      problems.push({
        collection,
        index: null,
        problem:
          expected > read
            ? `The file has ${expected} rows here but ${read} arrived: rows ${holes.slice(0, 5).join(', ')}${holes.length > 5 ? ', …' : ''} never did (a lost batch)`
            : `The file has ${expected} rows here but ${read} arrived: more than it holds`,
      });
      continue;
    }
    const kept = num(present.find((p) => p.collection === collection)?.n);
    if (kept !== read - refused) {
      problems.push({
        collection,
        index: null,
        problem: `${read - refused - kept} staged rows were lost on the server (it restarted while the file was read): read the file again`,
      });
    }
  }
  return problems;
}

export interface Refusal {
  index: number;
  problem: string;
}

/** Refuses staged rows at check (they leave the staging), counted and named like the rows refused on arrival. */
async function refuseAtCheck(tx: Queryable, sql: string, params: unknown[]): Promise<{ count: number; first: Refusal[] }> {
  const { rows } = await tx.query<{ n: number | string; first: Refusal[] | null }>(
    `WITH refused AS (${sql})
     SELECT count(*) AS n,
            (SELECT coalesce(jsonb_agg(jsonb_build_object('index', row_index, 'problem', problem) ORDER BY row_index), '[]')
               FROM (SELECT row_index, problem FROM refused ORDER BY row_index LIMIT 50) f) AS first
       FROM refused`,
    params,
  );
  return { count: num(rows[0]?.n), first: rows[0]?.first ?? [] };
}

/**
 * Names are one record per name, gender and nationality (the identity index of migration 010): a second staged
 * name with the same three is refused, naming the first, as a second row with the same id is.
 */
const SAME_NAME_TWICE = `
  WITH twice AS MATERIALIZED (
    SELECT key, first_index FROM (
      SELECT s.key, first_value(s.row_index) OVER w AS first_index, row_number() OVER w AS n
        FROM ${staged('names', 's')}
      WINDOW w AS (PARTITION BY lower(s.payload ->> 'name'), s.payload ->> 'gender', lower(s.payload ->> 'nationality') ORDER BY s.row_index)
    ) ranked WHERE n > 1
  )
  DELETE FROM backup_restore_rows r USING twice d
   WHERE r.restore_id = $1 AND r.collection = 'names' AND r.key = d.key
  RETURNING r.row_index, 'the same name, gender and nationality as names[' || d.first_index || '] (a name is stored once)' AS problem`;

/** A uid is somewhere: a live user or a staged one. */
const present = (uid: string) =>
  `(EXISTS (SELECT 1 FROM users u WHERE u.uid = ${uid}) OR EXISTS (SELECT 1 FROM ${staged('users', 'f')} AND f.key = ${uid}))`;
/** A connection whose users are neither in the file nor in the database cannot be written (its keys need both). */
const CONNECTION_WITHOUT_USERS = `
  DELETE FROM backup_restore_rows r
   WHERE r.restore_id = $1 AND r.collection = 'connections'
     AND (NOT ${present(`r.payload ->> 'user_a'`)} OR NOT ${present(`r.payload ->> 'user_b'`)})
  RETURNING r.row_index,
            CASE WHEN NOT ${present(`r.payload ->> 'user_a'`)} THEN 'userA ' || (r.payload ->> 'user_a') ELSE 'userB ' || (r.payload ->> 'user_b') END
              || ' is neither in the file nor in the database' AS problem`;

export async function collectionFigures(
  tx: Queryable,
  id: number,
  collection: BackupCollection,
  counts: StagedCounts,
): Promise<RestoreCollectionFigures> {
  return { read: counts[collection].read, refused: counts[collection].refused, ...(await stagedFigures(tx, id, collection)) };
}

/** Users not in the file (replace deletes them), as a CTE. */
const GONE_USERS = `gone AS (SELECT u.uid FROM users u WHERE NOT EXISTS (SELECT 1 FROM ${staged('users')} AND r.key = u.uid))`;
/** Live names not in the file (replace moves them to the trash), as a CTE. */
const EXTRA_NAMES = `extra AS (SELECT n.id FROM names n WHERE NOT EXISTS (SELECT 1 FROM ${staged('names')} AND r.key = n.id::text))`;

/** What replace deletes with the users it removes, and the swipes the names it moves to the trash take along. */
export async function replaceTakes(tx: Queryable, id: number): Promise<RestorePlan['replaceTakes']> {
  const { rows } = await tx.query<{ swipes: number | string; requests: number | string; names_swipes: number | string }>(
    `WITH ${GONE_USERS}, ${EXTRA_NAMES}
     SELECT (SELECT count(*) FROM swipes s JOIN gone g ON g.uid = s.user_id)
              + (SELECT count(*) FROM swipes_trash s JOIN gone g ON g.uid = s.user_id) AS swipes,
            (SELECT count(*) FROM connection_requests c
              WHERE c.from_user_id IN (SELECT uid FROM gone) OR c.to_user_id IN (SELECT uid FROM gone)) AS requests,
            (SELECT count(*) FROM swipes s JOIN extra e ON e.id = s.name_id
              WHERE s.user_id NOT IN (SELECT uid FROM gone)) AS names_swipes`,
    [id],
  );
  return { swipes: num(rows[0]?.swipes), connectionRequests: num(rows[0]?.requests), namesSwipes: num(rows[0]?.names_swipes) };
}

const EXAMPLES = 10;

/**
 * Sign-in rights the restore changes. Granted: staged users whose isAdmin is true and who are not admins now (add
 * creates only the missing ones; replace also overwrites existing ones). Revoked (replace only): admins now who are
 * not in the file, or whose row in it says isAdmin false (a row without isAdmin keeps what the record has).
 */
export async function adminChanges(tx: Queryable, id: number): Promise<RestorePlan['adminChanges']> {
  const { rows: granted } = await tx.query<{
    uid: string;
    email: string | null;
    missing: boolean;
    total: number | string;
    missing_total: number | string;
  }>(
    `SELECT r.key AS uid, coalesce(r.payload ->> 'email', u.email) AS email, u.uid IS NULL AS missing,
            count(*) OVER () AS total, count(*) FILTER (WHERE u.uid IS NULL) OVER () AS missing_total
       FROM backup_restore_rows r LEFT JOIN users u ON u.uid = r.key
      WHERE r.restore_id = $1 AND r.collection = 'users' AND (r.payload ->> 'is_admin')::boolean IS TRUE
        AND (u.uid IS NULL OR u.is_admin IS NOT TRUE)
      ORDER BY r.row_index LIMIT ${EXAMPLES}`,
    [id],
  );
  const { rows: revoked } = await tx.query<{ uid: string; email: string | null; total: number | string }>(
    `SELECT u.uid, u.email, count(*) OVER () AS total
       FROM users u LEFT JOIN backup_restore_rows r ON r.restore_id = $1 AND r.collection = 'users' AND r.key = u.uid
      WHERE u.is_admin AND (r.key IS NULL OR (r.payload ->> 'is_admin')::boolean IS FALSE)
      ORDER BY u.uid LIMIT ${EXAMPLES}`,
    [id],
  );
  const examples: RestorePlan['adminChanges']['examples'] = [
    ...granted.slice(0, EXAMPLES).map((g) => ({
      uid: g.uid,
      email: g.email,
      change: 'granted' as const,
      modes: (g.missing ? ['add', 'replace'] : ['replace']) as RestoreMode[],
    })),
    ...revoked.map((r) => ({ uid: r.uid, email: r.email, change: 'revoked' as const, modes: ['replace'] as RestoreMode[] })),
  ].slice(0, EXAMPLES);
  return {
    add: { granted: num(granted[0]?.missing_total) },
    replace: { granted: num(granted[0]?.total), revoked: num(revoked[0]?.total) },
    examples,
  };
}

/** Connections in the file whose users are not all in the file: after a replace their users would not exist. */
export async function connectionsOutsideFile(tx: Queryable, id: number): Promise<number> {
  const inFile = (uid: string) => `EXISTS (SELECT 1 FROM ${staged('users', 'f')} AND f.key = ${uid})`;
  const { rows } = await tx.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM ${staged('connections')}
        AND NOT (${inFile(`r.payload ->> 'user_a'`)} AND ${inFile(`r.payload ->> 'user_b'`)})`,
    [id],
  );
  return num(rows[0]?.n);
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * Why replace may not be applied, or null: the apply refusal, rows of the file refused, connections naming users the
 * file lacks (`outside`). The same reasons in either backend's plan.
 */
export function replaceRefusal(applyRefusal: string | null, collections: RestorePlan['collections'], outside: number): string | null {
  const refused = BACKUP_COLLECTIONS.reduce((sum, c) => sum + collections[c].refused, 0);
  const reasons = [
    ...(applyRefusal ? [applyRefusal] : []),
    ...(refused > 0
      ? [`${plural(refused, 'row')} of the file ${refused === 1 ? 'was' : 'were'} refused: replace would remove what they stand for`]
      : []),
    ...(outside > 0 ? [`${plural(outside, 'connection')} in the file name users who are not in it`] : []),
  ];
  return reasons.length > 0 ? reasons.join('; ') : null;
}

/** The plan of a restore from its staged rows, against the database as it is now. */
export async function computePlan(tx: Queryable, restore: RestoreRow, applyRefusal: string | null): Promise<RestorePlan> {
  const id = Number(restore.id);
  const collections = {} as RestorePlan['collections'];
  for (const collection of BACKUP_COLLECTIONS) collections[collection] = await collectionFigures(tx, id, collection, restore.staged);
  const outside = await connectionsOutsideFile(tx, id);
  return {
    collections,
    replaceTakes: await replaceTakes(tx, id),
    adminChanges: await adminChanges(tx, id),
    replaceRefusal: replaceRefusal(applyRefusal, collections, outside),
    applyRefusal,
    beforeBackup: 'server',
  };
}

/**
 * Where the records the staged rows are compared with live, when not all in this database (Firebase mode:
 * restores/firestoreRestore.ts firestoreCheckSource): the check's refusal of connections whose users are nowhere, and
 * the plan.
 */
export interface LiveCheck {
  refuseConnections(tx: Queryable, id: number): Promise<{ count: number; first: Refusal[] }>;
  plan(tx: Queryable, restore: RestoreRow, applyRefusal: string | null): Promise<RestorePlan>;
}
/** A LiveCheck per check: what it reads of the live records is shared within one check, never kept past it. */
export type LiveSource = () => LiveCheck;

/**
 * POST .../check: the file was read to its end. Refuses what only the whole file shows, computes the plan, and moves
 * the restore to 'ready'. Answers the restore as it is then.
 */
export async function checkRestore(tx: Queryable, id: number, input: CheckInput, liveSource?: LiveSource): Promise<RestoreRow> {
  const live = liveSource?.();
  const restore = await findRestore(tx, id, true);
  if (restore.state !== 'staging')
    throw conflict(`Restore ${id} is ${restore.state}: only a restore being read (staging) can be checked`, 'id');

  await analyzeStaging(tx);
  const fileProblems: RestoreProblem[] = input.fileProblems.map((p) => ({ collection: p.collection, index: null, problem: p.problem }));
  const lost = await lostRows(tx, id, restore.staged, input.rowsRead);
  const counts: StagedCounts = structuredClone(restore.staged);
  const rowProblems: RestoreProblem[] = [];
  for (const [collection, sql] of [
    ['names', SAME_NAME_TWICE],
    ['connections', CONNECTION_WITHOUT_USERS],
  ] as const) {
    const refused = collection === 'connections' && live ? await live.refuseConnections(tx, id) : await refuseAtCheck(tx, sql, [id]);
    counts[collection].refused += refused.count;
    rowProblems.push(...refused.first.map((r) => ({ collection, index: r.index, problem: r.problem })));
  }
  const applyRefusal = [
    ...(fileProblems.length > 0 ? [`the file itself has ${plural(fileProblems.length, 'problem')} (${fileProblems[0]!.problem})`] : []),
    ...(lost.length > 0 ? [`rows of the file are missing on the server (${lost[0]!.collection}: ${lost[0]!.problem})`] : []),
  ];
  const checked: RestoreRow = { ...restore, staged: counts };
  const refusal = applyRefusal.length > 0 ? applyRefusal.join('; ') : null;
  const plan = live ? await live.plan(tx, checked, refusal) : await computePlan(tx, checked, refusal);
  const { rows } = await tx.query<RestoreRow>(
    `UPDATE backup_restores SET state = 'ready', staged = $2::jsonb, problems = $3::jsonb, plan = $4::jsonb, last_activity_at = now()
      WHERE id = $1 RETURNING *`,
    [
      id,
      JSON.stringify(counts),
      JSON.stringify(mergeProblems(restore.problems, [...fileProblems, ...lost, ...rowProblems])),
      JSON.stringify(plan),
    ],
  );
  return rows[0]!;
}
