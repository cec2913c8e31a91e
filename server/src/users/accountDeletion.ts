// The hosted API's part of deleting a user in Firebase mode (DELETE /api/accounts/:uid, routes/accounts.ts). The
// console deletes the Firestore record and what hangs off it there (src/backend/firebase/firestoreUsersAudit.ts),
// then asks for the rest: the Firebase Auth account, which only the Admin SDK may delete, and the user's rows in
// this database (swipes, connection requests, connections, and the users row: in Firebase mode a copy of the
// Firestore record, as scripts/firebase/seedFirebase.ts shares the two).
import type { AccountDeletionResponse } from '../../../contract/schemas/usersAudit';
import { recordConsoleAction, type Actor } from '../audit/consoleActions';
import type { FirebaseIdentity } from '../auth/firebaseIdentity';
import type { Db } from '../db/types';
import { conflict } from '../http/errors';
import { deleteUserRows } from './userAdmin';
import { toUserRecord, type UserRow } from './userRecord';

export async function deleteFirebaseAccount(
  db: Db,
  identity: FirebaseIdentity,
  actor: Actor,
  uid: string,
): Promise<AccountDeletionResponse> {
  if (uid === actor.uid) throw conflict('You cannot delete your own account: another admin must do it', 'uid');
  // The Auth account first, outside the transaction: a call to Google must not hold the database (PGlite serves one
  // transaction at a time), and an account already gone cannot sign in to add rows while they go. Its failure is
  // reported, not thrown: the rows go anyway, and asking again retries the account (a missing one counts as gone).
  const authAccount = await identity.deleteAccount(uid);
  return db.transaction(async (tx) => {
    const { rows: locked } = await tx.query<UserRow>('SELECT * FROM users WHERE uid = $1 FOR UPDATE', [uid]);
    // The same deletion as DELETE /api/users/:uid (userAdmin.ts), so the trigger-kept counts follow alike. Its
    // accounts row is the reference backend's password account: never a way in here (/auth is not served), gone too.
    const { account: passwordAccount, ...rows } = await deleteUserRows(tx, uid);
    await recordConsoleAction(tx, actor, {
      action: 'account.delete',
      targetType: 'user',
      targetId: uid,
      before: locked[0] ? toUserRecord(locked[0]) : null,
      details: { authAccount, rows, passwordAccount },
    });
    return { uid, authAccount, rows };
  });
}
