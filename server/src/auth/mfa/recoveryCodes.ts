// Recovery codes: MFA_RECOVERY_CODE_COUNT single-use codes shown once when two-factor sign-in is turned on (or renewed),
// for an operator without their phone. Two groups of five from an alphabet without look-alikes (no I, no O): 34^10,
// about 2^51 per code, drawn with crypto.randomInt (uniform). The server keeps only the SHA-256 of each code in its
// normalized form (contract/mfa.ts normalizeRecoveryCode), so "7kq2m xh4tc" typed finds "7KQ2M-XH4TC".
import { createHash, randomInt } from 'node:crypto';
import { MFA_RECOVERY_CODE_COUNT, normalizeRecoveryCode } from '../../../../contract/mfa';

export const RECOVERY_CODE_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

function newRecoveryCode(): string {
  let plain = '';
  for (let i = 0; i < 10; i += 1) plain += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  return `${plain.slice(0, 5)}-${plain.slice(5)}`;
}

/** A new set, all different. */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < MFA_RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  return [...codes];
}

/** What the table keeps of a code, from the code as typed. */
export const recoveryCodeHash = (typed: string): string => createHash('sha256').update(normalizeRecoveryCode(typed)).digest('hex');
