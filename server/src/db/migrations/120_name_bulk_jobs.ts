export const id = '120_name_bulk_jobs';

// Jobs over every name matching a filter (contract/namesBulkJobs.ts, server/src/names/bulkJobs.ts). A job's items
// are the names that matched when the operator confirmed, with the version each had then: the job works through
// them in batches (one transaction each), so a name added afterwards is never touched and a name edited since is
// skipped (outcome 'changed'), not overwritten. The job's state lives here, not in a server's memory, so any
// server process answers its progress and takes over a job whose runner stopped (heartbeat_at).
export const sql = /* sql */ `
CREATE TABLE name_bulk_jobs (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  created_at     timestamptz NOT NULL DEFAULT now(),
  finished_at    timestamptz,
  heartbeat_at   timestamptz NOT NULL DEFAULT now(),
  actor_uid      text NOT NULL,
  actor_email    text NOT NULL,
  action         text NOT NULL CHECK (action IN ('delete', 'edit')),
  filter         jsonb NOT NULL,
  set_values     jsonb,
  state          text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'cancelling', 'done', 'cancelled', 'failed')),
  total          integer NOT NULL,
  done           integer NOT NULL DEFAULT 0,
  applied        integer NOT NULL DEFAULT 0,
  changed_since  integer NOT NULL DEFAULT 0,
  gone           integer NOT NULL DEFAULT 0,
  duplicates     integer NOT NULL DEFAULT 0,
  unchanged      integer NOT NULL DEFAULT 0,
  swipes         bigint NOT NULL DEFAULT 0,
  matches        bigint NOT NULL DEFAULT 0,
  deletion_id    bigint REFERENCES name_deletions (id) ON DELETE SET NULL,
  action_id      bigint REFERENCES console_actions (id) ON DELETE SET NULL,
  message        text
);
CREATE INDEX name_bulk_jobs_running_idx ON name_bulk_jobs (heartbeat_at) WHERE state IN ('running', 'cancelling');

CREATE TABLE name_bulk_job_items (
  job_id   bigint NOT NULL REFERENCES name_bulk_jobs (id) ON DELETE CASCADE,
  name_id  bigint NOT NULL,
  version  integer NOT NULL,
  outcome  text CHECK (outcome IN ('applied', 'changed', 'gone', 'duplicate', 'unchanged')),
  -- edit: the value the field held before the job set it (the trail's "before" for this name)
  before   text,
  PRIMARY KEY (job_id, name_id)
);
CREATE INDEX name_bulk_job_items_pending_idx ON name_bulk_job_items (job_id, name_id) WHERE outcome IS NULL;
`;
