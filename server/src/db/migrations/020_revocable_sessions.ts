export const id = '020_revocable_sessions';

// Sessions end when they should, whichever route or tool changes the record:
// - accounts.session_version is written into every token and compared by the guard on every request;
//   triggers bump it when an end-user record's is_admin or account_active changes, when the record is
//   deleted, and when the account's password changes. Old tokens then answer 401.
// - revoked_sessions lists signed-out sessions (a sign-in and all its renewals) until they would have
//   ended anyway; the guard refuses them.
export const sql = /* sql */ `
ALTER TABLE accounts ADD COLUMN session_version integer NOT NULL DEFAULT 1;

CREATE TABLE revoked_sessions (
  sid        text PRIMARY KEY,
  uid        text NOT NULL,
  revoked_at timestamptz NOT NULL DEFAULT now(),
  -- the session's latest possible end; the row is useless (and pruned) after it
  expires_at timestamptz NOT NULL
);
CREATE INDEX revoked_sessions_expires_at_idx ON revoked_sessions (expires_at);

CREATE FUNCTION end_sessions_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE accounts SET session_version = session_version + 1 WHERE uid = OLD.uid;
  ELSE
    UPDATE accounts SET session_version = session_version + 1 WHERE uid = NEW.uid;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER users_role_change_ends_sessions
  AFTER UPDATE OF is_admin, account_active ON users
  FOR EACH ROW
  WHEN (OLD.is_admin IS DISTINCT FROM NEW.is_admin OR OLD.account_active IS DISTINCT FROM NEW.account_active)
  EXECUTE FUNCTION end_sessions_of_user();

CREATE TRIGGER users_delete_ends_sessions
  AFTER DELETE ON users
  FOR EACH ROW
  EXECUTE FUNCTION end_sessions_of_user();

CREATE FUNCTION end_sessions_on_password_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.session_version := OLD.session_version + 1;
  RETURN NEW;
END;
$$;

CREATE TRIGGER accounts_password_change_ends_sessions
  BEFORE UPDATE OF password_hash ON accounts
  FOR EACH ROW
  WHEN (OLD.password_hash IS DISTINCT FROM NEW.password_hash)
  EXECUTE FUNCTION end_sessions_on_password_change();
`;
