// Acting on every name that matches a filter (Manage Names' "Select all n names matching this filter"): the server
// runs it as one job over the filter as it was when the operator confirmed. The schemas are schemas/namesBulkJobs.ts.
//
// - POST /api/names/bulk-jobs fixes the matching names and the versions they had (the job's items) in one
//   transaction; `expectedCount` is the count the confirmation showed: a different count answers 409
//   'count_changed' with the new one, so the console asks again instead of acting on names nobody saw counted.
// - The server then works through the items in batches of NAME_BULK_JOB_BATCH, each batch its own transaction.
//   A name changed since the snapshot (its version moved) is skipped and counted, never overwritten; one that is
//   no longer live is counted as gone. Delete moves names to the trash as ONE deletion (restorable as one);
//   edit sets gender or nationality as a single edit would, skipping a name it would duplicate.
// - Cancel asks the job to stop; it stops between batches, and the job says what landed.
// - The console-action trail holds the job as one action with its counts, and each name it touched.

/** The filter a job acts on, as POST /api/names/bulk-jobs takes it (schemas/namesBulkJobs.ts). */
export interface NameBulkJobFilter {
  letter?: string;
  gender?: string;
  nationality?: string;
  q?: string;
}

export const NAME_BULK_JOB_ACTIONS = ['delete', 'edit'] as const;
export const NAME_BULK_JOB_STATES = ['running', 'cancelling', 'done', 'cancelled', 'failed'] as const;
export type NameBulkJobState = (typeof NAME_BULK_JOB_STATES)[number];

/** Names per batch transaction: a batch of the trash move on the embedded database stays well under a second. */
export const NAME_BULK_JOB_BATCH = 500;

/** Most names one job takes (the snapshot is one INSERT ... SELECT of ids and versions). */
export const NAME_BULK_JOB_MAX = 1_000_000;

/** The 409 code of a start whose expectedCount no longer matches; the answer's `count` is the new one. */
export const COUNT_CHANGED = 'count_changed';

export const isFinished = (state: NameBulkJobState) => state === 'done' || state === 'cancelled' || state === 'failed';

const capitalized = (text: string) => (text === '' ? text : text[0]!.toUpperCase() + text.slice(1));

/**
 * The filter in words, as the confirmation and the trail say it: "letter S, nationality icelandic". No filter at
 * all is "all names".
 */
export function filterInWords(filter: NameBulkJobFilter): string {
  const parts = [
    ...(filter.letter ? [`letter ${filter.letter.toUpperCase()}`] : []),
    ...(filter.gender ? [`gender ${filter.gender}`] : []),
    ...(filter.nationality ? [`nationality ${filter.nationality.toLowerCase()}`] : []),
    ...(filter.q ? [`search “${filter.q}”`] : []),
  ];
  return parts.length === 0 ? 'all names' : parts.join(', ');
}

/** "12,345 names: letter S, nationality icelandic" */
export function countAndFilterInWords(count: number, filter: NameBulkJobFilter): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'name' : 'names'}: ${filterInWords(filter)}`;
}

/** "nationality → swedish" */
export function changeInWords(set: { gender?: string; nationality?: string } | null | undefined): string {
  if (!set) return '';
  return Object.entries(set)
    .filter(([, value]) => value !== undefined)
    .map(([field, value]) => `${field} → ${String(value).toLowerCase()}`)
    .join(', ');
}

/** What a job did, in one sentence: the progress line, the final toast, the trail's summary. */
export function jobOutcomeInWords(
  job: { action: (typeof NAME_BULK_JOB_ACTIONS)[number]; state: NameBulkJobState } & Record<
    'total' | 'done' | 'applied' | 'changedSince' | 'gone' | 'duplicates' | 'unchanged',
    number
  >,
): string {
  const verb = job.action === 'delete' ? 'moved to the trash' : 'edited';
  const skipped = [
    ...(job.changedSince > 0 ? [`${job.changedSince.toLocaleString('en-US')} changed since the snapshot (skipped)`] : []),
    ...(job.gone > 0 ? [`${job.gone.toLocaleString('en-US')} already deleted`] : []),
    ...(job.duplicates > 0 ? [`${job.duplicates.toLocaleString('en-US')} would duplicate a name (skipped)`] : []),
    ...(job.unchanged > 0 ? [`${job.unchanged.toLocaleString('en-US')} already so`] : []),
  ];
  const head = `${job.applied.toLocaleString('en-US')} of ${job.total.toLocaleString('en-US')} names ${verb}`;
  const tail =
    job.state === 'cancelled'
      ? `; cancelled: ${(job.total - job.done).toLocaleString('en-US')} not touched`
      : job.state === 'failed'
        ? `; stopped by an error: ${(job.total - job.done).toLocaleString('en-US')} not touched`
        : '';
  return `${capitalized(head)}${skipped.length > 0 ? ` (${skipped.join(', ')})` : ''}${tail}`;
}
