// The signed-in operator's own account: changing the password through the account passwords port, and two-factor
// sign-in through the accountMfa port (contract/mfa.ts). Both ports keep the fresh token the server answers when it
// ends every other session of the account (a password change, two-factor turned on).
import type { ChangePasswordRequest } from '../../../contract/schemas/operators';
import type { MfaEnrolment, MfaRecoveryCodes, MfaStatus } from '../../../contract/schemas/mfa';
import type { AccountMfaPort, MfaConfirmed } from '../../backend/ports';
import { api } from '../../api/apiSlice';
import { HttpError } from '../../api/errors';
import { backendOf, portQuery } from '../../api/portQuery';
import { notify } from '../../lib/notify';

/** The console-action trail records the change; the audit screen refetches when next shown. */
const AUDIT_TAG = 'AuditLogs' as const;

export const PASSWORD_CHANGED = 'Password changed. Your other sessions were signed out.';
export const NO_PASSWORD_CHANGE = 'This backend has no password change of its own.';

const MFA_STATUS = 'MfaStatus' as const;
/** The Operators page shows who has two-factor on. */
const OPERATORS = 'Operators' as const;

export const MFA_ON = 'Two-factor sign-in is on. Your other sessions were signed out.';
export const MFA_OFF = 'Two-factor sign-in is off.';
export const RECOVERY_CODES_RENEWED = 'New recovery codes made: the old ones no longer work.';
export const NO_MFA = 'This backend has no two-factor sign-in of its own.';

const tagged = api.enhanceEndpoints({ addTagTypes: [AUDIT_TAG, MFA_STATUS, OPERATORS] });

/** The backend's two-factor port, or a refusal saying there is none. */
function mfaPort(extra: unknown): AccountMfaPort {
  const port = backendOf(extra).accountMfa;
  if (!port?.available) throw new HttpError('NETWORK', NO_MFA);
  return port;
}

/** Says it worked (the dialog says why not, beside what was typed). */
const toastOnSuccess =
  (text: string) =>
  async (_arg: unknown, { queryFulfilled }: { queryFulfilled: Promise<unknown> }) => {
    try {
      await queryFulfilled;
      notify(text, 'success');
    } catch {
      // shown in the dialog
    }
  };
const onSuccess = (_result: unknown, error: unknown) => (error ? [] : [MFA_STATUS, AUDIT_TAG, OPERATORS]);

export const accountApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<null, ChangePasswordRequest>({
      queryFn: (request, { extra }) =>
        portQuery(async () => {
          const port = backendOf(extra).accountPasswords;
          if (!port) throw new HttpError('NETWORK', NO_PASSWORD_CHANGE);
          await port.changePassword(request);
          return null;
        }),
      async onQueryStarted(_request, { queryFulfilled }) {
        try {
          await queryFulfilled;
          notify(PASSWORD_CHANGED, 'success');
        } catch {
          // The dialog shows why, beside what was typed.
        }
      },
      invalidatesTags: (_result, error) => (error ? [] : [AUDIT_TAG]),
    }),

    mfaStatus: build.query<MfaStatus, void>({
      queryFn: (_arg, { extra }) => portQuery(() => mfaPort(extra).status()),
      providesTags: [MFA_STATUS],
    }),
    /** A new secret, pending until a code from it confirms it. */
    startMfaEnrolment: build.mutation<MfaEnrolment, void>({
      queryFn: (_arg, { extra }) => portQuery(() => mfaPort(extra).startEnrolment({})),
    }),
    /** Two-factor on: the recovery codes, shown once; the port keeps the fresh token (the other sessions ended). */
    confirmMfaEnrolment: build.mutation<MfaConfirmed, string>({
      queryFn: (code, { extra }) => portQuery(() => mfaPort(extra).confirmEnrolment({ code })),
      onQueryStarted: toastOnSuccess(MFA_ON),
      invalidatesTags: onSuccess,
    }),
    renewRecoveryCodes: build.mutation<MfaRecoveryCodes, string>({
      queryFn: (code, { extra }) => portQuery(() => mfaPort(extra).renewRecoveryCodes(code)),
      onQueryStarted: toastOnSuccess(RECOVERY_CODES_RENEWED),
      invalidatesTags: onSuccess,
    }),
    disableMfa: build.mutation<MfaStatus, string>({
      queryFn: (currentPassword, { extra }) => portQuery(() => mfaPort(extra).disable(currentPassword)),
      onQueryStarted: toastOnSuccess(MFA_OFF),
      invalidatesTags: onSuccess,
    }),
  }),
});

export const {
  useChangePasswordMutation,
  useMfaStatusQuery,
  useStartMfaEnrolmentMutation,
  useConfirmMfaEnrolmentMutation,
  useRenewRecoveryCodesMutation,
  useDisableMfaMutation,
} = accountApi;
