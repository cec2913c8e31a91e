import type { Queryable } from '../../server/src/db/types';
import { firstLetter } from '../../contract/nameRules';
import { realNames } from './realNames';

export interface ScaleCounts {
  names: number;
  users: number;
  swipes: number;
  /** accepted connection requests (one per pair of bench users) */
  acceptedConnections: number;
}

/**
 * Fills the tables set-based, in a few statements: the real names travel once as arrays and
 * generate_series picks from them by index, so a million rows cost one INSERT ... SELECT, not a
 * million round trips. A name is stored once per (name, gender, nationality) (migration 010), so past the
 * first round of the real names each gets a Roman numeral ("Anna XII"). Bench users are `bench-user-<n>`; swipes spread over them and over the names.
 */
export async function loadScaleData(db: Queryable, counts: ScaleCounts): Promise<void> {
  const pool = realNames();
  await db.query(
    `INSERT INTO names (name, gender, nationality, first_letter, created_at)
     SELECT p.name || CASE WHEN i >= $6::int THEN ' ' || to_char(i / $6::int + 1, 'FMRN') ELSE '' END,
            p.gender, p.nationality, p.first_letter, now() - (i % 1000) * interval '1 hour'
     FROM generate_series(0, $5::int - 1) AS i
     JOIN unnest($1::text[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS p(name, gender, nationality, first_letter, k)
       ON p.k = (i % $6::int) + 1`,
    [
      pool.map((n) => n.name),
      pool.map((n) => n.gender),
      pool.map((n) => n.nationality),
      pool.map((n) => firstLetter(n.name)),
      counts.names,
      pool.length,
    ],
  );
  await db.query(
    `INSERT INTO users (uid, email, username, display_name)
     SELECT 'bench-user-' || i, 'bench-user-' || i || '@babynames.test', 'bench' || i, 'Bench user ' || i
     FROM generate_series(1, $1::int) AS i`,
    [counts.users],
  );
  if (counts.swipes > 0) {
    await db.query(
      `WITH ids AS (SELECT array_agg(id ORDER BY id) AS a FROM names)
       INSERT INTO swipes (user_id, name_id, liked, decision_time_ms, created_at)
       SELECT 'bench-user-' || (1 + i % $2::int), ids.a[1 + (i::bigint * 7919) % cardinality(ids.a)], i % 3 <> 0, 400 + (i * 37) % 6000,
              now() - (i % 43200) * interval '1 minute'
       FROM ids, generate_series(0, $1::int - 1) AS i`,
      [counts.swipes, counts.users],
    );
  }
  await db.query(
    `INSERT INTO connection_requests (from_user_id, to_user_id, status)
     SELECT 'bench-user-' || (2 * i - 1), 'bench-user-' || (2 * i), 'accepted' FROM generate_series(1, $1::int) AS i`,
    [counts.acceptedConnections],
  );
  await db.query('ANALYZE');
}
