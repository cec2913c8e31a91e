// What the operator is told about a user change: every message of User Management's writes in one place.
// Called from the mutations' onQueryStarted (RTK Query's side-effect hook), not from components.
import { closeSnackbar } from 'notistack';
import type { UserRecord, DeleteUserResponse, UserFlagsUpdate } from '../../../contract/schemas/usersAudit';
import { errorReason } from '../../api/errors';
import { notify } from '../../lib/notify';
import { conflictOf } from './userConflicts';
import { deletionReport } from './userDeletionReport';

export const userToastTexts = {
  premiumGranted: (label: string) => `Premium granted to ${label}.`,
  /** the spec's premium-upgrade activity toast (2 s) */
  premiumUpgradeActivity: (label: string) => `Premium upgrade: ${label} is now a premium user.`,
  premiumRemoved: (label: string) => `Premium removed from ${label}.`,
  activated: (label: string) => `${label} was activated.`,
  deactivated: (label: string) => `${label} was deactivated.`,
  updateFailed: (label: string, reason: string) => `Failed to update ${label}: ${reason}`,
  deletePending: (label: string) => `Deleting ${label}…`,
  deleted: (label: string) => `${label} was deleted.`,
  deleteFailed: (label: string, reason: string) => `Failed to delete ${label}: ${reason}`,
};

/** How toasts and dialogs name a user: display name, else username, else email, else the uid. */
export function userLabel(user: Pick<UserRecord, 'uid' | 'displayName' | 'username' | 'email'>): string {
  return user.displayName?.trim() || user.username?.trim() || user.email?.trim() || user.uid;
}

function successTexts(update: UserFlagsUpdate, label: string): string[] {
  const texts: string[] = [];
  if (update.isPremium === true) texts.push(userToastTexts.premiumGranted(label));
  if (update.isPremium === false) texts.push(userToastTexts.premiumRemoved(label));
  if (update.accountActive === true) texts.push(userToastTexts.activated(label));
  if (update.accountActive === false) texts.push(userToastTexts.deactivated(label));
  return texts;
}

/** Waits for a flags change and says how it went; resolves with the saved record, or null on failure. */
export async function userFlagsLifecycle(
  change: { update: UserFlagsUpdate; label: string },
  queryFulfilled: Promise<{ data: UserRecord }>,
): Promise<UserRecord | null> {
  try {
    const { data } = await queryFulfilled;
    for (const text of successTexts(change.update, change.label)) notify(text, 'success');
    if (change.update.isPremium === true) notify(userToastTexts.premiumUpgradeActivity(change.label), 'activity');
    return data;
  } catch (error) {
    // A version conflict is not a failure to report: the screen shows both sides and lets the operator choose.
    if (!conflictOf(errorOf(error))) notify(userToastTexts.updateFailed(change.label, errorReason(errorOf(error))), 'error');
    return null;
  }
}

/** Pending, then success or failure (spec 8). Resolves true when the user is gone. */
export async function userDeleteLifecycle(
  deletion: { label: string },
  queryFulfilled: Promise<{ data: DeleteUserResponse }>,
): Promise<boolean> {
  const pending = notify(userToastTexts.deletePending(deletion.label), 'info');
  try {
    const { data } = await queryFulfilled;
    closeSnackbar(pending);
    // The spec's success text, then (Firebase mode) each part of the deletion and what was left (userDeletionReport.ts).
    const report = deletionReport(userToastTexts.deleted(deletion.label), data);
    notify(report.text, report.kind);
    return true;
  } catch (error) {
    closeSnackbar(pending);
    if (!conflictOf(errorOf(error))) notify(userToastTexts.deleteFailed(deletion.label, errorReason(errorOf(error))), 'error');
    return false;
  }
}

/** queryFulfilled rejects with { error } (the ApiError) for a failed queryFn. */
function errorOf(rejection: unknown): unknown {
  return (rejection as { error?: unknown } | null)?.error ?? rejection;
}
