// The operators' TOTP secrets at rest (migration 090): AES-256-GCM under a key derived with HKDF-SHA256 from the
// session secret (auth/secret.ts), which is never in the database: a copy of the database (a backup, a replica, a
// leaked dump) holds no secret that makes codes. Each sealed secret is base64 of iv (12 bytes) || tag (16) ||
// ciphertext, with the account's uid as associated data, so a row copied onto another account does not open.
//
// If the session secret changes (SESSION_SECRET set to another value, the secret file lost), the sealed secrets no
// longer open: open() answers null and the routes refuse with MFA_UNREADABLE (mfaErrors.ts): fail closed. The
// operator signs in with a recovery code, or an admin resets their two-factor sign-in (docs/security.md).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const INFO = 'baby-names-admin/operator-totp-secret/aes-256-gcm/v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  seal(uid: string, secret: string): string;
  /** The secret, or null when the sealed text was not sealed with this key for this uid (or is damaged). */
  open(uid: string, sealed: string): string | null;
}

/** HKDF-SHA256 of the session secret with a fixed info string: a key of its own, never the signing key itself. */
export function deriveKey(sessionSecret: string, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, Buffer.alloc(0), info, 32));
}

export function createSecretBox(sessionSecret: string): SecretBox {
  const key = deriveKey(sessionSecret, INFO);
  return {
    seal(uid, secret) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(uid, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
    },
    open(uid, sealed) {
      const bytes = Buffer.from(sealed, 'base64');
      if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(uid, 'utf8'));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        // The tag does not match: another key (the session secret changed), another uid, or a damaged row.
        return null;
      }
    },
  };
}
