import { impactText } from '../../../../../contract/dataSafety';
import type { TrashedName } from '../../../../../contract/schemas/dataSafety';
import { formatDate } from '../../../../lib/format';

type Carried = { names: number; swipes: number; matches: number };

/** What some trashed names carry, summed: what a purge of them deletes forever. */
export function carriedBy(rows: readonly Pick<TrashedName, 'swipes' | 'matches'>[]): Carried {
  return {
    names: rows.length,
    swipes: rows.reduce((n, r) => n + r.swipes, 0),
    matches: rows.reduce((n, r) => n + r.matches, 0),
  };
}

/** "Delete 2 names forever with 75 swipes and 1 match? This cannot be undone." */
export function purgeQuestion(carried: Carried): string {
  // impactText starts "<n> name(s) with …": "forever" goes after the names.
  return `Delete ${impactText(carried).replace(' with ', ' forever with ')}? This cannot be undone.`;
}

/** "Deleted 2 names with 75 swipes and 1 match forever." */
export const purgedText = (r: { purgedCount: number; swipes: number; matches: number }) =>
  `Deleted ${impactText({ names: r.purgedCount, swipes: r.swipes, matches: r.matches })} forever.`;

/** How the names of a deletion came to the trash: "a delete of selected names by ana@example.com on 4 Mar 2026". */
export function deletionText(row: TrashedName): string {
  const how =
    row.deletionKind === 'import_undo'
      ? `the undo of the import ${row.importFileName ? `of ${row.importFileName}` : ''}`.trimEnd()
      : row.deletionKind === 'bulk_delete'
        ? 'a delete of selected names'
        : row.deletionKind === 'restore_replace'
          ? 'a restore of a backup that replaced the names (these were not in its file)'
          : 'a delete';
  return `${how} by ${row.deletedBy.email} on ${formatDate(row.deletedAt)}`;
}

/** Rows that came with others (a bulk delete, an import's undo): their deletion can be shown and restored whole. */
export const isGroupDeletion = (row: Pick<TrashedName, 'deletionKind'>) => row.deletionKind !== 'delete';
