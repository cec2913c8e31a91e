export const id = '021_sign_in_attempts';

// Sign-in attempt windows, shared by every server process on the database: a per-process
// counter let an attacker behind a load balancer try N times per instance. One row per key (a hash of the
// client IP with the email, or of the IP alone) holds the attempts in the current fixed window; rows whose
// window has ended are pruned.
export const sql = /* sql */ `
CREATE TABLE sign_in_attempts (
  key            text PRIMARY KEY,
  attempts       integer NOT NULL,
  window_ends_at timestamptz NOT NULL
);
CREATE INDEX sign_in_attempts_window_ends_at_idx ON sign_in_attempts (window_ends_at);
`;
