// Who may sign in to the console (contract/operators.ts), behind one interface: the reference backend keeps operators
// in its own tables (referenceDirectory.ts); a Firebase-mode directory (Firestore users with isAdmin, Firebase Auth
// for sign-ins and second factors, the Admin SDK for grants) can implement the same and be handed to the routes
// (routes/operators.ts). What a directory cannot do it says in `capabilities`, and refuses.
import type { Operator, OperatorLink, OperatorsPage } from '../../../contract/schemas/operators';
import type { Actor } from '../audit/consoleActions';

export type OperatorCapabilities = OperatorsPage['capabilities'];

export interface OperatorDirectory {
  readonly capabilities: OperatorCapabilities;
  /** The operators (admins) with their last sign-in, and the invitations still open. */
  list(): Promise<OperatorsPage>;
  /** A one-time invitation for a new operator; 409 when the email is an operator already or a non-admin's. */
  invite(actor: Actor, email: string): Promise<OperatorLink>;
  /** Withdraws an open invitation; 404 when it is unknown, used or withdrawn already. */
  withdrawInvite(actor: Actor, id: number): Promise<void>;
  /** Makes an existing user record an admin (404 when there is none). */
  grant(actor: Actor, uid: string): Promise<Operator>;
  /** Takes the admin flag away and ends the operator's sessions; 409 for the last active admin. */
  revoke(actor: Actor, uid: string): Promise<Operator>;
  /** A one-time password link for an existing operator. */
  resetLink(actor: Actor, uid: string): Promise<OperatorLink>;
  /**
   * Turns another operator's two-factor sign-in off and ends their sessions (contract/mfa.ts). Only where
   * `capabilities.resetMfa` says so: a directory without it answers 501 (routes/operators.ts).
   */
  resetMfa?(actor: Actor, uid: string): Promise<Operator>;
}
