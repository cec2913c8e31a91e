// The /api guard in Firebase mode: the same contract as the local guard (guard.ts), 401 without a valid
// token and 403 for an account whose Firestore users record is not an admin, but the token is a Firebase
// ID token and the record lives in Firestore (firebaseIdentity.ts does both checks).
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { forbidden, unauthorized } from '../http/errors';
import type { FirebaseIdentity } from './firebaseIdentity';
import { tokenOf } from './guard';
import { SESSION_ENDED } from './sessions';

export function createFirebaseAdminGuard(identity: FirebaseIdentity): onRequestAsyncHookHandler {
  return async function requireFirebaseAdmin(request: FastifyRequest, _reply: FastifyReply) {
    const token = tokenOf(request);
    if (!token) throw unauthorized('Sign-in required');
    const account = await identity.authenticate(token);
    // As in the local mode, a deactivated record opens nothing, admin or not.
    if (account.accountActive === false) throw unauthorized(SESSION_ENDED.inactive);
    // Firebase keeps the sessions (and ends them: revocation, disabling); the server keeps no version of its own.
    request.account = { ...account, sessionVersion: 0 };
    if (account.isAdmin !== true) throw forbidden('Admin access required');
  };
}
