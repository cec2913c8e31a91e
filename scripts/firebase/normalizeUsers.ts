// Brings existing `users` documents to the shape the console's Firestore queries need (see
// src/backend/firebase/userNormalization.ts): instants as Timestamps, absent sort fields as null, filtered
// fields with their defaults (the search needs none of it). A one-off for data written before the console (or
// by an app that does not keep these fields); safe to run again, it changes only what differs.
// Reads the collection in pages by document id; writes with a BulkWriter, each update conditional on the
// document not having changed since it was read, so a write by the app in between is never overwritten (the
// document is counted as skipped; run again to normalize it).
import type { DocumentData, Firestore, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { normalizeUserDocument } from '../../src/backend/firebase/userNormalization';

export interface NormalizeUsersOptions {
  /** Count what would change without writing. */
  dryRun?: boolean;
  /** Documents read per page (default 500). */
  pageSize?: number;
  /** Called with each page as read, before its writes (tests change a document here). */
  onPageRead?: (ids: string[]) => Promise<void>;
  /** Progress, one line per page. */
  log?: (line: string) => void;
}

export interface NormalizeUsersReport {
  read: number;
  /** Documents written (or that would be, on a dry run). */
  updated: number;
  /** Documents changed by someone else between the read and the write: left as they are. */
  skipped: number;
  /** Writes per field. */
  fields: Record<string, number>;
  /** Values that cannot be read as their type, for a person to fix: the first 100. */
  unreadable: { id: string; field: string }[];
  unreadableCount: number;
}

const UNREADABLE_LISTED = 100;

export async function normalizeUsers(firestore: Firestore, options: NormalizeUsersOptions = {}): Promise<NormalizeUsersReport> {
  const { FieldPath, Timestamp } = await import('firebase-admin/firestore');
  const pageSize = options.pageSize ?? 500;
  const report: NormalizeUsersReport = { read: 0, updated: 0, skipped: 0, fields: {}, unreadable: [], unreadableCount: 0 };
  const writer = options.dryRun ? null : firestore.bulkWriter();
  // 9 FAILED_PRECONDITION: the document changed after it was read; a retry would fail the same way.
  writer?.onWriteError((error) => error.code !== 9 && error.failedAttempts < 5);
  const failures: Error[] = [];
  const counted = (fields: string[]) => {
    report.updated += 1;
    for (const field of fields) report.fields[field] = (report.fields[field] ?? 0) + 1;
  };

  let after: QueryDocumentSnapshot<DocumentData> | null = null;
  for (;;) {
    let page = firestore.collection('users').orderBy(FieldPath.documentId()).limit(pageSize);
    if (after) page = page.startAfter(after);
    const snapshot = await page.get();
    if (snapshot.empty) break;
    await options.onPageRead?.(snapshot.docs.map((d) => d.id));
    const writes: Promise<void>[] = [];
    for (const document of snapshot.docs) {
      report.read += 1;
      const { update, unreadable } = normalizeUserDocument(document.data());
      for (const field of unreadable) {
        report.unreadableCount += 1;
        if (report.unreadable.length < UNREADABLE_LISTED) report.unreadable.push({ id: document.id, field });
      }
      const fields = Object.keys(update);
      if (fields.length === 0) continue;
      if (!writer) {
        counted(fields);
        continue;
      }
      const values = Object.fromEntries(Object.entries(update).map(([k, v]) => [k, v instanceof Date ? Timestamp.fromDate(v) : v]));
      const write = writer.update(document.ref, values, { lastUpdateTime: document.updateTime }).then(
        () => counted(fields),
        (error: { code?: number } & Error) => {
          if (error.code === 9) report.skipped += 1;
          else failures.push(error);
        },
      );
      writes.push(write);
    }
    after = snapshot.docs[snapshot.docs.length - 1]!;
    await writer?.flush();
    await Promise.all(writes);
    options.log?.(`read ${report.read}, ${options.dryRun ? 'would update' : 'updated'} ${report.updated}, skipped ${report.skipped}`);
    if (snapshot.size < pageSize) break;
  }
  await writer?.close();
  if (failures.length > 0) {
    throw new Error(`${failures.length} users documents could not be written (first: ${failures[0]!.message}); run again to retry them.`);
  }
  return report;
}
