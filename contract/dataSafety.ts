// Wire types and constants of what keeps an operator's mistakes and collisions from losing data: the names trash,
// record versions (If-Match and 409), and a record's history with revert. The schemas are in endpoints.ts.
//
// - Deleting a name (one, a selection, an import's undo) moves it to the trash with its swipes: it leaves every
//   list, count and figure, and a restore brings back exactly what was there (same id, swipes, matches, figures).
//   Only "Delete forever" and the retention purge (TRASH_RETENTION_DAYS) remove it for good.
// - Names and users carry `version`. A write sends the version it was based on as `If-Match: "<version>"`; a stale
//   one answers 409 'version_conflict' with the record as it is now and who changed it last. A write without
//   If-Match goes ahead (clients of the API that do not send it).
// - GET /api/history/{name|user}/{id}: every change from the console-action trail, the app's audit events of a user
//   and the import that created a name, newest first; POST /api/history/revert takes a change back as a new,
//   version-checked write (reverting a deletion is a restore).

export type HistoryTargetType = 'name' | 'user';

/**
 * Names per request when the console restores a whole deletion: on the embedded database 35,000 names took 7.7 s in
 * one request (the 10 s API timeout under load), 2,000 take about half a second.
 */
export const RESTORE_PART = 2000;

/** Days a name stays in the trash before the purge deletes it forever (the server's TRASH_RETENTION_DAYS). */
export const DEFAULT_TRASH_RETENTION_DAYS = 30;

/** The error codes of the 409s a console must tell apart. */
export const VERSION_CONFLICT = 'version_conflict';
export const IN_TRASH = 'in_trash';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * "3 names with 214 swipes and 2 matches", "1 name with no swipes": what a delete takes to the trash, or a
 * purge deletes forever. The one wording for the confirmations, the answers' toasts and the trail's summaries.
 */
export function impactText(impact: { names: number; swipes: number; matches: number }): string {
  const carried =
    impact.swipes === 0 && impact.matches === 0
      ? 'no swipes'
      : impact.matches === 0
        ? plural(impact.swipes, 'swipe', 'swipes')
        : `${plural(impact.swipes, 'swipe', 'swipes')} and ${plural(impact.matches, 'match', 'matches')}`;
  return `${plural(impact.names, 'name', 'names')} with ${carried}`;
}
