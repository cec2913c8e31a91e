// The full backup file (spec 9: users, names, connections and audit_logs, version 1.0), written in
// parts as its pages arrive (restore/backupReader.ts reads it back as a stream):
//
//   {"version":"1.0","createdAt":"…","data":{"users":[…],"names":[…],"connections":[…],"audit_logs":[…]},
//    "counts":{"users":n,…}}
//
// `counts` comes last because it is known only at the end; readers must not rely on key order.
import { BACKUP_VERSION, type BackupCollection } from '../../../contract/exports';

export type BackupCounts = Record<BackupCollection, number>;

export function backupOpening(createdAt: string): string {
  return `{"version":${JSON.stringify(BACKUP_VERSION)},"createdAt":${JSON.stringify(createdAt)},"data":{`;
}

/** Opens one section's array; sections after the first are preceded by a comma. */
export function backupSectionOpening(section: BackupCollection, index: number): string {
  return `${index === 0 ? '' : ','}${JSON.stringify(section)}:`;
}

export function backupClosing(counts: BackupCounts): string {
  return `},"counts":${JSON.stringify(counts)}}`;
}
