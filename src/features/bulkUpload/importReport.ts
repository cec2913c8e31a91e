// The texts of the bulk import (spec 5 and 8) and the final report of a job: exactly which rows
// landed, which did not and why, so a user can re-import the rest without losing or doubling rows.
import { formatCount } from '../../lib/format';
import type { ToastKind } from '../../lib/notify';
import type { SkipCounts } from './csv/csvParseProtocol';
import type { SkipReason } from '../../../contract/csvRows';
import type { FileEncoding } from './csv/fileText';

export const NO_FILE_TEXT = 'Please select a CSV file to upload.';
export const PARSE_ERROR_TEXT = 'Error parsing file. Please check the file and try again.';
export const UPLOAD_ERROR_TEXT = 'Error during upload. Please check the file format and try again.';
export const UPLOAD_ERROR_TOAST = 'Bulk upload failed. Please check file format and try again.';
/**
 * When the server stopped answering mid-import (crash, restart, network): the file is not the problem, and
 * "check the file format" sent operators looking for a fault that was not there.
 */
export const SERVER_STOPPED_TEXT =
  'The upload stopped: the server stopped answering (it may have crashed or restarted). The file is not the problem.';
export const SERVER_STOPPED_TOAST = 'Bulk upload stopped: the server stopped answering. See what landed below.';

/** The upload ended because a batch got no answer from the API, not because the API refused rows. */
export const serverStopped = (tally: ImportTally) => tally.outcomes.some((o) => o.state === 'unknown');
export const successText = (added: number, skipped: number) => `Bulk upload completed! Added: ${added}, Skipped: ${skipped}`;
export const successToast = (added: number) => `Successfully imported ${added} names!`;
const NOTHING_ADDED_PREFIX = 'No new names were added';

/** How one sent batch settled. 'rejected': the API itself answered with an error (a 4xx, or a 5xx
 * with its ApiErrorBody), so its transaction rolled back; 'unknown': no answer from the API (timeout,
 * network, a proxy's 502/504 or another 5xx without ApiErrorBody), so it may or may not have committed. */
export interface BatchOutcome {
  seq: number;
  fromRow: number;
  toRow: number;
  rows: number;
  state: 'added' | 'rejected' | 'unknown';
  added: number;
  /** rows the server did not store because the same name, gender and nationality exists */
  duplicates: number;
  /** rows the server did not store because the same name, gender and nationality is in the trash */
  trashed: number;
  reason?: string;
}

export interface ImportTally {
  /** settled batches; every batch that was sent is settled before a report is written */
  outcomes: BatchOutcome[];
  rowsRead: number;
  rowsSkipped: number;
  rowsSent: number;
  rowsAdded: number;
  /** every row of the file was sent (the parser reached the end and nothing was held back) */
  allSent: boolean;
  /** rows the server skipped as duplicates (in the database or earlier in the file) */
  duplicates: number;
  /** rows the server skipped because the same name is in the trash (restoring it is the operator's call) */
  trashed: number;
  /** rowsSkipped by reason */
  skippedByReason: SkipCounts;
  /** how the file was decoded, once known */
  encoding: FileEncoding | null;
}

/** Each skip reason as the report words it after its count. */
export const SKIP_REASON_TEXT: Record<SkipReason, string> = {
  'missing-field': 'missing a name, gender or nationality',
  'unknown-gender': 'with a gender other than male, female or unisex',
  'too-long': 'with a name or nationality over 200 characters',
  'control-character': 'with control characters (such as a line break inside a name)',
  'bidi-control': 'with bidirectional text controls',
  'zero-width': 'with zero-width characters',
  'invisible-format': 'with invisible formatting characters',
  'lone-surrogate': 'with a broken character (a lone surrogate)',
  'replacement-character': 'with characters the file’s encoding could not read (U+FFFD)',
};

/** Duplicates and names in the trash count among Skipped: rows read = added + skipped. */
export const skippedTotal = (tally: ImportTally) => tally.rowsSkipped + tally.duplicates + tally.trashed;

/** Rows the server answered for without storing them. */
const notStored = (tally: Pick<ImportTally, 'duplicates' | 'trashed'>) => tally.duplicates + tally.trashed;

