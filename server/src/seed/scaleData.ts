// Analytics at scale: a realistic mass of names, users, connections and swipes, generated
// set-based inside the database (a handful of INSERT ... SELECT statements, no row travels from Node),
// so a million swipes load in seconds on PostgreSQL. Deterministic: setseed() fixes random().
//
// The shape follows the demo seed: names are the real names of the demo lists, numbered past the first
// round ("Anna II"); a few names are popular and liked by most, the long tail seldom seen and mostly
// disliked; users swipe in sessions of a few to a few dozen names, seconds apart, over the last 90 days,
// some users far more than others; accepted partners go on to swipe many of the names the other liked.
import type { Db } from '../db/types';
import { firstLetter } from '../../../contract/nameRules';
import { NAMES_BY_ORIGIN } from './data/nameData';

export interface ScaleSize {
  names: number;
  users: number;
  swipes: number;
}

export const SCALE_PRESETS: Readonly<Record<'small' | 'medium' | 'large', ScaleSize>> = {
  small: { names: 10_000, users: 2_000, swipes: 100_000 },
  medium: { names: 50_000, users: 10_000, swipes: 500_000 },
  large: { names: 100_000, users: 20_000, swipes: 1_000_000 },
};

export interface ScaleReport {
  names: number;
  users: number;
  swipes: number;
  acceptedConnections: number;
  /** per step, ms */
  timings: Record<string, number>;
}

/** Swipes inserted per statement: each statement's triggers update the summaries for the whole batch. */
const BATCH_SWIPES = 100_000;
/** Share of the swipes that are partners swiping what the other liked (the rest are ordinary sessions). */
const PARTNER_SHARE = 0.1;
const USER_PREFIX = 'scale-user-';

function realNames() {
  const rows: { name: string; gender: string; nationality: string; letter: string }[] = [];
  for (const [nationality, byGender] of Object.entries(NAMES_BY_ORIGIN)) {
    for (const [gender, names] of Object.entries(byGender)) {
      for (const name of names) rows.push({ name, gender, nationality, letter: firstLetter(name) });
    }
  }
  return rows;
}

async function step(timings: Record<string, number>, label: string, fn: () => Promise<unknown>) {
  const started = performance.now();
  await fn();
  timings[label] = Math.round(performance.now() - started);
}

