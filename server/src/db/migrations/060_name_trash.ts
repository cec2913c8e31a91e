export const id = '060_name_trash';

// Deleting a name moves it to a trash instead of deleting it with its swipes (the swipes' foreign key cascades
// from names, migration 001). A name in the trash is a row of names_trash holding the whole names row as it was
// (record: every column, whichever migrations added them), and its swipes are rows of swipes_trash with their ids.
//
// Why moved rows rather than a mark on names: every figure the console and the app read (row_counters,
// name_group_counts, every analytics_* summary, the match totals) is kept by statement-level triggers on INSERT
// and DELETE of names and swipes (015, 030-032). Moving a name's swipes out is a DELETE those triggers subtract
// exactly as before; moving them back is an INSERT they add exactly as before. No read of names or swipes
// changes, no index becomes partial, and the app cannot swipe a trashed name (its foreign key finds no name).
// The trade: a restore inserts the rows again (the summaries are re-derived, which is what makes them exact).
//
// name_deletions groups what one action moved (one delete, a selection, an import's undo), so the Trash view can
// say who deleted what and restore all of one deletion. A name's swipe and match counts are read from
// analytics_name_stats when it is moved (a summary, not a count of swipes) and kept: swipes by a trigger when a
// user's deletion takes some of its swipes with it, matches as they were at the deletion.
export const sql = /* sql */ `
CREATE TABLE name_deletions (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  deleted_at    timestamptz NOT NULL DEFAULT now(),
  actor_uid     text NOT NULL,
  actor_email   text NOT NULL,
  kind          text NOT NULL CHECK (kind IN ('delete', 'bulk_delete', 'import_undo')),
  import_run_id bigint REFERENCES import_runs (id) ON DELETE SET NULL,
  names         integer NOT NULL
);
CREATE INDEX name_deletions_import_run_idx ON name_deletions (import_run_id) WHERE import_run_id IS NOT NULL;

CREATE TABLE names_trash (
  id          bigint PRIMARY KEY,
  name        text NOT NULL,
  gender      text NOT NULL,
  nationality text NOT NULL,
  record      jsonb NOT NULL,
  deletion_id bigint NOT NULL REFERENCES name_deletions (id),
  deleted_at  timestamptz NOT NULL,
  swipes      integer NOT NULL,
  matches     integer NOT NULL
);
CREATE INDEX names_trash_deleted_idx ON names_trash (deleted_at DESC, id DESC);
CREATE INDEX names_trash_deletion_idx ON names_trash (deletion_id, id);
CREATE INDEX names_trash_identity_idx ON names_trash (lower(name), gender, lower(nationality));

CREATE TABLE swipes_trash (
  id               bigint PRIMARY KEY,
  user_id          text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  name_id          bigint NOT NULL REFERENCES names_trash (id) ON DELETE CASCADE,
  liked            boolean NOT NULL,
  decision_time_ms integer,
  created_at       timestamptz NOT NULL
);
CREATE INDEX swipes_trash_name_idx ON swipes_trash (name_id);
CREATE INDEX swipes_trash_user_idx ON swipes_trash (user_id);

-- A user deleted while one of their swiped names is in the trash takes those swipes along (as it does the live
-- ones): the trashed name's count follows, so "Delete forever" says what really goes.
CREATE FUNCTION names_trash_swipes_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE names_trash t SET swipes = t.swipes - g.n
    FROM (SELECT name_id, count(*)::int AS n FROM old_rows GROUP BY name_id) g
   WHERE t.id = g.name_id;
  RETURN NULL;
END
$$;
CREATE TRIGGER swipes_trash_counted_delete AFTER DELETE ON swipes_trash REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION names_trash_swipes_gone();

-- The trash's size, kept like the other tables' totals (015's sharded counters and their trigger function).
CREATE TRIGGER names_trash_count_insert AFTER INSERT ON names_trash REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows_trigger('names_trash');
CREATE TRIGGER names_trash_count_delete AFTER DELETE ON names_trash REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows_trigger('names_trash');
CREATE TRIGGER names_trash_count_truncate AFTER TRUNCATE ON names_trash
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows_trigger('names_trash');

-- An import run whose undo is restored goes back to the state it had before the undo.
ALTER TABLE import_runs ADD COLUMN state_before_undo text;
-- Rows an import skipped because the same name is in the trash (counted apart from the duplicates).
ALTER TABLE import_runs ADD COLUMN trashed_skipped integer NOT NULL DEFAULT 0;

-- Records a console action touched when it touched several (a bulk delete, a restore), for a record's history.
CREATE TABLE console_action_targets (
  target_type text   NOT NULL,
  target_id   text   NOT NULL,
  action_id   bigint NOT NULL REFERENCES console_actions (id) ON DELETE CASCADE,
  PRIMARY KEY (target_type, target_id, action_id)
);
CREATE INDEX console_action_targets_action_idx ON console_action_targets (action_id);
`;