/** Said after the counts: a name in the trash is not a duplicate; it comes back, swipes and all, by a restore. */
export const trashedSentence = (n: number) =>
  `In the trash: ${formatCount(n)} (the same name, gender and nationality was deleted; restore ${n === 1 ? 'it' : 'them'} from Manage Names → Trash to bring back ${n === 1 ? 'its' : 'their'} swipes too).`;

/** "Read as UTF-8." and, when rows were skipped, one line per reason, duplicates on their own. */
export function readingSentences(tally: ImportTally, final: boolean): string[] {
  const sentences: string[] = [];
  if (tally.encoding) sentences.push(`Read as ${tally.encoding}.`);
  const reasons = (Object.entries(tally.skippedByReason) as [SkipReason, number | undefined][])
    .filter(([, count]) => (count ?? 0) > 0)
    .map(([reason, count]) => `${formatCount(count ?? 0)} ${SKIP_REASON_TEXT[reason]}`);
  if (reasons.length > 0) sentences.push(`Skipped${final ? '' : ' so far'}: ${reasons.join('; ')}.`);
  if (tally.duplicates > 0) {
    sentences.push(
      `Skipped as duplicates: ${formatCount(tally.duplicates)} (the same name, gender and nationality is already stored or came earlier in the file).`,
    );
  }
  if (tally.trashed > 0) sentences.push(trashedSentence(tally.trashed));
  return sentences;
}

export interface Report {
  message: string;
  detail: string | null;
}

function rowsText(from: number, to: number): string {
  return from === to ? `row ${formatCount(from)}` : `rows ${formatCount(from)}–${formatCount(to)}`;
}

/** Consecutive added batches merged into one range (batches partition the rows, so seq order = row order). */
function addedRanges(outcomes: BatchOutcome[]): string[] {
  const ranges: string[] = [];
  let start: BatchOutcome | null = null;
  let prev: BatchOutcome | null = null;
  for (const o of outcomes) {
    if (o.state === 'added' && start && prev && o.seq === prev.seq + 1) {
      prev = o;
      continue;
    }
    if (start && prev) ranges.push(rowsText(start.fromRow, prev.toRow));
    start = o.state === 'added' ? o : null;
    prev = o.state === 'added' ? o : null;
  }
  if (start && prev) ranges.push(rowsText(start.fromRow, prev.toRow));
  return ranges;
}

/** Sentences saying where every row read so far went. Row numbers count data rows after the header. */
export function landingSentences(tally: ImportTally): string[] {
  const outcomes = [...tally.outcomes].sort((a, b) => a.seq - b.seq);
  const sentences: string[] = [];
  const added = addedRanges(outcomes);
  if (added.length > 0) sentences.push(`Added: ${added.join(', ')}.`);
  for (const o of outcomes) {
    if (o.state === 'rejected') sentences.push(`Not added: ${rowsText(o.fromRow, o.toRow)} (${o.reason ?? 'rejected by the server'}).`);
    if (o.state === 'unknown') {
      sentences.push(
        `Unconfirmed: ${rowsText(o.fromRow, o.toRow)} (${o.reason ?? 'no answer'}); they may or may not have been added, so check them before importing them again.`,
      );
    }
  }
  const lastSent = outcomes.reduce((max, o) => Math.max(max, o.toRow), 0);
  if (!tally.allSent) {
    sentences.push(lastSent === 0 ? 'Nothing was sent.' : `Not sent: rows ${formatCount(lastSent + 1)} to the end of the file.`);
  }
  sentences.push(...readingSentences(tally, tally.allSent));
  const sentButNotCounted = outcomes
    .filter((o) => o.state === 'added' && o.added + notStored(o) < o.rows)
    .reduce((n, o) => n + o.rows - o.added - notStored(o), 0);
  if (sentButNotCounted > 0) sentences.push(`The server left out ${formatCount(sentButNotCounted)} of the rows it accepted.`);
  return sentences;
}

