export const id = '011_import_runs';

// Every CSV import is a run the server records, and each batch is tied to its run in the
// batch's own transaction (names.import_run_id), so an interrupted or mistaken import can be listed
// with exactly what landed and undone. The console-reported figures (rows read, skipped by reason,
// encoding) arrive with the finish call and are kept apart in console_report: the server cannot check them.
export const sql = /* sql */ `
CREATE TABLE import_runs (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  file_name          text NOT NULL,
  actor_uid          text NOT NULL,
  actor_email        text NOT NULL,
  started_at         timestamptz NOT NULL DEFAULT now(),
  last_batch_at      timestamptz NOT NULL DEFAULT now(),
  finished_at        timestamptz,
  state              text NOT NULL DEFAULT 'running'
                     CHECK (state IN ('running', 'done', 'failed', 'cancelled', 'interrupted', 'undone')),
  batches            integer NOT NULL DEFAULT 0,
  rows_received      integer NOT NULL DEFAULT 0,
  rows_added         integer NOT NULL DEFAULT 0,
  duplicates_skipped integer NOT NULL DEFAULT 0,
  console_report     jsonb,
  undone_at          timestamptz,
  undone_by          text,
  rows_undone        integer
);
CREATE INDEX import_runs_started_idx ON import_runs (started_at DESC, id DESC);
CREATE INDEX import_runs_running_idx ON import_runs (last_batch_at) WHERE state = 'running';

ALTER TABLE names ADD COLUMN import_run_id bigint REFERENCES import_runs (id) ON DELETE SET NULL;
CREATE INDEX names_import_run_idx ON names (import_run_id) WHERE import_run_id IS NOT NULL;
`;
