// One user record by uid, for the name or e-mail shown beside a user id (UserRef). Apart from analyticsApi so
// a screen that only shows user ids (Audit Logs) does not bring the analytics endpoints with it.
import type { UserRecord } from '../../../contract/schemas/usersAudit';
import { api } from '../../api/apiSlice';
import type { ThunkExtra } from '../../api/baseQuery';
import { errorReason, type ApiError } from '../../api/errors';

const userRecordApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** null: no record has that uid (a deleted account, an id from before). */
    userRecord: build.query<UserRecord | null, string>({
      async queryFn(uid, { extra }) {
        try {
          return { data: await (extra as ThunkExtra).backend.userRecords.readUserRecord(uid) };
        } catch (error) {
          return { error: { status: 'NETWORK', reason: errorReason(error) } satisfies ApiError };
        }
      },
      // Names and e-mails hardly change; a table re-rendered within minutes should not ask again.
      keepUnusedDataFor: 300,
    }),
  }),
});

export const { useUserRecordQuery } = userRecordApi;
