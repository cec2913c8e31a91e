export const id = '061_record_versions';

// Every name and user record carries a version that grows with each write, whoever writes (the console, the
// app, a script): a BEFORE UPDATE trigger sets it, so no writer can forget it. The API answers it with each
// record and takes it back as If-Match; a stale one is refused with 409 (server/src/http/versions.ts).
// ADD COLUMN with a constant default does not rewrite the table (PostgreSQL 11+).
//
// A record's history reads the app's audit events of one user, newest first: the index that serves it.
export const sql = /* sql */ `
ALTER TABLE names ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE users ADD COLUMN version integer NOT NULL DEFAULT 1;

CREATE FUNCTION bump_record_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END
$$;
CREATE TRIGGER names_version_bump BEFORE UPDATE ON names FOR EACH ROW EXECUTE FUNCTION bump_record_version();
CREATE TRIGGER users_version_bump BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION bump_record_version();

CREATE INDEX audit_logs_user_timestamp_idx ON audit_logs (user_id, timestamp DESC, id DESC) WHERE user_id IS NOT NULL;
`;
