// What the operator is told once a user is deleted. The reference backend deletes everything in one transaction:
// the spec's success text says it all. In Firebase mode the deletion has parts (contract/endpoints.ts,
// DeleteUserResponseSchema `elsewhere`): Firestore (the record and the documents linked to it), the Firebase
// Auth account and the hosted API's rows, which the console asks the hosted API for afterwards
// (src/backend/local/hostedAccountDeletion.ts). Each part is said after the spec's text, and what was left
// behind is said plainly, with where to delete it.
import type { DeletedUserRows, DeleteUserResponse } from '../../../contract/schemas/usersAudit';
import { formatCount } from '../../lib/format';
import type { ToastKind } from '../../lib/notify';

const counted = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** "a, b and c" */
function listed(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The linked rows or documents a part removed, counted ("3 swipes"); none when it removed none. */
function linked(rows: Pick<DeletedUserRows, 'swipes' | 'connectionRequests' | 'connections'>): string[] {
  return [
    rows.swipes ? counted(rows.swipes, 'swipe', 'swipes') : '',
    rows.connectionRequests ? counted(rows.connectionRequests, 'connection request', 'connection requests') : '',
    rows.connections ? counted(rows.connections, 'connection', 'connections') : '',
  ].filter(Boolean);
}

const unlinked = (partners: number) => (partners ? `; ${counted(partners, 'partner', 'partners')} unlinked` : '');

export const deletionReportTexts = {
  firestore: (deleted: DeleteUserResponse['deleted']) =>
    `Firestore: the record${linked(deleted).length ? `, ${listed(linked(deleted))}` : ''} deleted${unlinked(deleted.partnersUnlinked)}.`,
  authDeleted: 'Auth account: deleted.',
  authNotFound: 'Auth account: none found (already gone).',
  authNotDone: (reason: string | undefined) =>
    `Auth account: NOT deleted${reason ? ` (${reason})` : ''}; delete it in the Firebase console.`,
  hostedApi: (rows: DeletedUserRows) => {
    const items = [...(rows.user ? ['its copy of the record'] : []), ...linked(rows)];
    return items.length
      ? `Hosted API: ${listed(items)} deleted${unlinked(rows.partnersUnlinked)}.`
      : `Hosted API: nothing of theirs was left${unlinked(rows.partnersUnlinked)}.`;
  },
  noRoute:
    'This hosted API has no account deletion route (404): the Auth account and the API’s swipes/requests/pairs remain — delete them there.',
  hostedApiFailed: (reason: string | undefined) =>
    `The hosted API did not delete the rest${reason ? ` (${reason})` : ''}: the Auth account and the API’s swipes/requests/pairs remain — delete them there.`,
};

/** The success toast after a deletion: the spec's text, then each part; a warning when a part was left undone. */
export function deletionReport(successText: string, response: DeleteUserResponse): { kind: ToastKind; text: string } {
  const { elsewhere } = response;
  if (!elsewhere) return { kind: 'success', text: successText };
  const texts = [successText, deletionReportTexts.firestore(response.deleted)];
  const { authAccount, hostedApi } = elsewhere;
  if (hostedApi.outcome === 'no_route') {
    texts.push(deletionReportTexts.noRoute);
  } else if (hostedApi.outcome === 'not_done' || !hostedApi.rows) {
    texts.push(deletionReportTexts.hostedApiFailed(hostedApi.reason));
  } else {
    texts.push(
      authAccount.outcome === 'deleted'
        ? deletionReportTexts.authDeleted
        : authAccount.outcome === 'not_found'
          ? deletionReportTexts.authNotFound
          : deletionReportTexts.authNotDone(authAccount.reason),
      deletionReportTexts.hostedApi(hostedApi.rows),
    );
  }
  const complete = hostedApi.outcome === 'deleted' && authAccount.outcome !== 'not_done';
  return { kind: complete ? 'success' : 'warning', text: texts.join(' ') };
}
