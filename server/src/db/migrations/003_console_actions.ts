export const id = '003_console_actions';

// The console's own trail: who changed what, before and after, written by the SERVER in the
// same transaction as the change, so a failed change leaves no record and a recorded one happened.
// Kept apart from audit_logs (the mobile app's events) so neither shape bends to the other; the Audit
// Logs screen shows both.
export const sql = /* sql */ `
CREATE TABLE console_actions (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  timestamp   timestamptz NOT NULL DEFAULT now(),
  actor_uid   text NOT NULL,
  actor_email text NOT NULL,
  action      text NOT NULL,
  target_type text NOT NULL,
  target_id   text,
  before      jsonb,
  after       jsonb,
  details     jsonb
);
CREATE INDEX console_actions_timestamp_idx ON console_actions (timestamp DESC, id DESC);
CREATE INDEX console_actions_action_timestamp_idx ON console_actions (action, timestamp DESC, id DESC);
CREATE INDEX console_actions_target_idx ON console_actions (target_type, target_id);
`;