/** Loads the scale data on top of what the database holds. Refuses to run twice on one database. */
export async function loadScaleData(db: Db, size: ScaleSize, log: (line: string) => void = () => {}): Promise<ScaleReport> {
  const { rows: existing } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE uid LIKE $1 || '%'`, [USER_PREFIX]);
  if ((existing[0]?.n ?? 0) > 0) throw new Error('This database already holds the scale data (users scale-user-*).');
  const timings: Record<string, number> = {};
  const pool = realNames();
  const pairs = Math.floor(size.users / 8);

  await db.query('SELECT setseed(0.42)');
  const { rows: before } = await db.query<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM names');
  await step(timings, 'names', () =>
    // Round r of the real names gets the Roman numeral r + 2 ("Anna II"), so no (name, gender, nationality)
    // collides with the demo seed's plain names or with another round.
    db.query(
      `INSERT INTO names (name, gender, nationality, first_letter, created_at)
       SELECT p.name || ' ' || to_char(i / $6::int + 2, 'FMRN'),
              p.gender, p.nationality, p.letter, now() - random() * interval '400 days'
         FROM generate_series(0, $5::int - 1) AS i
         JOIN unnest($1::text[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS p(name, gender, nationality, letter, k)
           ON p.k = (i % $6::int) + 1`,
      [
        pool.map((n) => n.name),
        pool.map((n) => n.gender),
        pool.map((n) => n.nationality),
        pool.map((n) => n.letter),
        size.names,
        pool.length,
      ],
    ),
  );
  log(`names: ${size.names} in ${timings.names} ms`);

  await step(timings, 'users', () =>
    db.query(
      `INSERT INTO users (uid, email, username, display_name, created_at, last_active_date)
       SELECT $2 || i, $2 || i || '@scale.example', 'scale' || i, 'Scale user ' || i,
              now() - interval '120 days' - random() * interval '300 days', now() - random() * interval '3 days'
         FROM generate_series(1, $1::int) AS i`,
      [size.users, USER_PREFIX],
    ),
  );
  log(`users: ${size.users} in ${timings.users} ms`);

  // Users 2i-1 and 2i of the first `pairs` pairs are partners; some more requests are pending or rejected.
  await step(timings, 'connections', () =>
    db.query(
      `INSERT INTO connection_requests (from_user_id, to_user_id, status, created_at, updated_at)
       SELECT $2 || (2 * i - 1), $2 || (2 * i),
              CASE WHEN i <= $1::int THEN 'accepted' WHEN i % 2 = 0 THEN 'pending' ELSE 'rejected' END,
              now() - interval '100 days', now() - interval '95 days'
         FROM generate_series(1, least($1::int + $1::int / 2, $3::int / 2)) AS i`,
      [pairs, USER_PREFIX, size.users],
    ),
  );

  // The popularity ranking: a random permutation of the new names. Rank 0 is the most popular.
  await db.query(
    `CREATE TEMP TABLE scale_rank AS
    SELECT (row_number() OVER (ORDER BY random()) - 1)::int AS rank, id AS name_id
      FROM names WHERE id > $1::int`,
    [before[0]!.id],
  );
  await db.query('CREATE UNIQUE INDEX ON scale_rank (rank)');

  const sessionSwipes = async (count: number) => {
    // Sessions of 4..20 swipes (12 on average); the user is skewed towards heavy swipers (random()^1.6),
    // the name towards popular ones (random()^3); a like is likelier the more popular the name is; a
    // decision takes a log-normal ~2.6 s (Box-Muller), the next card comes 1.5 s after it.
    await db.query(
      `WITH sessions AS (
         SELECT s, 1 + floor($3::int * power(random(), 1.6))::int AS u,
                now() - random() * interval '90 days' AS start_at, 4 + floor(random() * 17)::int AS size
           FROM generate_series(1, ceil($1::float8 / 10)::int) AS s
       ), cards AS (
         SELECT s.u, s.start_at, k,
                floor($4::int * power(random(), 3))::int AS rank,
                least(9000, greatest(500, exp(ln(2600) + 0.62 * sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()))))::int AS ms,
                random() AS roll
           FROM sessions s CROSS JOIN LATERAL generate_series(1, s.size) AS k
          LIMIT $1::int
       )
       INSERT INTO swipes (user_id, name_id, liked, decision_time_ms, created_at)
       SELECT $2 || c.u, r.name_id, c.roll < 0.15 + 0.7 * power(1 - c.rank::float8 / $4::int, 6), c.ms,
              least(now(), c.start_at + c.k * (c.ms + 1500) * interval '1 millisecond')
         FROM cards c JOIN scale_rank r ON r.rank = c.rank`,
      [count, USER_PREFIX, size.users, size.names],
    );
  };

  let inserted = 0;
  const started = performance.now();
  const fill = async (target: number) => {
    while (inserted < target) {
      const batch = Math.min(BATCH_SWIPES, target - inserted);
      await sessionSwipes(batch);
      inserted += batch;
      log(`swipes: ${inserted} of ${size.swipes} (${Math.round(performance.now() - started)} ms)`);
    }
  };
  await fill(Math.round(size.swipes * (1 - PARTNER_SHARE)));

  // Partners: the second of each accepted pair swipes some of the names the first liked, minutes to two
  // days later, liking most of them: these shared likes are the matches.
  await step(timings, 'partnerSwipes', async () => {
    const { affectedRows } = await db.query(
      `INSERT INTO swipes (user_id, name_id, liked, decision_time_ms, created_at)
       SELECT c.to_user_id, s.name_id, random() < 0.65,
              least(9000, greatest(500, exp(ln(2400) + 0.62 * sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()))))::int,
              least(now(), s.created_at + (2 + random() * 2878) * interval '1 minute')
         FROM connection_requests c
         JOIN swipes s ON s.user_id = c.from_user_id AND s.liked
        WHERE c.status = 'accepted' AND c.from_user_id LIKE $2 || '%'
        ORDER BY random()
        LIMIT $1::int`,
      [size.swipes - inserted, USER_PREFIX],
    );
    inserted += affectedRows;
    log(`partner swipes: ${affectedRows}`);
  });
  // Fewer liked names to share than planned (few pairs): ordinary sessions make up the rest.
  await fill(size.swipes);
  timings.swipes = Math.round(performance.now() - started);

  await db.query('DROP TABLE scale_rank');
  await step(timings, 'analyze', () => db.query('ANALYZE'));
  return { names: size.names, users: size.users, swipes: inserted, acceptedConnections: pairs, timings };
}
