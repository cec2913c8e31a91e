// Before a replace, the current four collections are saved as a backup file of the console's own format (Data
// Export's full backup: src/features/dataExport/backupDocument.ts writes the same layout), so the state a replace
// overwrote can be restored like any backup. Read page by page through the export's own reads (exportReads.ts) in
// the apply's transaction: the file holds exactly what the replace then changes.
import { createWriteStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import {
  BACKUP_COLLECTIONS,
  BACKUP_VERSION,
  EXPORT_PAGE_MAX,
  type BackupCollection,
  type ExportCollection,
} from '../../../contract/exports';
import { DEFAULT_DATA_DIR } from '../db/open';
import type { Queryable } from '../db/types';
import { readExportPage } from '../exports/exportReads';

/** BACKUP_DIR's default: a `backups` folder beside the PGlite data folder (.data/backups for the default .data/pglite). */
export function defaultBackupDir(dataDir?: string): string {
  const folder = dataDir && !dataDir.includes('://') ? dataDir : DEFAULT_DATA_DIR;
  return path.join(path.dirname(path.resolve(folder)), 'backups');
}

const SOURCE: Record<BackupCollection, ExportCollection> = {
  users: 'users',
  names: 'names',
  connections: 'connections',
  audit_logs: 'audit-logs',
};

export type BackupCounts = Record<BackupCollection, number>;

/**
 * Writes the file (owner-only) under a temporary name and renames it once complete, so a file under its name is
 * always whole. `onRows` is told after each page (the apply's progress). Answers the rows written per collection.
 */
export async function writeBeforeBackup(
  tx: Queryable,
  file: string,
  onRows: (written: number) => Promise<void>,
  createdAt = new Date(),
): Promise<BackupCounts> {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  if (existsSync(file)) throw new Error(`${file} exists already: a backup file is never overwritten`);
  const partial = `${file}.partial`;
  const out = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  const counts: BackupCounts = { users: 0, names: 0, connections: 0, audit_logs: 0 };
  let written = 0;
  try {
    await write(`{"version":${JSON.stringify(BACKUP_VERSION)},"createdAt":${JSON.stringify(createdAt.toISOString())},"data":{`);
    for (const [i, collection] of BACKUP_COLLECTIONS.entries()) {
      await write(`${i === 0 ? '' : ','}${JSON.stringify(collection)}:[`);
      let after: string | undefined;
      do {
        const page = await readExportPage(tx, SOURCE[collection], { after, limit: EXPORT_PAGE_MAX });
        const { rows, next } = 'json' in page ? (JSON.parse(page.json) as { rows: unknown[]; next: string | null }) : page;
        if (rows.length > 0) await write((counts[collection] === 0 ? '\n' : ',\n') + rows.map((row) => JSON.stringify(row)).join(',\n'));
        counts[collection] += rows.length;
        written += rows.length;
        await onRows(written);
        after = next ?? undefined;
      } while (after !== undefined);
      await write(counts[collection] === 0 ? ']' : '\n]');
    }
    await write(`},"counts":${JSON.stringify(counts)}}\n`);
    out.end();
    await once(out, 'finish');
    renameSync(partial, file);
    return counts;
  } catch (error) {
    out.destroy();
    rmSync(partial, { force: true });
    throw error;
  }
}
