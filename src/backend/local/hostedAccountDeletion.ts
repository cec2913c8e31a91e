// Deleting a user in Firebase mode has parts outside Firestore: the Firebase Auth account (only the Admin SDK may
// delete it) and the user's rows in the hosted API's own database (swipes, connection requests, connections). After
// the Firestore part (deleteUser in ../firebase/firestoreUsersAudit.ts) the console asks the hosted API for both, DELETE
// /api/accounts/:uid (server/src/users/accountDeletion.ts), and adds its answer to the response part by part. This
// never fails the deletion: the Firestore record is gone by then, so what was not done is reported, not thrown.
// Here beside the other calls to the API (localHistory.ts serves Firebase mode's history alike), not in
// backend/firebase: it takes no Firebase SDK, and the screens' tests drive it over msw.
import type { AccountDeletionResponse, DeleteUserResponse } from '../../../contract/schemas/usersAudit';
import { errorReason } from '../../api/errors';
import { joinUrl, requestJson } from '../../api/http';
import type { LocalUsersAuditOptions } from './localUsersAudit';

export type DeletionElsewhere = NonNullable<DeleteUserResponse['elsewhere']>;

/** A hosted API without the route (an older one, another implementation) answers 404 for the unknown path. */
export const NO_ROUTE_REASON = 'this hosted API has no account deletion route (404)';

const AUTH_OUTCOMES = new Set(['deleted', 'not_found', 'not_done']);
const ROW_COUNTS = ['swipes', 'connectionRequests', 'connections', 'partnersUnlinked'] as const;

/** The answer has the contract's shape (contract/endpoints.ts AccountDeletionResponseSchema): a proxy's page does not. */
function isAccountDeletion(answer: unknown): answer is AccountDeletionResponse {
  const a = answer as Partial<AccountDeletionResponse> | null;
  return (
    !!a &&
    AUTH_OUTCOMES.has(a.authAccount?.outcome as string) &&
    typeof a.rows?.user === 'boolean' &&
    ROW_COUNTS.every((key) => Number.isInteger(a.rows?.[key]))
  );
}

/** DELETE /api/accounts/:uid on the hosted API, as the parts it did and did not do. */
export async function deleteElsewhere(api: LocalUsersAuditOptions, uid: string): Promise<DeletionElsewhere> {
  let answer: unknown;
  try {
    answer = await requestJson<unknown>(joinUrl(api.apiBaseUrl, `accounts/${encodeURIComponent(uid)}`), {
      method: 'DELETE',
      token: await api.getToken(),
      timeoutMs: api.timeoutMs,
    });
  } catch (error) {
    if ((error as { status?: unknown } | null)?.status === 404) {
      return { authAccount: { outcome: 'not_done', reason: NO_ROUTE_REASON }, hostedApi: { outcome: 'no_route', reason: NO_ROUTE_REASON } };
    }
    const reason = errorReason(error);
    return { authAccount: { outcome: 'not_done', reason }, hostedApi: { outcome: 'not_done', reason } };
  }
  if (!isAccountDeletion(answer)) {
    const reason = 'its answer was not an account deletion';
    return { authAccount: { outcome: 'not_done', reason }, hostedApi: { outcome: 'not_done', reason } };
  }
  return { authAccount: answer.authAccount, hostedApi: { outcome: 'deleted', rows: answer.rows } };
}

/**
 * The Firestore part's response with the parts elsewhere added. Without a hosted API (tests of the Firestore part
 * alone) the response stays as it was.
 */
export async function withDeletionElsewhere(
  api: LocalUsersAuditOptions | undefined,
  firestorePart: DeleteUserResponse,
): Promise<DeleteUserResponse> {
  if (!api) return firestorePart;
  const elsewhere = await deleteElsewhere(api, firestorePart.uid);
  return { ...firestorePart, deleted: { ...firestorePart.deleted, account: elsewhere.authAccount.outcome === 'deleted' }, elsewhere };
}
