export const id = '110_import_checks';

// Checks of a CSV file before its import (contract/importChecks.ts). A check writes no name: it keeps the keys of
// the rows its import would add (the identity of names_identity_key, migration 010: lower(name), gender,
// lower(nationality)), so that a row repeated in a later batch of the same file counts as the duplicate the import
// would find. The keys go with their check when it ends (ON DELETE CASCADE) or when it is older than a day.
export const sql = /* sql */ `
CREATE TABLE import_checks (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  created_by_uid   text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  rows_received    bigint NOT NULL DEFAULT 0,
  added            bigint NOT NULL DEFAULT 0,
  duplicates       bigint NOT NULL DEFAULT 0,
  trashed          bigint NOT NULL DEFAULT 0
);
CREATE INDEX import_checks_created_at_idx ON import_checks (created_at);

CREATE TABLE import_check_keys (
  check_id        bigint NOT NULL REFERENCES import_checks (id) ON DELETE CASCADE,
  name_key        text NOT NULL,
  gender          text NOT NULL,
  nationality_key text NOT NULL,
  PRIMARY KEY (check_id, name_key, gender, nationality_key)
);
`;
