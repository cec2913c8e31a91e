export const id = '030_analytics_summaries';

// The analytics read summary tables that triggers keep current with every write, once per
// STATEMENT (transition tables), so no request scans all swipes and a million-row load costs one
// set-based pass. What each figure means: docs/analytics.md, "What the analytics numbers mean".
//
//   analytics_name_stats    one row per swiped name: counts, decision times, matches, popularity_score
//   analytics_user_stats    one row per user who swiped: counts, decision times, first and last swipe
//   analytics_user_days     (user, UTC day) -> swipes: turns "first swipe of the day" into daily active users
//   analytics_daily         one row per UTC day: swipes, likes, decisions, active users
//   analytics_origin_days   (nationality, UTC day) -> swipes, likes: popularity trends per origin
//   analytics_matches       one row per match: (pair, name), the later like and the gap between the likes
//   analytics_pair_stats    matches per connected pair (match conversion)
//
// The summaries hold no foreign keys on purpose: a cascade would delete a summary row before the swipe
// triggers subtract from it, and the subtraction would be lost. Rows whose count reaches zero are
// deleted by the triggers instead, so a deleted user or name leaves nothing behind.
//
// The trigger bodies are written once as SQL over a "source" relation: the transition table of a
// statement, or the whole swipes table for analytics_rebuild() (which the scale loader and the tests use).
//
// Frozen SQL text: written out once from the template helpers it was first built with, so
// this file holds exactly what ran and no later migration can import code from it. The idioms it uses
// (statement-level triggers over transition tables, the reconciling statement) are explained in
// server/src/db/migrations/README.md.
//
// Its fast (< 2000 ms) and slow (> 5000 ms) decisions are spec 9's thresholds, defined once for the code in
// contract/analytics.ts (FAST_DECISION_MS, SLOW_DECISION_MS); migrations.frozen.test.ts holds this SQL to them.

