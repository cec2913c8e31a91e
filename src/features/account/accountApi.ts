// The signed-in operator's own account: changing the password through the account passwords port, which keeps the
// fresh token the server answers (the server ends every other session of the account).
import type { ChangePasswordRequest } from '../../../contract/operators';
import { api } from '../../api/apiSlice';
import { HttpError } from '../../api/errors';
import { backendOf, portQuery } from '../../api/portQuery';
import { notify } from '../../lib/notify';

/** The console-action trail records the change; the audit screen refetches when next shown. */
const AUDIT_TAG = 'AuditLogs' as const;

export const PASSWORD_CHANGED = 'Password changed. Your other sessions were signed out.';
export const NO_PASSWORD_CHANGE = 'This backend has no password change of its own.';

const tagged = api.enhanceEndpoints({ addTagTypes: [AUDIT_TAG] });

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
  }),
});

export const { useChangePasswordMutation } = accountApi;
