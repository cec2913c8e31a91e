export const id = '090_operator_mfa';

// Two-factor sign-in of the console's operators (contract/mfa.ts), per sign-in account:
// - account_mfa: the TOTP secret, never in the clear: AES-256-GCM under a key derived from the session secret
//   (server/src/auth/mfa/secretBox.ts), stored as base64 of iv || tag || ciphertext with the account's uid as
//   associated data, so a row copied to another account does not open. Whoever reads this table (a backup, a
//   replica) cannot make codes. Pending until confirmed_at is set by a code from it; last_used_step is the RFC 6238
//   time step of the last code accepted: a code of that step or an earlier one is refused (replay).
// - account_mfa_recovery_codes: single-use codes, kept as the SHA-256 (hex) of the code in its normalized form
//   (normalizeRecoveryCode); used_at set once used.
// Both go with the account (ON DELETE CASCADE).
export const sql = /* sql */ `
CREATE TABLE account_mfa (
  uid            text PRIMARY KEY REFERENCES accounts (uid) ON DELETE CASCADE,
  sealed_secret  text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  confirmed_at   timestamptz,
  last_used_step bigint
);

CREATE TABLE account_mfa_recovery_codes (
  uid        text NOT NULL REFERENCES accounts (uid) ON DELETE CASCADE,
  code_hash  text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at    timestamptz,
  PRIMARY KEY (uid, code_hash)
);
`;