export const sql = /* sql */ `
LOCK TABLE names, swipes, users, connection_requests IN SHARE ROW EXCLUSIVE MODE;

CREATE TABLE analytics_name_stats (
  name_id        bigint PRIMARY KEY,
  -- Copies of the name's gender and nationality (kept in step by a trigger on names), so the filtered
  -- rankings are one index range each and a cascade from names can still subtract per origin.
  gender         text    NOT NULL,
  nationality    text    NOT NULL,
  swipes         integer NOT NULL,
  likes          integer NOT NULL,
  fast           integer NOT NULL,
  slow           integer NOT NULL,
  decisions      integer NOT NULL,
  decision_ms    bigint  NOT NULL,
  matches        integer NOT NULL DEFAULT 0,
  last_swiped_at timestamptz,
  -- The 95 % Wilson lower bound of likes/swipes, times 100 (z = 1.96, z^2 = 3.8416).
  popularity_score double precision GENERATED ALWAYS AS (
    CASE WHEN swipes > 0 THEN
      100 * (likes::float8 / swipes + 1.9208 / swipes
             - 1.96 * sqrt(((likes::float8 / swipes) * (1 - likes::float8 / swipes) + 0.9604 / swipes) / swipes))
          / (1 + 3.8416 / swipes)
    ELSE 0 END
  ) STORED
);
CREATE INDEX analytics_name_stats_score_idx ON analytics_name_stats (popularity_score DESC, name_id);
CREATE INDEX analytics_name_stats_gender_score_idx ON analytics_name_stats (gender, popularity_score DESC, name_id);
CREATE INDEX analytics_name_stats_nationality_score_idx ON analytics_name_stats (nationality, popularity_score DESC, name_id);
CREATE INDEX analytics_name_stats_gender_likes_idx ON analytics_name_stats (gender, likes DESC, name_id);
CREATE INDEX analytics_name_stats_nationality_likes_idx ON analytics_name_stats (nationality, likes DESC, name_id);

CREATE TABLE analytics_user_stats (
  user_id        text PRIMARY KEY,
  swipes         integer NOT NULL,
  likes          integer NOT NULL,
  fast           integer NOT NULL,
  slow           integer NOT NULL,
  decisions      integer NOT NULL,
  decision_ms    bigint  NOT NULL,
  first_swipe_at timestamptz,
  last_swipe_at  timestamptz
);

CREATE TABLE analytics_user_days (
  user_id text    NOT NULL,
  day     date    NOT NULL,
  swipes  integer NOT NULL,
  PRIMARY KEY (user_id, day)
);

CREATE TABLE analytics_daily (
  day              date PRIMARY KEY,
  swipes           integer NOT NULL,
  likes            integer NOT NULL,
  fast             integer NOT NULL,
  slow             integer NOT NULL,
  decisions        integer NOT NULL,
  decision_ms      bigint  NOT NULL,
  like_decisions   integer NOT NULL,
  like_decision_ms bigint  NOT NULL,
  active_users     integer NOT NULL
);

CREATE TABLE analytics_origin_days (
  nationality text    NOT NULL,
  day         date    NOT NULL,
  swipes      integer NOT NULL,
  likes       integer NOT NULL,
  PRIMARY KEY (nationality, day)
);
CREATE INDEX analytics_origin_days_day_idx ON analytics_origin_days (day);

CREATE TABLE analytics_matches (
  user_a                 text   NOT NULL,
  user_b                 text   NOT NULL CHECK (user_a < user_b),
  name_id                bigint NOT NULL,
  matched_at             timestamptz NOT NULL,
  time_between_swipes_ms bigint NOT NULL,
  PRIMARY KEY (user_a, user_b, name_id)
);
CREATE INDEX analytics_matches_recent_idx ON analytics_matches (matched_at DESC, user_a, user_b, name_id);
CREATE INDEX analytics_matches_pair_recent_idx ON analytics_matches (user_a, user_b, matched_at DESC, name_id);

CREATE TABLE analytics_pair_stats (
  user_a  text    NOT NULL,
  user_b  text    NOT NULL,
  matches integer NOT NULL,
  PRIMARY KEY (user_a, user_b)
);

-- The match reconciliation looks up "did this user like this name" and "who is this user's partner".
CREATE INDEX analytics_swipes_user_name_liked_idx ON swipes (user_id, name_id, created_at) WHERE liked;
CREATE INDEX analytics_connection_requests_from_idx ON connection_requests (from_user_id) WHERE status = 'accepted';
CREATE INDEX analytics_connection_requests_to_idx ON connection_requests (to_user_id) WHERE status = 'accepted';

CREATE FUNCTION analytics_swipes_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  
  INSERT INTO analytics_name_stats AS analytics_name_stats
         (name_id, gender, nationality, swipes, likes, fast, slow, decisions, decision_ms, last_swiped_at)
  SELECT d.name_id, n.gender, n.nationality, d.swipes, d.likes, d.fast, d.slow, d.decisions, d.decision_ms, d.last_at
    FROM (SELECT name_id, count(*)::int AS swipes,
       count(*) FILTER (WHERE liked)::int AS likes,
       count(*) FILTER (WHERE decision_time_ms < 2000)::int AS fast,
       count(*) FILTER (WHERE decision_time_ms > 5000)::int AS slow,
       count(decision_time_ms)::int AS decisions,
       coalesce(sum(decision_time_ms), 0)::bigint AS decision_ms, max(created_at) AS last_at FROM new_rows GROUP BY name_id) d
    JOIN names n ON n.id = d.name_id
   ORDER BY d.name_id
  ON CONFLICT (name_id) DO UPDATE SET swipes = analytics_name_stats.swipes + excluded.swipes, likes = analytics_name_stats.likes + excluded.likes, fast = analytics_name_stats.fast + excluded.fast,
   slow = analytics_name_stats.slow + excluded.slow, decisions = analytics_name_stats.decisions + excluded.decisions,
   decision_ms = analytics_name_stats.decision_ms + excluded.decision_ms,
     last_swiped_at = greatest(analytics_name_stats.last_swiped_at, excluded.last_swiped_at);

  INSERT INTO analytics_user_stats AS analytics_user_stats
         (user_id, swipes, likes, fast, slow, decisions, decision_ms, first_swipe_at, last_swipe_at)
  SELECT user_id, count(*)::int AS swipes,
       count(*) FILTER (WHERE liked)::int AS likes,
       count(*) FILTER (WHERE decision_time_ms < 2000)::int AS fast,
       count(*) FILTER (WHERE decision_time_ms > 5000)::int AS slow,
       count(decision_time_ms)::int AS decisions,
       coalesce(sum(decision_time_ms), 0)::bigint AS decision_ms, min(created_at), max(created_at) FROM new_rows GROUP BY user_id ORDER BY user_id
  ON CONFLICT (user_id) DO UPDATE SET swipes = analytics_user_stats.swipes + excluded.swipes, likes = analytics_user_stats.likes + excluded.likes, fast = analytics_user_stats.fast + excluded.fast,
   slow = analytics_user_stats.slow + excluded.slow, decisions = analytics_user_stats.decisions + excluded.decisions,
   decision_ms = analytics_user_stats.decision_ms + excluded.decision_ms,
     first_swipe_at = least(analytics_user_stats.first_swipe_at, excluded.first_swipe_at),
     last_swipe_at = greatest(analytics_user_stats.last_swipe_at, excluded.last_swipe_at);

  INSERT INTO analytics_origin_days AS analytics_origin_days (nationality, day, swipes, likes)
  SELECT n.nationality, (s.created_at AT TIME ZONE 'UTC')::date, count(*)::int, count(*) FILTER (WHERE s.liked)::int
    FROM new_rows s JOIN names n ON n.id = s.name_id
   GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (nationality, day) DO UPDATE SET swipes = analytics_origin_days.swipes + excluded.swipes,
     likes = analytics_origin_days.likes + excluded.likes;

  -- A (user, day) row that the upsert created is that user's first swipe of the day: one more active user.
  WITH per_user_day AS (
    SELECT user_id, (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM new_rows GROUP BY 1, 2
  ), upserted AS (
    INSERT INTO analytics_user_days AS u (user_id, day, swipes)
    SELECT user_id, day, n FROM per_user_day ORDER BY user_id, day
    ON CONFLICT (user_id, day) DO UPDATE SET swipes = u.swipes + excluded.swipes
    RETURNING u.user_id, u.day, u.swipes
  ), fresh AS (
    SELECT upserted.day, count(*)::int AS users
      FROM upserted JOIN per_user_day USING (user_id, day)
     WHERE upserted.swipes = per_user_day.n
     GROUP BY upserted.day
  ), per_day AS (
    SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS swipes,
       count(*) FILTER (WHERE liked)::int AS likes,
       count(*) FILTER (WHERE decision_time_ms < 2000)::int AS fast,
       count(*) FILTER (WHERE decision_time_ms > 5000)::int AS slow,
       count(decision_time_ms)::int AS decisions,
       coalesce(sum(decision_time_ms), 0)::bigint AS decision_ms,
           count(decision_time_ms) FILTER (WHERE liked)::int AS like_decisions,
           coalesce(sum(decision_time_ms) FILTER (WHERE liked), 0)::bigint AS like_decision_ms
      FROM new_rows GROUP BY 1
  )
  INSERT INTO analytics_daily AS analytics_daily
         (day, swipes, likes, fast, slow, decisions, decision_ms, like_decisions, like_decision_ms, active_users)
  SELECT per_day.*, coalesce(fresh.users, 0) FROM per_day LEFT JOIN fresh USING (day) ORDER BY day
  ON CONFLICT (day) DO UPDATE SET swipes = analytics_daily.swipes + excluded.swipes, likes = analytics_daily.likes + excluded.likes, fast = analytics_daily.fast + excluded.fast,
   slow = analytics_daily.slow + excluded.slow, decisions = analytics_daily.decisions + excluded.decisions,
   decision_ms = analytics_daily.decision_ms + excluded.decision_ms,
     like_decisions = analytics_daily.like_decisions + excluded.like_decisions,
     like_decision_ms = analytics_daily.like_decision_ms + excluded.like_decision_ms,
     active_users = analytics_daily.active_users + excluded.active_users;

  
  WITH keys AS (
    SELECT DISTINCT least(l.user_id, p.partner) AS a, greatest(l.user_id, p.partner) AS b, l.name_id
      FROM (SELECT DISTINCT user_id, name_id FROM new_rows WHERE liked) l
      JOIN (SELECT from_user_id AS user_id, to_user_id AS partner FROM connection_requests WHERE status = 'accepted'
          UNION SELECT to_user_id, from_user_id FROM connection_requests WHERE status = 'accepted') p ON p.user_id = l.user_id
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

  RETURN NULL;
END
$$;

CREATE FUNCTION analytics_swipes_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  
  -- The name's nationality comes from its summary row: in a cascade from names the name row is already gone.
  UPDATE analytics_origin_days t SET swipes = t.swipes - d.swipes, likes = t.likes - d.likes
    FROM (SELECT ns.nationality, (s.created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS swipes,
                 count(*) FILTER (WHERE s.liked)::int AS likes
            FROM old_rows s JOIN analytics_name_stats ns ON ns.name_id = s.name_id GROUP BY 1, 2) d
   WHERE t.nationality = d.nationality AND t.day = d.day;
  DELETE FROM analytics_origin_days t USING (SELECT DISTINCT (created_at AT TIME ZONE 'UTC')::date AS day FROM old_rows) d WHERE t.day = d.day AND t.swipes <= 0;

  UPDATE analytics_name_stats t SET swipes = t.swipes - d.swipes, likes = t.likes - d.likes, fast = t.fast - d.fast, slow = t.slow - d.slow,
   decisions = t.decisions - d.decisions, decision_ms = t.decision_ms - d.decision_ms
    FROM (SELECT name_id, count(*)::int AS swipes,
       count(*) FILTER (WHERE liked)::int AS likes,
       count(*) FILTER (WHERE decision_time_ms < 2000)::int AS fast,
       count(*) FILTER (WHERE decision_time_ms > 5000)::int AS slow,
       count(decision_time_ms)::int AS decisions,
       coalesce(sum(decision_time_ms), 0)::bigint AS decision_ms FROM old_rows GROUP BY name_id) d WHERE t.name_id = d.name_id;
  DELETE FROM analytics_name_stats t USING (SELECT DISTINCT name_id FROM old_rows) d WHERE t.name_id = d.name_id AND t.swipes <= 0;
  UPDATE analytics_name_stats t SET last_swiped_at = (SELECT max(s.created_at) FROM swipes s WHERE s.name_id = t.name_id)
    FROM (SELECT DISTINCT name_id FROM old_rows) d WHERE t.name_id = d.name_id;

  UPDATE analytics_user_stats t SET swipes = t.swipes - d.swipes, likes = t.likes - d.likes, fast = t.fast - d.fast, slow = t.slow - d.slow,
   decisions = t.decisions - d.decisions, decision_ms = t.decision_ms - d.decision_ms
    FROM (SELECT user_id, count(*)::int AS swipes,
       count(*) FILTER (WHERE liked)::int AS likes,
       count(*) FILTER (WHERE decision_time_ms < 2000)::int AS fast,
       count(*) FILTER (WHERE decision_time_ms > 5000)::int AS slow,
       count(decision_time_ms)::int AS decisions,
       coalesce(sum(decision_time_ms), 0)::bigint AS decision_ms FROM old_rows GROUP BY user_id) d WHERE t.user_id = d.user_id;
  DELETE FROM analytics_user_stats t USING (SELECT DISTINCT user_id FROM old_rows) d WHERE t.user_id = d.user_id AND t.swipes <= 0;
  UPDATE analytics_user_stats t
     SET first_swipe_at = (SELECT min(s.created_at) FROM swipes s WHERE s.user_id = t.user_id),
         last_swipe_at = (SELECT max(s.created_at) FROM swipes s WHERE s.user_id = t.user_id)
    FROM (SELECT DISTINCT user_id FROM old_rows) d WHERE t.user_id = d.user_id;

  -- A (user, day) row that drops to zero was that user's last swipe of the day: one active user fewer.
  WITH per_user_day AS (
    SELECT user_id, (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM old_rows GROUP BY 1, 2
  ), lowered AS (
    UPDATE analytics_user_days u SET swipes = u.swipes - per_user_day.n
      FROM per_user_day WHERE u.user_id = per_user_day.user_id AND u.day = per_user_day.day
    RETURNING u.day, u.swipes
  ), emptied AS (
    SELECT day, count(*) FILTER (WHERE swipes <= 0)::int AS users FROM lowered GROUP BY day
  ), d AS (
    SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS swipes,
       count(*) FILTER (WHERE liked)::int AS likes,
       count(*) FILTER (WHERE decision_time_ms < 2000)::int AS fast,
       count(*) FILTER (WHERE decision_time_ms > 5000)::int AS slow,
       count(decision_time_ms)::int AS decisions,
       coalesce(sum(decision_time_ms), 0)::bigint AS decision_ms,
           count(decision_time_ms) FILTER (WHERE liked)::int AS like_decisions,
           coalesce(sum(decision_time_ms) FILTER (WHERE liked), 0)::bigint AS like_decision_ms
      FROM old_rows GROUP BY 1
  )
  UPDATE analytics_daily t SET swipes = t.swipes - d.swipes, likes = t.likes - d.likes, fast = t.fast - d.fast, slow = t.slow - d.slow,
   decisions = t.decisions - d.decisions, decision_ms = t.decision_ms - d.decision_ms, like_decisions = t.like_decisions - d.like_decisions,
         like_decision_ms = t.like_decision_ms - d.like_decision_ms,
         active_users = t.active_users - coalesce(emptied.users, 0)
    FROM d LEFT JOIN emptied USING (day) WHERE t.day = d.day;
  DELETE FROM analytics_user_days t USING (SELECT DISTINCT user_id, (created_at AT TIME ZONE 'UTC')::date AS day FROM old_rows) d
   WHERE t.user_id = d.user_id AND t.day = d.day AND t.swipes <= 0;
  DELETE FROM analytics_daily t USING (SELECT DISTINCT (created_at AT TIME ZONE 'UTC')::date AS day FROM old_rows) d WHERE t.day = d.day AND t.swipes <= 0;

  
  WITH keys AS (
    SELECT DISTINCT least(l.user_id, p.partner) AS a, greatest(l.user_id, p.partner) AS b, l.name_id
      FROM (SELECT DISTINCT user_id, name_id FROM old_rows WHERE liked) l
      JOIN (SELECT from_user_id AS user_id, to_user_id AS partner FROM connection_requests WHERE status = 'accepted'
          UNION SELECT to_user_id, from_user_id FROM connection_requests WHERE status = 'accepted') p ON p.user_id = l.user_id
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

  RETURN NULL;
END
$$;

CREATE FUNCTION analytics_swipes_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  
  -- The name's nationality comes from its summary row: in a cascade from names the name row is already gone.
  UPDATE analytics_origin_days t SET swipes = t.swipes - d.swipes, likes = t.likes - d.likes
    FROM (SELECT ns.nationality, (s.created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS swipes,
                 count(*) FILTER (WHERE s.liked)::int AS likes
            FROM old_rows s JOIN analytics_name_stats ns ON ns.name_id = s.name_id GROUP BY 1, 2) d
   WHERE t.nationality = d.nationality AND t.day = d.day;
  DELETE FROM analytics_origin_days t USING (SELECT DISTINCT (created_at AT TIME ZONE 'UTC')::date AS day FROM old_rows) d WHERE t.day = d.day AND t.swipes <= 0;

  UPDATE analytics_name_stats t SET swipes = t.swipes - d.swipes, likes = t.likes - d.likes, fast = t.fast - d.fast, slow = t.slow - d.slow,
   decisions = t.decisions - d.decisions, decision_ms = t.decision_ms - d.decision_ms
    FROM (SELECT name_id, count(*)::int AS swipes,
       count(*) FILTER (WHERE liked)::int AS likes,
       count(*) FILTER (WHERE decision_time_ms < 2000)::int AS fast,
       count(*) FILTER (WHERE decision_time_ms > 5000)::int AS slow,
       count(decision_time_ms)::int AS decisions,
       coalesce(sum(decision_time_ms), 0)::bigint AS decision_ms FROM old_rows GROUP BY name_id) d WHERE t.name_id = d.name_id;
  DELETE FROM analytics_name_stats t USING (SELECT DISTINCT name_id FROM old_rows) d WHERE t.name_id = d.name_id AND t.swipes <= 0;
  UPDATE analytics_name_stats t SET last_swiped_at = (SELECT max(s.created_at) FROM swipes s WHERE s.name_id = t.name_id)
    FROM (SELECT DISTINCT name_id FROM old_rows) d WHERE t.name_id = d.name_id;

  UPDATE analytics_user_stats t SET swipes = t.swipes - d.swipes, likes = t.likes - d.likes, fast = t.fast - d.fast, slow = t.slow - d.slow,
   decisions = t.decisions - d.decisions, decision_ms = t.decision_ms - d.decision_ms
    FROM (SELECT user_id, count(*)::int AS swipes,
       count(*) FILTER (WHERE liked)::int AS likes,
       count(*) FILTER (WHERE decision_time_ms < 2000)::int AS fast,
       count(*) FILTER (WHERE decision_time_ms > 5000)::int AS slow,
       count(decision_time_ms)::int AS decisions,
       coalesce(sum(decision_time_ms), 0)::bigint AS decision_ms FROM old_rows GROUP BY user_id) d WHERE t.user_id = d.user_id;
  DELETE FROM analytics_user_stats t USING (SELECT DISTINCT user_id FROM old_rows) d WHERE t.user_id = d.user_id AND t.swipes <= 0;
  UPDATE analytics_user_stats t
     SET first_swipe_at = (SELECT min(s.created_at) FROM swipes s WHERE s.user_id = t.user_id),
         last_swipe_at = (SELECT max(s.created_at) FROM swipes s WHERE s.user_id = t.user_id)
    FROM (SELECT DISTINCT user_id FROM old_rows) d WHERE t.user_id = d.user_id;

  -- A (user, day) row that drops to zero was that user's last swipe of the day: one active user fewer.
  WITH per_user_day AS (
    SELECT user_id, (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM old_rows GROUP BY 1, 2
  ), lowered AS (
    UPDATE analytics_user_days u SET swipes = u.swipes - per_user_day.n
      FROM per_user_day WHERE u.user_id = per_user_day.user_id AND u.day = per_user_day.day
    RETURNING u.day, u.swipes
  ), emptied AS (
    SELECT day, count(*) FILTER (WHERE swipes <= 0)::int AS users FROM lowered GROUP BY day
  ), d AS (
    SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS swipes,
       count(*) FILTER (WHERE liked)::int AS likes,
       count(*) FILTER (WHERE decision_time_ms < 2000)::int AS fast,
       count(*) FILTER (WHERE decision_time_ms > 5000)::int AS slow,
       count(decision_time_ms)::int AS decisions,
       coalesce(sum(decision_time_ms), 0)::bigint AS decision_ms,
           count(decision_time_ms) FILTER (WHERE liked)::int AS like_decisions,
           coalesce(sum(decision_time_ms) FILTER (WHERE liked), 0)::bigint AS like_decision_ms
      FROM old_rows GROUP BY 1
  )
  UPDATE analytics_daily t SET swipes = t.swipes - d.swipes, likes = t.likes - d.likes, fast = t.fast - d.fast, slow = t.slow - d.slow,
   decisions = t.decisions - d.decisions, decision_ms = t.decision_ms - d.decision_ms, like_decisions = t.like_decisions - d.like_decisions,
         like_decision_ms = t.like_decision_ms - d.like_decision_ms,
         active_users = t.active_users - coalesce(emptied.users, 0)
    FROM d LEFT JOIN emptied USING (day) WHERE t.day = d.day;
  DELETE FROM analytics_user_days t USING (SELECT DISTINCT user_id, (created_at AT TIME ZONE 'UTC')::date AS day FROM old_rows) d
   WHERE t.user_id = d.user_id AND t.day = d.day AND t.swipes <= 0;
  DELETE FROM analytics_daily t USING (SELECT DISTINCT (created_at AT TIME ZONE 'UTC')::date AS day FROM old_rows) d WHERE t.day = d.day AND t.swipes <= 0;

  
  INSERT INTO analytics_name_stats AS analytics_name_stats
         (name_id, gender, nationality, swipes, likes, fast, slow, decisions, decision_ms, last_swiped_at)
  SELECT d.name_id, n.gender, n.nationality, d.swipes, d.likes, d.fast, d.slow, d.decisions, d.decision_ms, d.last_at
    FROM (SELECT name_id, count(*)::int AS swipes,
       count(*) FILTER (WHERE liked)::int AS likes,
       count(*) FILTER (WHERE decision_time_ms < 2000)::int AS fast,
       count(*) FILTER (WHERE decision_time_ms > 5000)::int AS slow,
       count(decision_time_ms)::int AS decisions,
       coalesce(sum(decision_time_ms), 0)::bigint AS decision_ms, max(created_at) AS last_at FROM new_rows GROUP BY name_id) d
    JOIN names n ON n.id = d.name_id
   ORDER BY d.name_id
  ON CONFLICT (name_id) DO UPDATE SET swipes = analytics_name_stats.swipes + excluded.swipes, likes = analytics_name_stats.likes + excluded.likes, fast = analytics_name_stats.fast + excluded.fast,
   slow = analytics_name_stats.slow + excluded.slow, decisions = analytics_name_stats.decisions + excluded.decisions,
   decision_ms = analytics_name_stats.decision_ms + excluded.decision_ms,
     last_swiped_at = greatest(analytics_name_stats.last_swiped_at, excluded.last_swiped_at);

  INSERT INTO analytics_user_stats AS analytics_user_stats
         (user_id, swipes, likes, fast, slow, decisions, decision_ms, first_swipe_at, last_swipe_at)
  SELECT user_id, count(*)::int AS swipes,
       count(*) FILTER (WHERE liked)::int AS likes,
       count(*) FILTER (WHERE decision_time_ms < 2000)::int AS fast,
       count(*) FILTER (WHERE decision_time_ms > 5000)::int AS slow,
       count(decision_time_ms)::int AS decisions,
       coalesce(sum(decision_time_ms), 0)::bigint AS decision_ms, min(created_at), max(created_at) FROM new_rows GROUP BY user_id ORDER BY user_id
  ON CONFLICT (user_id) DO UPDATE SET swipes = analytics_user_stats.swipes + excluded.swipes, likes = analytics_user_stats.likes + excluded.likes, fast = analytics_user_stats.fast + excluded.fast,
   slow = analytics_user_stats.slow + excluded.slow, decisions = analytics_user_stats.decisions + excluded.decisions,
   decision_ms = analytics_user_stats.decision_ms + excluded.decision_ms,
     first_swipe_at = least(analytics_user_stats.first_swipe_at, excluded.first_swipe_at),
     last_swipe_at = greatest(analytics_user_stats.last_swipe_at, excluded.last_swipe_at);

  INSERT INTO analytics_origin_days AS analytics_origin_days (nationality, day, swipes, likes)
  SELECT n.nationality, (s.created_at AT TIME ZONE 'UTC')::date, count(*)::int, count(*) FILTER (WHERE s.liked)::int
    FROM new_rows s JOIN names n ON n.id = s.name_id
   GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (nationality, day) DO UPDATE SET swipes = analytics_origin_days.swipes + excluded.swipes,
     likes = analytics_origin_days.likes + excluded.likes;

  -- A (user, day) row that the upsert created is that user's first swipe of the day: one more active user.
  WITH per_user_day AS (
    SELECT user_id, (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM new_rows GROUP BY 1, 2
  ), upserted AS (
    INSERT INTO analytics_user_days AS u (user_id, day, swipes)
    SELECT user_id, day, n FROM per_user_day ORDER BY user_id, day
    ON CONFLICT (user_id, day) DO UPDATE SET swipes = u.swipes + excluded.swipes
    RETURNING u.user_id, u.day, u.swipes
  ), fresh AS (
    SELECT upserted.day, count(*)::int AS users
      FROM upserted JOIN per_user_day USING (user_id, day)
     WHERE upserted.swipes = per_user_day.n
     GROUP BY upserted.day
  ), per_day AS (
    SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS swipes,
       count(*) FILTER (WHERE liked)::int AS likes,
       count(*) FILTER (WHERE decision_time_ms < 2000)::int AS fast,
       count(*) FILTER (WHERE decision_time_ms > 5000)::int AS slow,
       count(decision_time_ms)::int AS decisions,
       coalesce(sum(decision_time_ms), 0)::bigint AS decision_ms,
           count(decision_time_ms) FILTER (WHERE liked)::int AS like_decisions,
           coalesce(sum(decision_time_ms) FILTER (WHERE liked), 0)::bigint AS like_decision_ms
      FROM new_rows GROUP BY 1
  )
  INSERT INTO analytics_daily AS analytics_daily
         (day, swipes, likes, fast, slow, decisions, decision_ms, like_decisions, like_decision_ms, active_users)
  SELECT per_day.*, coalesce(fresh.users, 0) FROM per_day LEFT JOIN fresh USING (day) ORDER BY day
  ON CONFLICT (day) DO UPDATE SET swipes = analytics_daily.swipes + excluded.swipes, likes = analytics_daily.likes + excluded.likes, fast = analytics_daily.fast + excluded.fast,
   slow = analytics_daily.slow + excluded.slow, decisions = analytics_daily.decisions + excluded.decisions,
   decision_ms = analytics_daily.decision_ms + excluded.decision_ms,
     like_decisions = analytics_daily.like_decisions + excluded.like_decisions,
     like_decision_ms = analytics_daily.like_decision_ms + excluded.like_decision_ms,
     active_users = analytics_daily.active_users + excluded.active_users;

  
  WITH keys AS (SELECT DISTINCT a, b, name_id FROM (
    SELECT DISTINCT least(l.user_id, p.partner) AS a, greatest(l.user_id, p.partner) AS b, l.name_id
      FROM (SELECT DISTINCT user_id, name_id FROM old_rows WHERE liked) l
      JOIN (SELECT from_user_id AS user_id, to_user_id AS partner FROM connection_requests WHERE status = 'accepted'
          UNION SELECT to_user_id, from_user_id FROM connection_requests WHERE status = 'accepted') p ON p.user_id = l.user_id UNION ALL 
    SELECT DISTINCT least(l.user_id, p.partner) AS a, greatest(l.user_id, p.partner) AS b, l.name_id
      FROM (SELECT DISTINCT user_id, name_id FROM new_rows WHERE liked) l
      JOIN (SELECT from_user_id AS user_id, to_user_id AS partner FROM connection_requests WHERE status = 'accepted'
          UNION SELECT to_user_id, from_user_id FROM connection_requests WHERE status = 'accepted') p ON p.user_id = l.user_id) k
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

  RETURN NULL;
END
$$;

CREATE FUNCTION analytics_connections_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    
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

-- A name whose gender or nationality changes takes its figures along: the copies in analytics_name_stats
-- follow, and its swipes move from the old origin's days to the new one's.
CREATE FUNCTION analytics_name_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_name_stats SET gender = NEW.gender, nationality = NEW.nationality WHERE name_id = NEW.id;
  IF NEW.nationality IS DISTINCT FROM OLD.nationality THEN
    UPDATE analytics_origin_days t SET swipes = t.swipes - d.swipes, likes = t.likes - d.likes
      FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS swipes, count(*) FILTER (WHERE liked)::int AS likes
              FROM swipes WHERE name_id = NEW.id GROUP BY 1) d
     WHERE t.nationality = OLD.nationality AND t.day = d.day;
    DELETE FROM analytics_origin_days WHERE nationality = OLD.nationality AND swipes <= 0;
    INSERT INTO analytics_origin_days AS o (nationality, day, swipes, likes)
    SELECT NEW.nationality, (created_at AT TIME ZONE 'UTC')::date, count(*)::int, count(*) FILTER (WHERE liked)::int FROM swipes WHERE name_id = NEW.id GROUP BY 2
    ON CONFLICT (nationality, day) DO UPDATE SET swipes = o.swipes + excluded.swipes, likes = o.likes + excluded.likes;
  END IF;
  RETURN NULL;
END
$$;

-- Recomputes every summary from swipes and connection_requests: for bulk loads with the triggers
-- switched off, and as the reference the tests compare the incremental upkeep with.
CREATE FUNCTION analytics_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE analytics_name_stats, analytics_user_stats, analytics_user_days, analytics_daily, analytics_origin_days,
           analytics_matches, analytics_pair_stats;
  
  INSERT INTO analytics_name_stats AS analytics_name_stats
         (name_id, gender, nationality, swipes, likes, fast, slow, decisions, decision_ms, last_swiped_at)
  SELECT d.name_id, n.gender, n.nationality, d.swipes, d.likes, d.fast, d.slow, d.decisions, d.decision_ms, d.last_at
    FROM (SELECT name_id, count(*)::int AS swipes,
       count(*) FILTER (WHERE liked)::int AS likes,
       count(*) FILTER (WHERE decision_time_ms < 2000)::int AS fast,
       count(*) FILTER (WHERE decision_time_ms > 5000)::int AS slow,
       count(decision_time_ms)::int AS decisions,
       coalesce(sum(decision_time_ms), 0)::bigint AS decision_ms, max(created_at) AS last_at FROM swipes GROUP BY name_id) d
    JOIN names n ON n.id = d.name_id
   ORDER BY d.name_id
  ON CONFLICT (name_id) DO UPDATE SET swipes = analytics_name_stats.swipes + excluded.swipes, likes = analytics_name_stats.likes + excluded.likes, fast = analytics_name_stats.fast + excluded.fast,
   slow = analytics_name_stats.slow + excluded.slow, decisions = analytics_name_stats.decisions + excluded.decisions,
   decision_ms = analytics_name_stats.decision_ms + excluded.decision_ms,
     last_swiped_at = greatest(analytics_name_stats.last_swiped_at, excluded.last_swiped_at);

  INSERT INTO analytics_user_stats AS analytics_user_stats
         (user_id, swipes, likes, fast, slow, decisions, decision_ms, first_swipe_at, last_swipe_at)
  SELECT user_id, count(*)::int AS swipes,
       count(*) FILTER (WHERE liked)::int AS likes,
       count(*) FILTER (WHERE decision_time_ms < 2000)::int AS fast,
       count(*) FILTER (WHERE decision_time_ms > 5000)::int AS slow,
       count(decision_time_ms)::int AS decisions,
       coalesce(sum(decision_time_ms), 0)::bigint AS decision_ms, min(created_at), max(created_at) FROM swipes GROUP BY user_id ORDER BY user_id
  ON CONFLICT (user_id) DO UPDATE SET swipes = analytics_user_stats.swipes + excluded.swipes, likes = analytics_user_stats.likes + excluded.likes, fast = analytics_user_stats.fast + excluded.fast,
   slow = analytics_user_stats.slow + excluded.slow, decisions = analytics_user_stats.decisions + excluded.decisions,
   decision_ms = analytics_user_stats.decision_ms + excluded.decision_ms,
     first_swipe_at = least(analytics_user_stats.first_swipe_at, excluded.first_swipe_at),
     last_swipe_at = greatest(analytics_user_stats.last_swipe_at, excluded.last_swipe_at);

  INSERT INTO analytics_origin_days AS analytics_origin_days (nationality, day, swipes, likes)
  SELECT n.nationality, (s.created_at AT TIME ZONE 'UTC')::date, count(*)::int, count(*) FILTER (WHERE s.liked)::int
    FROM swipes s JOIN names n ON n.id = s.name_id
   GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (nationality, day) DO UPDATE SET swipes = analytics_origin_days.swipes + excluded.swipes,
     likes = analytics_origin_days.likes + excluded.likes;

  -- A (user, day) row that the upsert created is that user's first swipe of the day: one more active user.
  WITH per_user_day AS (
    SELECT user_id, (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM swipes GROUP BY 1, 2
  ), upserted AS (
    INSERT INTO analytics_user_days AS u (user_id, day, swipes)
    SELECT user_id, day, n FROM per_user_day ORDER BY user_id, day
    ON CONFLICT (user_id, day) DO UPDATE SET swipes = u.swipes + excluded.swipes
    RETURNING u.user_id, u.day, u.swipes
  ), fresh AS (
    SELECT upserted.day, count(*)::int AS users
      FROM upserted JOIN per_user_day USING (user_id, day)
     WHERE upserted.swipes = per_user_day.n
     GROUP BY upserted.day
  ), per_day AS (
    SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS swipes,
       count(*) FILTER (WHERE liked)::int AS likes,
       count(*) FILTER (WHERE decision_time_ms < 2000)::int AS fast,
       count(*) FILTER (WHERE decision_time_ms > 5000)::int AS slow,
       count(decision_time_ms)::int AS decisions,
       coalesce(sum(decision_time_ms), 0)::bigint AS decision_ms,
           count(decision_time_ms) FILTER (WHERE liked)::int AS like_decisions,
           coalesce(sum(decision_time_ms) FILTER (WHERE liked), 0)::bigint AS like_decision_ms
      FROM swipes GROUP BY 1
  )
  INSERT INTO analytics_daily AS analytics_daily
         (day, swipes, likes, fast, slow, decisions, decision_ms, like_decisions, like_decision_ms, active_users)
  SELECT per_day.*, coalesce(fresh.users, 0) FROM per_day LEFT JOIN fresh USING (day) ORDER BY day
  ON CONFLICT (day) DO UPDATE SET swipes = analytics_daily.swipes + excluded.swipes, likes = analytics_daily.likes + excluded.likes, fast = analytics_daily.fast + excluded.fast,
   slow = analytics_daily.slow + excluded.slow, decisions = analytics_daily.decisions + excluded.decisions,
   decision_ms = analytics_daily.decision_ms + excluded.decision_ms,
     like_decisions = analytics_daily.like_decisions + excluded.like_decisions,
     like_decision_ms = analytics_daily.like_decision_ms + excluded.like_decision_ms,
     active_users = analytics_daily.active_users + excluded.active_users;

  
  WITH keys AS (
    SELECT a, b, name_id FROM (
      SELECT p.a, p.b, s.name_id FROM (SELECT DISTINCT least(from_user_id, to_user_id) AS a, greatest(from_user_id, to_user_id) AS b FROM connection_requests WHERE status = 'accepted') p JOIN swipes s ON s.user_id = p.a AND s.liked
       WHERE EXISTS (SELECT 1 FROM (SELECT from_user_id AS user_id, to_user_id AS partner FROM connection_requests WHERE status = 'accepted'
          UNION SELECT to_user_id, from_user_id FROM connection_requests WHERE status = 'accepted') c WHERE c.user_id = p.a AND c.partner = p.b)
      UNION
      SELECT m.user_a, m.user_b, m.name_id FROM (SELECT DISTINCT least(from_user_id, to_user_id) AS a, greatest(from_user_id, to_user_id) AS b FROM connection_requests WHERE status = 'accepted') p JOIN analytics_matches m ON m.user_a = p.a AND m.user_b = p.b
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

END
$$;

CREATE TRIGGER analytics_swipes_insert AFTER INSERT ON swipes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_swipes_inserted();
CREATE TRIGGER analytics_swipes_delete AFTER DELETE ON swipes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_swipes_deleted();
CREATE TRIGGER analytics_swipes_update AFTER UPDATE ON swipes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_swipes_updated();
CREATE TRIGGER analytics_connections_insert AFTER INSERT ON connection_requests REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_connections_changed();
CREATE TRIGGER analytics_connections_update AFTER UPDATE ON connection_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_connections_changed();
CREATE TRIGGER analytics_connections_delete AFTER DELETE ON connection_requests REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_connections_changed();
CREATE TRIGGER analytics_names_update AFTER UPDATE OF gender, nationality ON names
  FOR EACH ROW WHEN (OLD.gender IS DISTINCT FROM NEW.gender OR OLD.nationality IS DISTINCT FROM NEW.nationality)
  EXECUTE FUNCTION analytics_name_changed();

SELECT analytics_rebuild();
`;