export function successReport(tally: ImportTally): Report {
  const leftOut = tally.rowsSent - tally.rowsAdded - notStored(tally);
  const sentences = readingSentences(tally, true);
  if (leftOut > 0) sentences.push(`The server added ${formatCount(tally.rowsAdded)} of the ${formatCount(tally.rowsSent)} rows sent.`);
  return {
    message: successText(tally.rowsAdded, skippedTotal(tally)),
    detail: sentences.join(' ') || null,
  };
}

/**
 * The toast of a finished import: spec 8's success toast when names were added. When none were, "Successfully
 * imported 0 names!" would tell the operator that something happened; instead it says that nothing new was
 * added and why, from the report's own counts: info when every row was a duplicate (re-importing a file that
 * is already in is expected to change nothing), warning when rows were invalid or the file had none.
 */
export function finishedToast(tally: ImportTally): { message: string; kind: ToastKind } {
  if (tally.rowsAdded > 0) return { message: successToast(tally.rowsAdded), kind: 'success' };
  const rows = (n: number) => `${formatCount(n)} ${n === 1 ? 'row' : 'rows'}`;
  const leftOut = Math.max(0, tally.rowsSent - notStored(tally));
  const reasons: string[] = [];
  if (tally.duplicates > 0) reasons.push(`${rows(tally.duplicates)} skipped as duplicates`);
  if (tally.trashed > 0) reasons.push(`${rows(tally.trashed)} in the trash`);
  if (tally.rowsSkipped > 0) reasons.push(`${rows(tally.rowsSkipped)} skipped as invalid`);
  if (leftOut > 0) reasons.push(`${rows(leftOut)} not added by the server`);
  if (reasons.length === 0) return { message: `${NOTHING_ADDED_PREFIX}: the file has no rows to import.`, kind: 'warning' };
  const onlyDuplicates = tally.rowsSkipped === 0 && leftOut === 0;
  return { message: `${NOTHING_ADDED_PREFIX}: ${reasons.join(', ')}.`, kind: onlyDuplicates ? 'info' : 'warning' };
}

export function cancelledReport(tally: ImportTally): Report {
  return {
    message: `Cancelled. ${formatCount(tally.rowsAdded)} names were added before cancelling.`,
    detail: landingSentences(tally).join(' ') || null,
  };
}

export function uploadFailedReport(tally: ImportTally, parseProblem?: string): Report {
  const sentences = [`${formatCount(tally.rowsAdded)} names had already been added before the upload stopped.`];
  if (parseProblem) sentences.push(`The file could not be read further: ${parseProblem}`);
  const message = !parseProblem && serverStopped(tally) ? SERVER_STOPPED_TEXT : UPLOAD_ERROR_TEXT;
  return { message, detail: [...sentences, ...landingSentences(tally)].join(' ') };
}

/** Rows sent whose batch never settled (the job stopped while they were in flight). */
export function unsettledRows(tally: ImportTally): number {
  return tally.rowsSent - tally.outcomes.reduce((n, o) => n + o.rows, 0);
}

/** The job itself broke (an unexpected error, not an answer of the server): say what is known. */
export function unexpectedFailureReport(tally: ImportTally, reason: string): Report {
  const sentences = [
    `The import stopped unexpectedly: ${reason.replace(/\.$/, '')}.`,
    `${formatCount(tally.rowsAdded)} names had already been added before the upload stopped.`,
  ];
  const unsettled = unsettledRows(tally);
  if (unsettled > 0) {
    sentences.push(
      `${formatCount(unsettled)} rows were sent without an answer; they may or may not have been added, so check them before importing them again.`,
    );
  }
  return { message: UPLOAD_ERROR_TEXT, detail: [...sentences, ...landingSentences(tally)].join(' ') };
}

/** The file was unusable before any row was sent (missing columns, broken quoting early on). */
export function parseFailedReport(problem: string): Report {
  return { message: PARSE_ERROR_TEXT, detail: `${problem} Nothing was imported.` };
}

/** The server would not open a run for the import, so no batch was sent. */
export function runNotStartedReport(reason: string): Report {
  return {
    message: UPLOAD_ERROR_TEXT,
    detail: `The server could not start recording this import: ${reason.replace(/\.$/, '')}. Nothing was imported.`,
  };
}

