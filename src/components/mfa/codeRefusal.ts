// What a screen says when the server refuses a second factor (contract/mfa.ts): ours for a wrong code, which the server
// words for any of its causes; the server's own reason otherwise (a 429 says how long to wait, an outage what is down).
import { MFA_ERRORS } from '../../../contract/mfa';
import { errorDetail, errorReason } from '../../api/errors';

export const WRONG_CODE = 'That code was not accepted: it is wrong, was used already or is too old. Enter the code your app shows now.';
export const WRONG_RECOVERY_CODE = 'That recovery code was not accepted: it is wrong or was used already.';

export function codeRefusal(error: unknown, kind: 'totp' | 'recovery' = 'totp'): string {
  if (errorDetail(error)?.code === MFA_ERRORS.invalidCode) return kind === 'recovery' ? WRONG_RECOVERY_CODE : WRONG_CODE;
  return errorReason(error);
}
