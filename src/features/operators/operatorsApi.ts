// The Operators page's data: the console's admins and open invitations (GET /api/admin/operators) and what is done to
// them. Plain RTK Query over the API's base query: on the reference backend these are its routes, and in Firebase mode
// the same routes of the hosted API (config.apiBaseUrl, with the Firebase ID token), which grants and revokes with the
// Admin SDK because firestore.rules forbid the browser to write isAdmin. Finding a user to grant goes through the
// users port, which searches whichever store the backend has.
import { api } from '../../api/apiSlice';
import { backendOf, portQuery } from '../../api/portQuery';
import type { Operator, OperatorInvite, OperatorLink, OperatorsPage } from '../../../contract/schemas/operators';
import type { UserRecord } from '../../../contract/schemas/usersAudit';
import { operatorLifecycle, operatorToastTexts } from './operatorText';

const OPERATORS = 'Operators' as const;
/** The console-action trail gains an entry with each of these; the audit screen refetches when next shown. */
const AUDIT_TAG = 'AuditLogs' as const;
/** Granting and revoking change a users record's isAdmin: User Management's pages refetch. */
const USER_PAGES = { type: 'Users' as const, id: 'PAGES' };

const tagged = api.enhanceEndpoints({ addTagTypes: [OPERATORS, AUDIT_TAG, 'Users'] });

/** Who an action is about, and how its toasts name them. */
export interface OperatorTarget {
  uid: string;
  label: string;
}

/** How many users the grant dialog's search shows. */
export const FIND_USERS_LIMIT = 6;

const operatorPath = (uid: string, action: string) => `/admin/operators/${encodeURIComponent(uid)}/${action}`;
const onSuccess =
  <T>(...tags: (typeof OPERATORS | typeof AUDIT_TAG | typeof USER_PAGES)[]) =>
  (_result: T | undefined, error: unknown) =>
    error ? [] : tags;

export const operatorsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listOperators: build.query<OperatorsPage, void>({
      query: () => '/admin/operators',
      providesTags: [OPERATORS],
    }),

    inviteOperator: build.mutation<OperatorLink, { email: string }>({
      query: (body) => ({ url: '/admin/operators/invites', method: 'POST', body }),
      onQueryStarted: ({ email }, { queryFulfilled }) =>
        operatorLifecycle(
          queryFulfilled,
          () => null,
          (reason) => operatorToastTexts.inviteFailed(email, reason),
        ),
      invalidatesTags: onSuccess(OPERATORS, AUDIT_TAG),
    }),

    withdrawInvite: build.mutation<void, OperatorInvite>({
      query: (invite) => ({ url: `/admin/operators/invites/${invite.id}`, method: 'DELETE' }),
      onQueryStarted: ({ email }, { queryFulfilled }) =>
        operatorLifecycle(
          queryFulfilled,
          () => operatorToastTexts.withdrawn(email),
          (reason) => operatorToastTexts.withdrawFailed(email, reason),
        ),
      // A 404 (used or withdrawn meanwhile) also means the list on screen is out of date.
      invalidatesTags: [OPERATORS, AUDIT_TAG],
    }),

    grantAdmin: build.mutation<Operator, OperatorTarget>({
      query: ({ uid }) => ({ url: operatorPath(uid, 'grant'), method: 'POST' }),
      onQueryStarted: ({ label }, { queryFulfilled }) =>
        operatorLifecycle(
          queryFulfilled,
          () => operatorToastTexts.granted(label),
          (reason) => operatorToastTexts.grantFailed(label, reason),
        ),
      invalidatesTags: onSuccess(OPERATORS, AUDIT_TAG, USER_PAGES),
    }),

    revokeAdmin: build.mutation<Operator, OperatorTarget>({
      query: ({ uid }) => ({ url: operatorPath(uid, 'revoke'), method: 'POST' }),
      onQueryStarted: ({ label }, { queryFulfilled }) =>
        operatorLifecycle(
          queryFulfilled,
          () => operatorToastTexts.revoked(label),
          (reason) => operatorToastTexts.revokeFailed(label, reason),
        ),
      // A 409 (the last active admin) means someone else changed the list: show it as it is now.
      invalidatesTags: (_result, error) => (error ? [OPERATORS] : [OPERATORS, AUDIT_TAG, USER_PAGES]),
    }),

    resetOperatorPassword: build.mutation<OperatorLink, OperatorTarget>({
      query: ({ uid }) => ({ url: operatorPath(uid, 'reset-password'), method: 'POST' }),
      onQueryStarted: ({ label }, { queryFulfilled }) =>
        operatorLifecycle(
          queryFulfilled,
          () => null,
          (reason) => operatorToastTexts.resetFailed(label, reason),
        ),
      invalidatesTags: onSuccess(AUDIT_TAG),
    }),

    /** Two-factor off for another operator (contract/mfa.ts): they enrol again where it is required; their sessions end. */
    resetOperatorMfa: build.mutation<Operator, OperatorTarget>({
      query: ({ uid }) => ({ url: operatorPath(uid, 'reset-mfa'), method: 'POST' }),
      onQueryStarted: ({ label }, { queryFulfilled }) =>
        operatorLifecycle(
          queryFulfilled,
          () => operatorToastTexts.mfaReset(label),
          (reason) => operatorToastTexts.mfaResetFailed(label, reason),
        ),
      // The row shows two-factor off (and a 404 means the list is out of date): read it again either way.
      invalidatesTags: (_result, error) => (error ? [OPERATORS] : [OPERATORS, AUDIT_TAG]),
    }),

    /** Users whose email, name or uid contains `search`: whom the grant dialog offers. */
    findUsers: build.query<UserRecord[], string>({
      queryFn: (search, { extra, signal }) =>
        portQuery(async () => (await backendOf(extra).userManagement.listUsers({ search, limit: FIND_USERS_LIMIT }, { signal })).users),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useListOperatorsQuery,
  useInviteOperatorMutation,
  useWithdrawInviteMutation,
  useGrantAdminMutation,
  useRevokeAdminMutation,
  useResetOperatorPasswordMutation,
  useResetOperatorMfaMutation,
  useFindUsersQuery,
} = operatorsApi;