/** What a job of the import pipeline says at each end: the import's texts, or a check's (nothing written). */
export interface JobTexts {
  done(tally: ImportTally): Report;
  doneToast(tally: ImportTally): { message: string; kind: ToastKind };
  cancelled(tally: ImportTally): Report;
  notStarted(reason: string): Report;
  parseFailed(problem: string): Report;
  failed(tally: ImportTally, parseProblem?: string): Report;
  failedToast(tally: ImportTally, parseProblem?: string): string;
  unexpected(tally: ImportTally, reason: string): Report;
}

export const IMPORT_TEXTS: JobTexts = {
  done: successReport,
  doneToast: finishedToast,
  cancelled: cancelledReport,
  notStarted: runNotStartedReport,
  parseFailed: parseFailedReport,
  failed: uploadFailedReport,
  failedToast: (tally, parseProblem) => (!parseProblem && serverStopped(tally) ? SERVER_STOPPED_TOAST : UPLOAD_ERROR_TOAST),
  unexpected: unexpectedFailureReport,
};

const NOTHING_WRITTEN = 'Nothing was written.';
export const checkDoneText = (wouldAdd: number, skipped: number) =>
  `Check complete: ${formatCount(wouldAdd)} ${wouldAdd === 1 ? 'name' : 'names'} would be added, ${formatCount(skipped)} ${skipped === 1 ? 'row' : 'rows'} skipped. ${NOTHING_WRITTEN}`;
export const CHECK_FAILED_TEXT = 'The check stopped before the end of the file.';
export const CHECK_FAILED_TOAST = 'The check of the file stopped. See why below.';

/** Where the batches checked so far went: the rows checked, and the batches the server refused, with its reason. */
function checkedSentences(tally: ImportTally): string[] {
  const outcomes = [...tally.outcomes].sort((a, b) => a.seq - b.seq);
  const sentences: string[] = [];
  const checked = addedRanges(outcomes);
  if (checked.length > 0) sentences.push(`Checked: ${checked.join(', ')}.`);
  for (const o of outcomes) {
    if (o.state !== 'added') sentences.push(`Not checked: ${rowsText(o.fromRow, o.toRow)} (${o.reason ?? 'no answer'}).`);
  }
  return sentences;
}

/**
 * A check's texts ("Check file" on Bulk Upload, contract/importChecks.ts): the import's counts as what would happen, and
 * every end says that nothing was written, so an operator knows the file can be imported (or fixed) as it is.
 */
export const CHECK_TEXTS: JobTexts = {
  done: (tally) => ({
    message: checkDoneText(tally.rowsAdded, skippedTotal(tally)),
    detail: [...readingSentences(tally, true), 'Press Upload to import the file.'].join(' '),
  }),
  doneToast: (tally) => ({
    message: `File checked: ${formatCount(tally.rowsAdded)} ${tally.rowsAdded === 1 ? 'name' : 'names'} would be added.`,
    kind: 'info',
  }),
  cancelled: (tally) => ({
    message: `Check cancelled. ${NOTHING_WRITTEN}`,
    detail: [...checkedSentences(tally), ...readingSentences(tally, false)].join(' ') || null,
  }),
  notStarted: (reason) => ({
    message: CHECK_FAILED_TEXT,
    detail: `The server could not start the check: ${reason.replace(/\.$/, '')}. ${NOTHING_WRITTEN}`,
  }),
  parseFailed: (problem) => ({ message: PARSE_ERROR_TEXT, detail: `${problem} ${NOTHING_WRITTEN}` }),
  failed: (tally, parseProblem) => ({
    message: CHECK_FAILED_TEXT,
    detail: [
      ...(parseProblem ? [`The file could not be read further: ${parseProblem}`] : []),
      ...checkedSentences(tally),
      ...readingSentences(tally, false),
      NOTHING_WRITTEN,
    ].join(' '),
  }),
  failedToast: () => CHECK_FAILED_TOAST,
  unexpected: (tally, reason) => ({
    message: CHECK_FAILED_TEXT,
    detail: [`The check stopped unexpectedly: ${reason.replace(/\.$/, '')}.`, ...checkedSentences(tally), NOTHING_WRITTEN].join(' '),
  }),
};
