// What the restore tests share: calls to the API as the demo admin, the spec's full backup read through the export
// pages (as the console's Data Export writes it), and a restore driven through its routes as the console drives it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RESTORE_BATCH_MAX_ROWS, type RestoreMode } from '../../contract/backupRestore';
import type { RestoreSession } from '../../contract/schemas/backupRestore';
import { BACKUP_COLLECTIONS, BACKUP_VERSION, type BackupCollection } from '../../contract/exports';
import type { TestApp } from './testApp';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface Backup {
  version: string;
  createdAt: string;
  data: Record<BackupCollection, Record<string, unknown>[]>;
}

export const newBackupDir = () => mkdtempSync(path.join(tmpdir(), 'restore-backups-'));

export function api(t: TestApp) {
  async function call<T = unknown>(method: Method, url: string, payload?: unknown, token = t.adminToken) {
    const response = await t.app.inject({
      method,
      url: `/api${url}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.statusCode, body: (response.body === '' ? undefined : response.json()) as T };
  }

  const EXPORT_SOURCES: Record<BackupCollection, string> = {
    users: 'users',
    names: 'names',
    connections: 'connections',
    audit_logs: 'audit-logs',
  };

  /** The four collections page by page through GET /api/export/*, as the console's full backup holds them. */
  async function readBackup(): Promise<Backup> {
    const data = {} as Backup['data'];
    for (const collection of BACKUP_COLLECTIONS) {
      const rows: Record<string, unknown>[] = [];
      let after: string | null = null;
      do {
        const query: string = `limit=250${after === null ? '' : `&after=${encodeURIComponent(after)}`}`;
        const { status, body }: { status: number; body: { rows: Record<string, unknown>[]; next: string | null } } = await call(
          'GET',
          `/export/${EXPORT_SOURCES[collection]}?${query}`,
        );
        expect(status).toBe(200);
        rows.push(...body.rows);
        after = body.next;
      } while (after !== null);
      data[collection] = rows;
    }
    return { version: BACKUP_VERSION, createdAt: new Date().toISOString(), data };
  }

  async function open(fileName = 'backup.json', fileSize = 1234) {
    const opened = await call<RestoreSession>('POST', '/admin/restores', { fileName, fileSize });
    expect(opened.status).toBe(201);
    return opened.body;
  }

  /** Sends every collection's rows in batches, as the console does. */
  async function sendRows(id: number, data: Backup['data'], batch = RESTORE_BATCH_MAX_ROWS) {
    for (const collection of BACKUP_COLLECTIONS) {
      const rows = data[collection];
      for (let first = 0; first < rows.length; first += batch) {
        const sent = await call('POST', `/admin/restores/${id}/rows`, {
          collection,
          firstIndex: first,
          rows: rows.slice(first, first + batch),
        });
        expect(sent.status).toBe(200);
      }
    }
  }

  const rowsRead = (data: Backup['data']) =>
    Object.fromEntries(BACKUP_COLLECTIONS.map((c) => [c, data[c].length])) as Record<BackupCollection, number>;

  async function check(id: number, data: Backup['data'], fileProblems: { collection: BackupCollection; problem: string }[] = []) {
    const checked = await call<RestoreSession>('POST', `/admin/restores/${id}/check`, { rowsRead: rowsRead(data), fileProblems });
    expect(checked.status).toBe(200);
    return checked.body;
  }

  /** GET until the restore has ended (on PGlite the GET waits for the apply's transaction itself). */
  async function waitForEnd(id: number): Promise<RestoreSession> {
    for (let i = 0; i < 600; i++) {
      const { body } = await call<RestoreSession>('GET', `/admin/restores/${id}`);
      if (!['applying', 'staging', 'ready'].includes(body.state)) return body;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`restore ${id} did not end`);
  }

  /** Open, send, check, apply and wait: the whole restore of `backup`. */
  async function restore(backup: Backup, mode: RestoreMode, options: { confirmAdminChanges?: boolean } = {}) {
    const opened = await open();
    await sendRows(opened.id, backup.data);
    const checked = await check(opened.id, backup.data);
    const applied = await call<RestoreSession>('POST', `/admin/restores/${opened.id}/apply`, {
      mode,
      confirmAdminChanges: options.confirmAdminChanges ?? false,
    });
    if (applied.status !== 202) throw new Error(`apply answered ${applied.status}: ${JSON.stringify(applied.body)}`);
    const ended = await waitForEnd(opened.id);
    return { checked, ended };
  }

  return { call, readBackup, open, sendRows, check, waitForEnd, restore, rowsRead };
}
