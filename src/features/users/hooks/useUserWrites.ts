import { useCallback, useState } from 'react';
import type { UserRecord, UserFlagsUpdate } from '../../../../contract/schemas/usersAudit';
import { useAppDispatch } from '../../../app/hooks';
import { basisOf, conflictOf, type UserConflictSide } from '../userConflicts';
import { putUserInCachedLists, useDeleteUserMutation, useUpdateUserFlagsMutation } from '../usersApi';
import { userLabel } from '../userMutationToasts';

/** A write refused because the record changed since it was shown: what the operator did, and the record now. */
export type UserConflict =
  | { kind: 'flags'; shown: UserRecord; update: UserFlagsUpdate; theirs: UserConflictSide }
  | { kind: 'delete'; shown: UserRecord; theirs: UserConflictSide };

export interface UserWrites {
  /** uids with a change on its way: their buttons wait */
  busy: ReadonlySet<string>;
  togglePremium(user: UserRecord): void;
  toggleActive(user: UserRecord): void;
  /** Deletes (after the spec's confirmation); resolves true once the user is gone. */
  remove(user: UserRecord): Promise<boolean>;
  deleting: boolean;
  conflict: UserConflict | null;
  /** the conflict dialog's choices */
  keepTheirs(): void;
  applyMineAnyway(): void;
  deleteAnyway(): Promise<boolean>;
}

/**
 * User Management's writes (headless): each is based on the row as shown (its version, and the row itself for a
 * backend without versions). A toggle whose field changed since, or a delete of a record that changed at all,
 * comes back as `conflict` for the operator to settle; the mutations' toasts say the rest (userMutationToasts.ts).
 */
export function useUserWrites(): UserWrites {
  const dispatch = useAppDispatch();
  const [updateFlags] = useUpdateUserFlagsMutation();
  const [deleteUser, { isLoading: deleting }] = useDeleteUserMutation();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [conflict, setConflict] = useState<UserConflict | null>(null);

  const track = useCallback(async <T>(uid: string, work: () => Promise<T>): Promise<T | undefined> => {
    setBusy((b) => new Set(b).add(uid));
    try {
      return await work();
    } finally {
      setBusy((b) => {
        const next = new Set(b);
        next.delete(uid);
        return next;
      });
    }
  }, []);

  const sendFlags = useCallback(
    async (shown: UserRecord, update: UserFlagsUpdate) => {
      try {
        await track(shown.uid, () => updateFlags({ uid: shown.uid, update, label: userLabel(shown), basis: basisOf(shown) }).unwrap());
      } catch (error) {
        // Any other failure: the mutation's toast has said what went wrong.
        const theirs = conflictOf(error);
        if (theirs) setConflict({ kind: 'flags', shown, update, theirs });
      }
    },
    [track, updateFlags],
  );

  const sendDelete = useCallback(
    async (shown: UserRecord): Promise<boolean> => {
      try {
        await track(shown.uid, () => deleteUser({ uid: shown.uid, label: userLabel(shown), basis: basisOf(shown) }).unwrap());
        return true;
      } catch (error) {
        const theirs = conflictOf(error);
        if (theirs) setConflict({ kind: 'delete', shown, theirs });
        return false;
      }
    },
    [track, deleteUser],
  );

  const showTheirs = useCallback(() => {
    if (conflict) dispatch(putUserInCachedLists(conflict.theirs.current));
    setConflict(null);
  }, [conflict, dispatch]);

  return {
    busy,
    togglePremium: useCallback((user: UserRecord) => void sendFlags(user, { isPremium: !user.isPremium }), [sendFlags]),
    toggleActive: useCallback((user: UserRecord) => void sendFlags(user, { accountActive: !user.accountActive }), [sendFlags]),
    remove: sendDelete,
    deleting,
    conflict,
    keepTheirs: showTheirs,
    applyMineAnyway() {
      if (conflict?.kind !== 'flags') return;
      // The row shows the record now while the write goes, based on it.
      dispatch(putUserInCachedLists(conflict.theirs.current));
      setConflict(null);
      void sendFlags(conflict.theirs.current, conflict.update);
    },
    async deleteAnyway() {
      if (conflict?.kind !== 'delete') return false;
      const current = conflict.theirs.current;
      setConflict(null);
      return sendDelete(current);
    },
  };
}
