export const id = '062_backup_restores';

// Restoring the console's full backup (contract/backupRestore.ts, server/src/restores/). A restore is a session:
// opened, its rows staged in batches beside the data, checked (the plan), then applied in one transaction in the
// background, or cancelled. The data tables are touched only by the apply.
//
// backup_restores: one row per restore, with what the console and the next server start need to know: the state,
// the per-collection counts and first problems of the staging, the plan, the chosen mode, the report, why it
// failed or who cancelled it. progress is written while applying (PostgreSQL only: outside the apply's transaction,
// so other server processes see it); cancel_requested_by is how another process asks an apply to stop.
//
// backup_restore_batches: the batches received, by their position in the file's array: a batch sent again (a
// retry after a timeout) is recognised and answered as the first time, and a batch that never arrived is named at
// check by the hole it leaves.
//
// backup_restore_rows: the staged rows, as the server normalised them (restores/stagedRows.ts), keyed by the id a
// row is known by in its collection: the primary key is what finds a second row with the same id in the file.
// UNLOGGED: rows that are sent again after a crash are cheaper than writing every row to the WAL twice; a crash
// empties the table, which the check finds by counting (restores/restorePlan.ts) and reports as rows lost.
//
// name_deletions.kind gains 'restore_replace': the names a replace moves to the trash are one deletion of that kind.
export const sql = /* sql */ `
CREATE TABLE backup_restores (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  file_name           text NOT NULL,
  file_size           bigint NOT NULL,
  actor_uid           text NOT NULL,
  actor_email         text NOT NULL,
  created_at          timestamptz NOT NULL DEFAULT now(),
  last_activity_at    timestamptz NOT NULL DEFAULT now(),
  state               text NOT NULL DEFAULT 'staging'
                      CHECK (state IN ('staging', 'ready', 'applying', 'done', 'failed', 'cancelled')),
  staged              jsonb NOT NULL DEFAULT '{"users":{"read":0,"refused":0},"names":{"read":0,"refused":0},"connections":{"read":0,"refused":0},"audit_logs":{"read":0,"refused":0}}',
  problems            jsonb NOT NULL DEFAULT '[]',
  plan                jsonb,
  mode                text CHECK (mode IN ('add', 'replace')),
  applied_by_uid      text,
  applied_by_email    text,
  apply_started_at    timestamptz,
  progress            jsonb,
  cancel_requested_by text,
  report              jsonb,
  failure             text,
  before_backup_file  text NOT NULL,
  finished_at         timestamptz
);
CREATE INDEX backup_restores_created_idx ON backup_restores (created_at DESC, id DESC);
CREATE INDEX backup_restores_open_idx ON backup_restores (state) WHERE state IN ('staging', 'ready', 'applying');

CREATE TABLE backup_restore_batches (
  restore_id  bigint  NOT NULL REFERENCES backup_restores (id) ON DELETE CASCADE,
  collection  text    NOT NULL,
  first_index integer NOT NULL,
  rows        integer NOT NULL,
  staged      integer NOT NULL,
  refused     integer NOT NULL,
  PRIMARY KEY (restore_id, collection, first_index)
);

CREATE UNLOGGED TABLE backup_restore_rows (
  restore_id bigint  NOT NULL REFERENCES backup_restores (id) ON DELETE CASCADE,
  collection text    NOT NULL CHECK (collection IN ('users', 'names', 'connections', 'audit_logs')),
  key        text    NOT NULL,
  row_index  integer NOT NULL,
  payload    jsonb   NOT NULL,
  PRIMARY KEY (restore_id, collection, key)
);
CREATE INDEX backup_restore_rows_position_idx ON backup_restore_rows (restore_id, collection, row_index);

ALTER TABLE name_deletions DROP CONSTRAINT name_deletions_kind_check;
ALTER TABLE name_deletions ADD CONSTRAINT name_deletions_kind_check
  CHECK (kind IN ('delete', 'bulk_delete', 'import_undo', 'restore_replace'));
`;
