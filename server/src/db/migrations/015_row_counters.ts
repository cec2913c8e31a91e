export const id = '015_row_counters';

// The dashboard's totals and the names list's "of N" came from count(*) over whole tables on
// every request (54 requests/s at 163k names on PGlite). Triggers now keep them with each write, once
// per STATEMENT (transition tables), so a 5,000-row import batch costs one counter update, not 5,000.
//
// row_counters: one total per table (names, swipes, users, accepted connection requests), split over
// 8 shards picked by the writing connection's pid, so concurrent writers (swipes from many app users)
// do not all queue on one row lock; a read sums at most 8 rows.
//
// name_group_counts: names per (gender, nationality, first_letter), the three filters of GET /names, so
// the total of any filter combination is an exact sum over a few hundred groups instead of a count over
// the matching names.
//
// The tables are locked before the triggers exist and the totals are back-filled after, in the
// migration's one transaction: no write can land between the count and the first trigger.
export const sql = /* sql */ `
LOCK TABLE names, swipes, users, connection_requests IN SHARE ROW EXCLUSIVE MODE;

CREATE TABLE row_counters (
  counter text     NOT NULL,
  shard   smallint NOT NULL,
  value   bigint   NOT NULL,
  PRIMARY KEY (counter, shard)
);

CREATE FUNCTION bump_row_counter(counter_name text, delta bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO row_counters (counter, shard, value) VALUES (counter_name, pg_backend_pid() % 8, delta)
  ON CONFLICT (counter, shard) DO UPDATE SET value = row_counters.value + excluded.value
$$;

-- TG_ARGV[0]: the counter. Transition tables are named new_rows / old_rows by every trigger below;
-- PL/pgSQL plans a statement when it first runs, so a branch naming a table its trigger lacks never runs.
CREATE FUNCTION count_rows_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM row_counters WHERE counter = TG_ARGV[0];
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM new_rows;
  ELSE
    SELECT -count(*) INTO delta FROM old_rows;
  END IF;
  IF delta <> 0 THEN
    PERFORM bump_row_counter(TG_ARGV[0], delta);
  END IF;
  RETURN NULL;
END
$$;

-- Connection requests count only while accepted (spec 2), so a status change moves the counter too.
CREATE FUNCTION count_accepted_connections_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM row_counters WHERE counter = 'accepted_connections';
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    delta := delta + (SELECT count(*) FROM new_rows WHERE status = 'accepted');
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    delta := delta - (SELECT count(*) FROM old_rows WHERE status = 'accepted');
  END IF;
  IF delta <> 0 THEN
    PERFORM bump_row_counter('accepted_connections', delta);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER names_count_insert AFTER INSERT ON names REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows_trigger('names');
CREATE TRIGGER names_count_delete AFTER DELETE ON names REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows_trigger('names');
CREATE TRIGGER names_count_truncate AFTER TRUNCATE ON names
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows_trigger('names');

CREATE TRIGGER swipes_count_insert AFTER INSERT ON swipes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows_trigger('swipes');
CREATE TRIGGER swipes_count_delete AFTER DELETE ON swipes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows_trigger('swipes');
CREATE TRIGGER swipes_count_truncate AFTER TRUNCATE ON swipes
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows_trigger('swipes');

CREATE TRIGGER users_count_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows_trigger('users');
CREATE TRIGGER users_count_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows_trigger('users');
CREATE TRIGGER users_count_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows_trigger('users');

CREATE TRIGGER connection_requests_count_insert AFTER INSERT ON connection_requests REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_accepted_connections_trigger();
CREATE TRIGGER connection_requests_count_update AFTER UPDATE ON connection_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_accepted_connections_trigger();
CREATE TRIGGER connection_requests_count_delete AFTER DELETE ON connection_requests REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_accepted_connections_trigger();
CREATE TRIGGER connection_requests_count_truncate AFTER TRUNCATE ON connection_requests
  FOR EACH STATEMENT EXECUTE FUNCTION count_accepted_connections_trigger();

INSERT INTO row_counters (counter, shard, value)
SELECT 'names', 0, count(*) FROM names
UNION ALL SELECT 'swipes', 0, count(*) FROM swipes
UNION ALL SELECT 'users', 0, count(*) FROM users
UNION ALL SELECT 'accepted_connections', 0, count(*) FROM connection_requests WHERE status = 'accepted';

CREATE TABLE name_group_counts (
  gender       text   NOT NULL,
  nationality  text   NOT NULL,
  first_letter text   NOT NULL,
  n            bigint NOT NULL,
  PRIMARY KEY (gender, nationality, first_letter)
);
CREATE INDEX name_group_counts_nationality_idx ON name_group_counts (nationality);
CREATE INDEX name_group_counts_letter_idx ON name_group_counts (first_letter);

-- Groups are upserted in key order, so two concurrent import batches touching the same groups take
-- their row locks in the same order and wait for each other instead of deadlocking.
CREATE FUNCTION count_name_groups_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM name_group_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO name_group_counts (gender, nationality, first_letter, n)
    SELECT gender, nationality, first_letter, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (gender, nationality, first_letter) DO UPDATE SET n = name_group_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO name_group_counts (gender, nationality, first_letter, n)
    SELECT gender, nationality, first_letter, -count(*) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (gender, nationality, first_letter) DO UPDATE SET n = name_group_counts.n + excluded.n;
  ELSE
    INSERT INTO name_group_counts (gender, nationality, first_letter, n)
    SELECT gender, nationality, first_letter, sum(d) FROM (
      SELECT gender, nationality, first_letter, 1 AS d FROM new_rows
      UNION ALL
      SELECT gender, nationality, first_letter, -1 FROM old_rows
    ) AS moved
    GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (gender, nationality, first_letter) DO UPDATE SET n = name_group_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER names_groups_insert AFTER INSERT ON names REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_name_groups_trigger();
CREATE TRIGGER names_groups_update AFTER UPDATE ON names REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_name_groups_trigger();
CREATE TRIGGER names_groups_delete AFTER DELETE ON names REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_name_groups_trigger();
CREATE TRIGGER names_groups_truncate AFTER TRUNCATE ON names
  FOR EACH STATEMENT EXECUTE FUNCTION count_name_groups_trigger();

INSERT INTO name_group_counts (gender, nationality, first_letter, n)
SELECT gender, nationality, first_letter, count(*) FROM names GROUP BY 1, 2, 3;
`;
