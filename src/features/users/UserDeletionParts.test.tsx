// Deleting a user in Firebase mode, as User Management reports it: the Firestore part (stood in for here: the record
// leaves the msw users list and the part's counts are given), then the hosted API's DELETE /api/accounts/:uid over
// msw through the real client code (backend/local/hostedAccountDeletion.ts). The toast says the spec's text, then
// each part, and what a hosted API without that route left.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { DeleteUserResponse } from '../../../contract/schemas/usersAudit';
import { server } from '../../../mocks/server';
import { withDeletionElsewhere } from '../../backend/local/hostedAccountDeletion';
import { installUsersHandlers, renderUserManagement, usersDb } from './testing/usersTestKit';

jest.setTimeout(120_000);
installUsersHandlers();

/** What the Firestore part of deleting Ciara C. (u0003) removed: firestoreUsersAudit.ts's counts. */
const FIRESTORE_PART: DeleteUserResponse['deleted'] = {
  user: true,
  account: false,
  swipes: 3,
  connectionRequests: 2,
  connections: 1,
  partnersUnlinked: 1,
};

function renderFirebaseDeletes() {
  return renderUserManagement('/user-management', [], (port, api) => ({
    ...port,
    async deleteUser(uid) {
      usersDb.records.delete(uid);
      return withDeletionElsewhere(api, { uid, deleted: FIRESTORE_PART });
    },
  }));
}

async function deleteCiara() {
  await screen.findByText('Ciara C.');
  const row = document.querySelector<HTMLElement>('[role="row"][data-id="u0003"]')!;
  fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete user' }));
}

const FIRESTORE_TEXT = 'Firestore: the record, 3 swipes, 2 connection requests and 1 connection deleted; 1 partner unlinked.';

describe('deleting a user in Firebase mode', () => {
  it('says each part: Firestore, the Auth account, the hosted API’s rows', async () => {
    renderFirebaseDeletes();
    await deleteCiara();
    expect(
      await screen.findByText(
        `Ciara C. was deleted. ${FIRESTORE_TEXT} Auth account: deleted. Hosted API: its copy of the record and 33 swipes deleted.`,
      ),
    ).toBeInTheDocument();
    // Asked once, for that user, with the operator's token.
    expect(usersDb.accountDeletions).toEqual([{ uid: 'u0003', authorization: 'Bearer token' }]);
    await waitFor(() => expect(screen.queryByText('Ciara C.')).not.toBeInTheDocument());
  });

  it('says plainly what a hosted API without the route (404) left, and where to delete it', async () => {
    server.use(
      http.delete('*/api/accounts/:uid', () =>
        HttpResponse.json({ error: 'not_found', message: 'Route DELETE:/api/accounts/u0003 not found' }, { status: 404 }),
      ),
    );
    renderFirebaseDeletes();
    await deleteCiara();
    expect(
      await screen.findByText(
        `Ciara C. was deleted. ${FIRESTORE_TEXT} This hosted API has no account deletion route (404): the Auth account and the API’s swipes/requests/pairs remain — delete them there.`,
      ),
    ).toBeInTheDocument();
    // The Firestore part stands: the user is gone from the list all the same.
    await waitFor(() => expect(screen.queryByText('Ciara C.')).not.toBeInTheDocument());
    expect(screen.queryByText(/Failed to delete/)).not.toBeInTheDocument();
  });
});
