export const id = '031_analytics_connection_race';

// A connection accepted while one of the two partners likes a name, in two transactions at once on a
// real PostgreSQL: the acceptance's trigger (migration 030) could not see the uncommitted like, the
// like's trigger could not see the uncommitted acceptance, and the match was never recorded. Now the
// connection trigger first locks both partners' users rows FOR UPDATE, which conflicts with the KEY SHARE
// lock every swipe insert takes on its user (the foreign key check): whichever comes second waits for the
// first to commit, and its reconciling statement (a fresh snapshot) then sees the other's change. Rows
// are locked in uid order.
//
// Frozen SQL text: the function as it ran, spelled out (it was built from migration 030's helpers).

export const sql = /* sql */ `
CREATE OR REPLACE FUNCTION analytics_connections_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    
    PERFORM 1 FROM users
      WHERE uid IN (SELECT from_user_id FROM new_rows UNION SELECT to_user_id FROM new_rows)
      ORDER BY uid FOR UPDATE;
    
  WITH keys AS (
    SELECT a, b, name_id FROM (
      SELECT p.a, p.b, s.name_id FROM (SELECT DISTINCT least(from_user_id, to_user_id) AS a, greatest(from_user_id, to_user_id) AS b FROM new_rows) p JOIN swipes s ON s.user_id = p.a AND s.liked
       WHERE EXISTS (SELECT 1 FROM (SELECT from_user_id AS user_id, to_user_id AS partner FROM connection_requests WHERE status = 'accepted'
          UNION SELECT to_user_id, from_user_id FROM connection_requests WHERE status = 'accepted') c WHERE c.user_id = p.a AND c.partner = p.b)
      UNION
      SELECT m.user_a, m.user_b, m.name_id FROM (SELECT DISTINCT least(from_user_id, to_user_id) AS a, greatest(from_user_id, to_user_id) AS b FROM new_rows) p JOIN analytics_matches m ON m.user_a = p.a AND m.user_b = p.b
    ) k
  ), wanted AS (
    SELECT k.a, k.b, k.name_id, fa.at AS a_at, fb.at AS b_at,
           EXISTS (SELECT 1 FROM connection_requests c WHERE c.status = 'accepted' AND c.from_user_id = k.a AND c.to_user_id = k.b)
           OR EXISTS (SELECT 1 FROM connection_requests c WHERE c.status = 'accepted' AND c.from_user_id = k.b AND c.to_user_id = k.a)
             AS connected
      FROM keys k
      LEFT JOIN LATERAL (SELECT min(s.created_at) AS at FROM swipes s WHERE s.user_id = k.a AND s.name_id = k.name_id AND s.liked) fa ON true
      LEFT JOIN LATERAL (SELECT min(s.created_at) AS at FROM swipes s WHERE s.user_id = k.b AND s.name_id = k.name_id AND s.liked) fb ON true
  ), gone AS (
    DELETE FROM analytics_matches m USING wanted w
     WHERE m.user_a = w.a AND m.user_b = w.b AND m.name_id = w.name_id AND NOT (w.connected AND w.a_at IS NOT NULL AND w.b_at IS NOT NULL)
    RETURNING m.user_a, m.user_b, m.name_id
  ), came AS (
    INSERT INTO analytics_matches AS m (user_a, user_b, name_id, matched_at, time_between_swipes_ms)
    SELECT a, b, name_id, greatest(a_at, b_at), round(abs(extract(epoch FROM (a_at - b_at))) * 1000)::bigint
      FROM wanted WHERE connected AND a_at IS NOT NULL AND b_at IS NOT NULL ORDER BY a, b, name_id
    ON CONFLICT (user_a, user_b, name_id) DO UPDATE
      SET matched_at = excluded.matched_at, time_between_swipes_ms = excluded.time_between_swipes_ms
    RETURNING m.user_a, m.user_b, m.name_id, (m.xmax = 0) AS created
  ), delta AS (
    SELECT user_a, user_b, name_id, -1 AS d FROM gone
    UNION ALL
    SELECT user_a, user_b, name_id, 1 FROM came WHERE created
  ), per_name AS (
    UPDATE analytics_name_stats t SET matches = t.matches + x.d
      FROM (SELECT name_id, sum(d)::int AS d FROM delta GROUP BY name_id) x WHERE t.name_id = x.name_id
  )
  INSERT INTO analytics_pair_stats AS p (user_a, user_b, matches)
  SELECT user_a, user_b, sum(d)::int FROM delta GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
  ON CONFLICT (user_a, user_b) DO UPDATE SET matches = p.matches + excluded.matches;
  DELETE FROM analytics_pair_stats WHERE matches <= 0;

  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    
    PERFORM 1 FROM users
      WHERE uid IN (SELECT from_user_id FROM old_rows UNION SELECT to_user_id FROM old_rows)
      ORDER BY uid FOR UPDATE;
    
  WITH keys AS (
    SELECT a, b, name_id FROM (
      SELECT p.a, p.b, s.name_id FROM (SELECT DISTINCT least(from_user_id, to_user_id) AS a, greatest(from_user_id, to_user_id) AS b FROM old_rows) p JOIN swipes s ON s.user_id = p.a AND s.liked
       WHERE EXISTS (SELECT 1 FROM (SELECT from_user_id AS user_id, to_user_id AS partner FROM connection_requests WHERE status = 'accepted'
          UNION SELECT to_user_id, from_user_id FROM connection_requests WHERE status = 'accepted') c WHERE c.user_id = p.a AND c.partner = p.b)
      UNION
      SELECT m.user_a, m.user_b, m.name_id FROM (SELECT DISTINCT least(from_user_id, to_user_id) AS a, greatest(from_user_id, to_user_id) AS b FROM old_rows) p JOIN analytics_matches m ON m.user_a = p.a AND m.user_b = p.b
    ) k
  ), wanted AS (
    SELECT k.a, k.b, k.name_id, fa.at AS a_at, fb.at AS b_at,
           EXISTS (SELECT 1 FROM connection_requests c WHERE c.status = 'accepted' AND c.from_user_id = k.a AND c.to_user_id = k.b)
           OR EXISTS (SELECT 1 FROM connection_requests c WHERE c.status = 'accepted' AND c.from_user_id = k.b AND c.to_user_id = k.a)
             AS connected
      FROM keys k
      LEFT JOIN LATERAL (SELECT min(s.created_at) AS at FROM swipes s WHERE s.user_id = k.a AND s.name_id = k.name_id AND s.liked) fa ON true
      LEFT JOIN LATERAL (SELECT min(s.created_at) AS at FROM swipes s WHERE s.user_id = k.b AND s.name_id = k.name_id AND s.liked) fb ON true
  ), gone AS (
    DELETE FROM analytics_matches m USING wanted w
     WHERE m.user_a = w.a AND m.user_b = w.b AND m.name_id = w.name_id AND NOT (w.connected AND w.a_at IS NOT NULL AND w.b_at IS NOT NULL)
    RETURNING m.user_a, m.user_b, m.name_id
  ), came AS (
    INSERT INTO analytics_matches AS m (user_a, user_b, name_id, matched_at, time_between_swipes_ms)
    SELECT a, b, name_id, greatest(a_at, b_at), round(abs(extract(epoch FROM (a_at - b_at))) * 1000)::bigint
      FROM wanted WHERE connected AND a_at IS NOT NULL AND b_at IS NOT NULL ORDER BY a, b, name_id
    ON CONFLICT (user_a, user_b, name_id) DO UPDATE
      SET matched_at = excluded.matched_at, time_between_swipes_ms = excluded.time_between_swipes_ms
    RETURNING m.user_a, m.user_b, m.name_id, (m.xmax = 0) AS created
  ), delta AS (
    SELECT user_a, user_b, name_id, -1 AS d FROM gone
    UNION ALL
    SELECT user_a, user_b, name_id, 1 FROM came WHERE created
  ), per_name AS (
    UPDATE analytics_name_stats t SET matches = t.matches + x.d
      FROM (SELECT name_id, sum(d)::int AS d FROM delta GROUP BY name_id) x WHERE t.name_id = x.name_id
  )
  INSERT INTO analytics_pair_stats AS p (user_a, user_b, matches)
  SELECT user_a, user_b, sum(d)::int FROM delta GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
  ON CONFLICT (user_a, user_b) DO UPDATE SET matches = p.matches + excluded.matches;
  DELETE FROM analytics_pair_stats WHERE matches <= 0;

  END IF;
  RETURN NULL;
END
$$;
`;
