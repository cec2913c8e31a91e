export const id = '002_server_settings';

// Key/value settings the server keeps across restarts: the generated session-signing secret
// (when SESSION_SECRET is not set) and the marker that the demo seed ran.
export const sql = /* sql */ `
CREATE TABLE server_settings (
  key        text PRIMARY KEY,
  value      text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`;
