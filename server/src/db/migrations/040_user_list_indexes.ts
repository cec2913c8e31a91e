export const id = '040_user_list_indexes';

// User Management at 100,000 users: partial, case-insensitive search and the list's sort orders.
//
// Search matches a substring of uid, email, username or display name. One trigram (pg_trgm) GIN index over
// the lower-cased fields joined by newlines serves `... LIKE '%term%'` (the search text cannot hold a
// newline, so a match never spans two fields). server/src/users/userList.ts repeats the expression exactly:
// change both together. pg_trgm ships with PostgreSQL's contrib and with PGlite (loaded in db/pglite.ts);
// where it is missing or may not be created, the index is skipped and search still works, by a scan.
// The extension goes into public, not the first schema of the search_path, so that dropping a test's own
// schema never drops an extension other schemas' indexes use.
//
// Sorting: created_at is NOT NULL and one index serves both directions. last_active_date is nullable and
// the list puts never-active users last in both directions, which are two different index orders.
// Text sorts (email, username, display name) are served ascending by their index; descending, PostgreSQL
// sorts the matches (a top-N sort over at most the table).
//
// Deleting a user deletes their connection requests and connections: without these indexes each
// delete (and each ON DELETE CASCADE) scans both tables.
export const sql = /* sql */ `
DO $$
DECLARE
  trgm_schema text;
BEGIN
  SELECT n.nspname INTO trgm_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  IF trgm_schema IS NULL AND EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION pg_trgm WITH SCHEMA public;
      trgm_schema := 'public';
    EXCEPTION WHEN insufficient_privilege OR undefined_file OR feature_not_supported THEN
      RAISE NOTICE 'pg_trgm unavailable (%): user search runs without its index', SQLERRM;
    END;
  END IF;
  IF trgm_schema IS NOT NULL THEN
    EXECUTE format(
      'CREATE INDEX users_search_trgm_idx ON users USING gin ((lower(uid || E''\\n'' || coalesce(email, '''') || E''\\n'' || coalesce(username, '''') || E''\\n'' || coalesce(display_name, ''''))) %I.gin_trgm_ops)',
      trgm_schema);
  END IF;
END
$$;

CREATE INDEX users_created_uid_idx ON users (created_at, uid);
DROP INDEX users_created_at_idx;
CREATE INDEX users_last_active_asc_idx ON users (last_active_date ASC NULLS LAST, uid ASC);
CREATE INDEX users_last_active_desc_idx ON users (last_active_date DESC NULLS LAST, uid DESC);
CREATE INDEX users_email_uid_idx ON users (email, uid);
CREATE INDEX users_username_uid_idx ON users (username, uid);
CREATE INDEX users_display_name_uid_idx ON users (display_name, uid);

CREATE INDEX connection_requests_from_user_idx ON connection_requests (from_user_id);
CREATE INDEX connection_requests_to_user_idx ON connection_requests (to_user_id);
CREATE INDEX connections_user_a_idx ON connections (user_a);
CREATE INDEX connections_user_b_idx ON connections (user_b);
CREATE INDEX users_connected_user_idx ON users (connected_user_id) WHERE connected_user_id IS NOT NULL;
`;
