export const id = '032_match_conversion_totals';

// GET /analytics/match-conversion-rate counted the distinct accepted pairs of
// connection_requests and summed the likes of their users on every request: 11.5 ms at 1M swipes, 91.3 ms
// at 10M (growth n^0.90). Its four figures, and user-stats' count of users who swiped, are now kept in
// row_counters (migration 015's sharded totals) by statement-level triggers:
//
//   accepted_pairs      distinct unordered pairs with an accepted request   (analytics_connected_pairs)
//   connected_likes     likes of the users in at least one such pair        (analytics_connected_users)
//   pairs_with_matches  rows of analytics_pair_stats                        (trigger on that table)
//   pair_matches        sum of analytics_pair_stats.matches                 (trigger on that table)
//   swiping_users       rows of analytics_user_stats                        (trigger on that table)
//
// The pair and user sets are materialised so a trigger can tell a pair's (or a user's) first and last
// acceptance from the others: a change re-derives only the affected pairs and users and moves the
// counters by the difference.
//
// Races on a real PostgreSQL, the same lock as migration 031: the connection trigger locks both
// partners' users rows FOR UPDATE before it reads; a swipe statement holds KEY SHARE on its users (the
// foreign key check takes it for an INSERT; the swipe trigger below takes it for an UPDATE or DELETE, and
// it is named to fire before migration 030's swipe triggers, so it holds no summary row while it waits).
// Whichever transaction comes second waits for the first to commit and then reads with a fresh snapshot:
// a like that lands first is in analytics_user_stats when the acceptance sums its user's likes; an
// acceptance that lands first is in analytics_connected_users when the like's trigger looks its user up.
//
// analytics_match_totals_rebuild() recomputes all of it from connection_requests and the summaries, for the
// back-fill below and as the reference the tests compare the upkeep with.
export const sql = /* sql */ `
LOCK TABLE connection_requests, swipes, analytics_user_stats, analytics_pair_stats IN SHARE ROW EXCLUSIVE MODE;

CREATE TABLE analytics_connected_pairs (
  a text NOT NULL,
  b text NOT NULL,
  PRIMARY KEY (a, b)
);
CREATE INDEX analytics_connected_pairs_b ON analytics_connected_pairs (b);

CREATE TABLE analytics_connected_users (
  uid text PRIMARY KEY
);

CREATE FUNCTION analytics_match_totals_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE analytics_connected_pairs, analytics_connected_users;
  INSERT INTO analytics_connected_pairs (a, b)
  SELECT DISTINCT least(from_user_id, to_user_id), greatest(from_user_id, to_user_id)
    FROM connection_requests WHERE status = 'accepted' ORDER BY 1, 2;
  INSERT INTO analytics_connected_users (uid)
  SELECT a FROM analytics_connected_pairs UNION SELECT b FROM analytics_connected_pairs ORDER BY 1;
  DELETE FROM row_counters
   WHERE counter IN ('accepted_pairs', 'connected_likes', 'pairs_with_matches', 'pair_matches', 'swiping_users');
  INSERT INTO row_counters (counter, shard, value)
  SELECT 'accepted_pairs', 0, count(*) FROM analytics_connected_pairs
  UNION ALL
  SELECT 'connected_likes', 0, coalesce(sum(s.likes), 0)
    FROM analytics_connected_users c JOIN analytics_user_stats s ON s.user_id = c.uid
  UNION ALL
  SELECT 'pairs_with_matches', 0, count(*) FROM analytics_pair_stats
  UNION ALL
  SELECT 'pair_matches', 0, coalesce(sum(matches), 0) FROM analytics_pair_stats
  UNION ALL
  SELECT 'swiping_users', 0, count(*) FROM analytics_user_stats;
END
$$;

-- The pairs a statement on connection_requests touched, re-derived; then their users.
CREATE FUNCTION analytics_connected_pairs_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched_a text[];
  touched_b text[];
  moved_users text[];
  pairs_delta bigint;
  users_came text[];
  users_gone text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE analytics_connected_pairs, analytics_connected_users;
    DELETE FROM row_counters WHERE counter IN ('accepted_pairs', 'connected_likes');
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(a ORDER BY a, b), array_agg(b ORDER BY a, b) INTO touched_a, touched_b
      FROM (SELECT DISTINCT least(from_user_id, to_user_id) AS a, greatest(from_user_id, to_user_id) AS b FROM new_rows) p;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(a ORDER BY a, b), array_agg(b ORDER BY a, b) INTO touched_a, touched_b
      FROM (SELECT DISTINCT least(from_user_id, to_user_id) AS a, greatest(from_user_id, to_user_id) AS b FROM old_rows) p;
  ELSE
    SELECT array_agg(a ORDER BY a, b), array_agg(b ORDER BY a, b) INTO touched_a, touched_b
      FROM (SELECT least(from_user_id, to_user_id) AS a, greatest(from_user_id, to_user_id) AS b FROM new_rows
            UNION
            SELECT least(from_user_id, to_user_id), greatest(from_user_id, to_user_id) FROM old_rows) p;
  END IF;
  IF touched_a IS NULL THEN
    RETURN NULL;
  END IF;

  PERFORM 1 FROM users WHERE uid IN (SELECT unnest(touched_a) UNION SELECT unnest(touched_b)) ORDER BY uid FOR UPDATE;

  WITH touched AS (
    SELECT t.a, t.b,
           EXISTS (SELECT 1 FROM connection_requests c WHERE c.status = 'accepted' AND c.from_user_id = t.a AND c.to_user_id = t.b)
           OR EXISTS (SELECT 1 FROM connection_requests c WHERE c.status = 'accepted' AND c.from_user_id = t.b AND c.to_user_id = t.a)
             AS accepted
      FROM unnest(touched_a, touched_b) AS t(a, b)
  ), came AS (
    INSERT INTO analytics_connected_pairs (a, b) SELECT a, b FROM touched WHERE accepted ORDER BY a, b
    ON CONFLICT DO NOTHING RETURNING a, b
  ), gone AS (
    DELETE FROM analytics_connected_pairs p USING touched t WHERE p.a = t.a AND p.b = t.b AND NOT t.accepted
    RETURNING p.a, p.b
  ), moved AS (
    SELECT a, b, 1 AS d FROM came UNION ALL SELECT a, b, -1 FROM gone
  )
  SELECT coalesce(sum(d), 0), array(SELECT a FROM moved UNION SELECT b FROM moved) INTO pairs_delta, moved_users FROM moved;
  IF pairs_delta <> 0 THEN
    PERFORM bump_row_counter('accepted_pairs', pairs_delta);
  END IF;
  IF cardinality(moved_users) = 0 THEN
    RETURN NULL;
  END IF;

  WITH came AS (
    INSERT INTO analytics_connected_users (uid)
    SELECT u FROM unnest(moved_users) AS u
     WHERE EXISTS (SELECT 1 FROM analytics_connected_pairs p WHERE p.a = u) OR EXISTS (SELECT 1 FROM analytics_connected_pairs p WHERE p.b = u)
     ORDER BY u
    ON CONFLICT DO NOTHING RETURNING uid
  ) SELECT array_agg(uid) INTO users_came FROM came;
  WITH gone AS (
    DELETE FROM analytics_connected_users c
     WHERE c.uid = ANY (moved_users)
       AND NOT EXISTS (SELECT 1 FROM analytics_connected_pairs p WHERE p.a = c.uid)
       AND NOT EXISTS (SELECT 1 FROM analytics_connected_pairs p WHERE p.b = c.uid)
    RETURNING c.uid
  ) SELECT array_agg(uid) INTO users_gone FROM gone;
  PERFORM bump_row_counter('connected_likes', d)
     FROM (SELECT coalesce(sum(s.likes) FILTER (WHERE s.user_id = ANY (users_came)), 0)
                - coalesce(sum(s.likes) FILTER (WHERE s.user_id = ANY (users_gone)), 0) AS d
             FROM analytics_user_stats s
            WHERE s.user_id = ANY (users_came) OR s.user_id = ANY (users_gone)) x
    WHERE d <> 0;
  RETURN NULL;
END
$$;

-- A statement's likes by connected users move connected_likes.
CREATE FUNCTION analytics_connected_likes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM new_rows n JOIN analytics_connected_users c ON c.uid = n.user_id WHERE n.liked;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM users WHERE uid IN (SELECT user_id FROM old_rows) ORDER BY uid FOR KEY SHARE;
    SELECT -count(*) INTO delta FROM old_rows o JOIN analytics_connected_users c ON c.uid = o.user_id WHERE o.liked;
  ELSE
    PERFORM 1 FROM users WHERE uid IN (SELECT user_id FROM old_rows UNION SELECT user_id FROM new_rows) ORDER BY uid FOR KEY SHARE;
    SELECT (SELECT count(*) FROM new_rows n JOIN analytics_connected_users c ON c.uid = n.user_id WHERE n.liked)
         - (SELECT count(*) FROM old_rows o JOIN analytics_connected_users c ON c.uid = o.user_id WHERE o.liked)
      INTO delta;
  END IF;
  IF delta <> 0 THEN
    PERFORM bump_row_counter('connected_likes', delta);
  END IF;
  RETURN NULL;
END
$$;

-- Rows and matches of analytics_pair_stats, whichever statement wrote them (030's and 031's triggers,
-- analytics_rebuild()). An upsert fires both the INSERT trigger (rows it created) and the UPDATE one.
CREATE FUNCTION analytics_pair_totals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pairs bigint := 0;
  matches bigint := 0;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM row_counters WHERE counter IN ('pairs_with_matches', 'pair_matches');
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT count(*), coalesce(sum(n.matches), 0) INTO pairs, matches FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT -count(*), -coalesce(sum(o.matches), 0) INTO pairs, matches FROM old_rows o;
  ELSE
    SELECT coalesce((SELECT sum(n.matches) FROM new_rows n), 0) - coalesce((SELECT sum(o.matches) FROM old_rows o), 0) INTO matches;
  END IF;
  IF pairs <> 0 THEN
    PERFORM bump_row_counter('pairs_with_matches', pairs);
  END IF;
  IF matches <> 0 THEN
    PERFORM bump_row_counter('pair_matches', matches);
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION analytics_swiping_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM row_counters WHERE counter = 'swiping_users';
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM new_rows;
  ELSE
    SELECT -count(*) INTO delta FROM old_rows;
  END IF;
  IF delta <> 0 THEN
    PERFORM bump_row_counter('swiping_users', delta);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER analytics_connected_pairs_insert AFTER INSERT ON connection_requests REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_connected_pairs_changed();
CREATE TRIGGER analytics_connected_pairs_update AFTER UPDATE ON connection_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_connected_pairs_changed();
CREATE TRIGGER analytics_connected_pairs_delete AFTER DELETE ON connection_requests REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_connected_pairs_changed();
CREATE TRIGGER analytics_connected_pairs_truncate AFTER TRUNCATE ON connection_requests
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_connected_pairs_changed();

-- Named to sort before migration 030's analytics_swipes_* triggers, which fire in name order after it.
CREATE TRIGGER analytics_connected_likes_insert AFTER INSERT ON swipes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_connected_likes_changed();
CREATE TRIGGER analytics_connected_likes_update AFTER UPDATE ON swipes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_connected_likes_changed();
CREATE TRIGGER analytics_connected_likes_delete AFTER DELETE ON swipes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_connected_likes_changed();

CREATE TRIGGER analytics_pair_totals_insert AFTER INSERT ON analytics_pair_stats REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_pair_totals_changed();
CREATE TRIGGER analytics_pair_totals_update AFTER UPDATE ON analytics_pair_stats
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_pair_totals_changed();
CREATE TRIGGER analytics_pair_totals_delete AFTER DELETE ON analytics_pair_stats REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_pair_totals_changed();
CREATE TRIGGER analytics_pair_totals_truncate AFTER TRUNCATE ON analytics_pair_stats
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_pair_totals_changed();

CREATE TRIGGER analytics_swiping_users_insert AFTER INSERT ON analytics_user_stats REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_swiping_users_changed();
CREATE TRIGGER analytics_swiping_users_delete AFTER DELETE ON analytics_user_stats REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_swiping_users_changed();
CREATE TRIGGER analytics_swiping_users_truncate AFTER TRUNCATE ON analytics_user_stats
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_swiping_users_changed();

SELECT analytics_match_totals_rebuild();
`;
