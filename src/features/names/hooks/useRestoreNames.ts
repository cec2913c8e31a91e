import { useCallback } from 'react';
import { impactText } from '../../../../contract/dataSafety';
import { errorReason } from '../../../api/errors';
import { notify } from '../../../lib/notify';
import { useRestoreNamesMutation, type RestoreSelection } from '../namesApi';

/** "Restored 3 names with 214 swipes and 2 matches." */
export const restoredText = (r: { restoredCount: number; swipes: number; matches: number }) =>
  `Restored ${impactText({ names: r.restoredCount, swipes: r.swipes, matches: r.matches })}.`;

export const restoreFailedText = (error: unknown) => `Failed to restore from the trash. ${errorReason(error)}`;

/**
 * Restores names from the trash and says how it went in a toast (spec 9's durations). A refused restore (404:
 * not in the trash, 409: a live twin) changed nothing on the server: its reason is shown as it came. Resolves
 * to whether the restore went through. Usable from a toast's Undo after the component that offered it is gone:
 * the mutation runs on the store, and the toast is global.
 */
export function useRestoreNames() {
  const [restoreNames, state] = useRestoreNamesMutation();
  const restore = useCallback(
    async (selection: RestoreSelection, successText?: string): Promise<boolean> => {
      try {
        const result = await restoreNames(selection).unwrap();
        notify(successText ?? restoredText(result), 'success');
        return true;
      } catch (error) {
        notify(restoreFailedText(error), 'error');
        return false;
      }
    },
    [restoreNames],
  );
  return { restore, restoring: state.isLoading };
}
