export const id = '080_operator_links';

// One-time password links of the console's operators (contract/operators.ts): an invitation for a new operator
// (the account and its admin record are made when the link is redeemed, so an unanswered invitation leaves no
// half-made account behind) or a password reset of an existing one (uid set; redeeming it creates the account
// when the admin record has none yet). Only a SHA-256 of the token is kept: whoever reads this table (a backup, a
// replica) cannot use a link. A link is open while used_at and withdrawn_at are null and expires_at is ahead.
//
// The admins are a handful among the app's users (a million at scale): the operators page and the last-admin
// check read them through a partial index instead of the whole table.
//
// At most one open invitation per email and one open reset per account: a new one withdraws the older in the
// same transaction, and the partial unique indexes make two concurrent ones fail instead of both standing.
export const sql = /* sql */ `
CREATE TABLE operator_links (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind             text NOT NULL CHECK (kind IN ('invite', 'reset')),
  email            text NOT NULL,
  uid              text,
  token_hash       text NOT NULL UNIQUE,
  created_by_uid   text NOT NULL,
  created_by_email text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL,
  used_at          timestamptz,
  withdrawn_at     timestamptz,
  CHECK (kind = 'invite' OR uid IS NOT NULL)
);
-- The operators page lists the open invitations, newest first.
CREATE INDEX operator_links_open_invites_idx ON operator_links (created_at DESC)
  WHERE kind = 'invite' AND used_at IS NULL AND withdrawn_at IS NULL;
CREATE UNIQUE INDEX operator_links_one_open_invite ON operator_links (lower(email))
  WHERE kind = 'invite' AND used_at IS NULL AND withdrawn_at IS NULL;
CREATE UNIQUE INDEX operator_links_one_open_reset ON operator_links (uid)
  WHERE kind = 'reset' AND used_at IS NULL AND withdrawn_at IS NULL;

CREATE INDEX users_admins_idx ON users (uid) WHERE is_admin;
`;
