// The operators in Firebase mode (the hosted API of a console built with VITE_BACKEND=firebase): users records in
// Firestore whose isAdmin is true, with what Firebase Auth knows of each (last sign-in, second factors). Granting and
// revoking go through here because firestore.rules forbid the browser to write isAdmin; the Admin SDK is not bound by
// them (auth/firebaseIdentity.ts FirestoreOperatorStore). Firebase Auth keeps the passwords: invitations and password
// links are its own (the Firebase console, or its Admin SDK's generatePasswordResetLink), so this directory has none
// and says so in its capabilities. Every grant and revoke is recorded on this database's console-action trail and as a
// console_actions document in Firestore, where the Firebase console's History reads the console's own writes.
import { OPERATOR_ACTIONS, OPERATOR_ERRORS } from '../../../contract/operators';
import type { Operator, OperatorLink } from '../../../contract/schemas/operators';
import { recordConsoleAction, type Actor } from '../audit/consoleActions';
import type { FirestoreOperator, FirestoreOperatorStore, FirestoreRestoreTarget } from '../auth/firebaseIdentity';
import type { Db } from '../db/types';
import { HttpError, notFound } from '../http/errors';
import { LAST_ADMIN_MESSAGES } from './activeAdmins';
import type { OperatorDirectory } from './directory';

/** Why an invitation or a password link is not made here. */
export const FIREBASE_LINKS_ELSEWHERE =
  'In Firebase mode Firebase Auth keeps the passwords: invite and reset them there (the Firebase console), then grant admin here.';

const toOperator = (o: FirestoreOperator): Operator => ({ ...o });

export function createFirestoreDirectory(
  db: Db,
  store: FirestoreOperatorStore,
  trail?: Pick<FirestoreRestoreTarget, 'recordConsoleAction'>,
): OperatorDirectory {
  const notHere = (): never => {
    throw new HttpError(501, 'not_available', FIREBASE_LINKS_ELSEWHERE);
  };
  async function record(actor: Actor, action: string, uid: string, isAdmin: boolean): Promise<void> {
    const entry = { action, targetType: 'user', targetId: uid, before: { isAdmin: !isAdmin }, after: { isAdmin } };
    await recordConsoleAction(db, actor, entry);
    await trail?.recordConsoleAction({ ...entry, actorUid: actor.uid, actorEmail: actor.email });
  }
  async function setAdmin(actor: Actor, uid: string, isAdmin: boolean): Promise<Operator> {
    const change = await store.setAdmin(uid, isAdmin);
    if (change.outcome === 'missing') throw notFound(`No user record ${uid} in Firestore`);
    if (change.outcome === 'last_admin')
      throw new HttpError(409, OPERATOR_ERRORS.lastAdmin, `${LAST_ADMIN_MESSAGES.revoke}: grant another admin first.`);
    if (change.outcome === 'changed') await record(actor, isAdmin ? OPERATOR_ACTIONS.grant : OPERATOR_ACTIONS.revoke, uid, isAdmin);
    return toOperator(change.operator);
  }
  return {
    capabilities: { invite: false, resetPassword: false, grant: true, resetMfa: false },
    async list() {
      const operators = await store.operators();
      return { operators: operators.map(toOperator), invites: [], capabilities: this.capabilities };
    },
    invite: async (): Promise<OperatorLink> => notHere(),
    withdrawInvite: async (): Promise<void> => notHere(),
    resetLink: async (): Promise<OperatorLink> => notHere(),
    grant: (actor, uid) => setAdmin(actor, uid, true),
    revoke: (actor, uid) => setAdmin(actor, uid, false),
  };
}
