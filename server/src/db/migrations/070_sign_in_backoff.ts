export const id = '070_sign_in_backoff';

// Growing back-off for sign-in limits: a key (a client address with an email, a client address, or an email
// across all addresses) that goes over its limit is locked, for longer each time it does so again, until it
// has been quiet for a while (server/src/auth/signInAttempts.ts). `strikes` counts those times; `locked_until`
// is when the current lock ends. Rows of the old keys (per IP and email, per IP) are pruned as their windows end.
export const sql = /* sql */ `
ALTER TABLE sign_in_attempts
  ADD COLUMN strikes      integer NOT NULL DEFAULT 0,
  ADD COLUMN locked_until timestamptz;
`;
