import { Tokenizer } from '@streamparser/json';
import { notSentRow, RESTORE_ROW_MAX_BYTES } from '../../../../contract/backupRestore';
import type { RestoreRowsRequest } from '../../../../contract/schemas/backupRestore';
import { BACKUP_COLLECTIONS } from '../../../../contract/exports';
import { createJsonArrayWriter } from '../../../lib/export';
import { backupClosing, backupOpening, backupSectionOpening } from '../backupDocument';
import { readBackup, type BackupReadOptions, type BackupReadSummary } from './backupReader';

/** A backup as the Full Backup export writes it (its own writer), from rows per collection. */
function writeBackup(sections: Partial<Record<string, unknown[]>>): string {
  let text = backupOpening('2026-11-22T20:00:00.000Z');
  const counts = { users: 0, names: 0, connections: 0, audit_logs: 0 };
  BACKUP_COLLECTIONS.forEach((section, index) => {
    const writer = createJsonArrayWriter();
    const rows = sections[section] ?? [];
    text += backupSectionOpening(section, index) + writer.open() + writer.rows(rows) + writer.close();
    counts[section] = rows.length;
  });
  return text + backupClosing(counts);
}

const user = (uid: string, extra: Record<string, unknown> = {}) => ({ uid, email: `${uid}@example.com`, isAdmin: false, ...extra });
const name = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  name_id: id,
  name: `Name ${id}`,
  gender: 'female',
  nationality: 'irish',
  created_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});
const NOT_SENT = 'the row is larger than 16,384 bytes as JSON (not sent)';
const connection = { id: 1, userA: 'u1', userB: 'u2', status: 'confirmed', createdAt: '2026-01-02T00:00:00.000Z' };
const log = { id: 1, timestamp: '2026-01-01T00:00:00.000Z', event: 'USER_CREATED', userId: 'u1' };

async function read(file: Blob, options: BackupReadOptions = {}) {
  const batches: RestoreRowsRequest[] = [];
  const progress: number[] = [];
  const reader = readBackup(file, options);
  for (;;) {
    const next = await reader.next();
    if (next.done) return { batches, progress, summary: next.value as BackupReadSummary };
    if (next.value.type === 'rows') batches.push(next.value.batch);
    progress.push(next.value.progress.bytesRead);
  }
}

const rowsOf = (batches: RestoreRowsRequest[], collection: string) =>
  batches.filter((b) => b.collection === collection).flatMap((b) => b.rows);

it('reads a valid backup in pieces and hands its rows over in batches of consecutive rows, at most 1,000 each', async () => {
  const names = Array.from({ length: 2_500 }, (_, i) => name(i + 1, i === 7 ? { name: 'Zoë "Z", Jr.\nÆ' } : {}));
  const text = writeBackup({ users: [user('u1'), user('u2')], names, connections: [connection], audit_logs: [log] });
  const file = new Blob([text]);
  const { batches, progress, summary } = await read(file, { pieceBytes: 1_000, progressEveryBytes: 50_000 });

  expect(summary.problem).toBeNull();
  expect(summary).toMatchObject({
    version: '1.0',
    createdAt: '2026-11-22T20:00:00.000Z',
    bytesRead: file.size,
    fileProblems: [],
    rowProblems: [],
  });
  expect(summary.rowsRead).toEqual({ users: 2, names: 2_500, connections: 1, audit_logs: 1 });
  expect(summary.rowsNotSent).toEqual({ users: 0, names: 0, connections: 0, audit_logs: 0 });
  expect(batches.map((b) => [b.collection, b.firstIndex, b.rows.length])).toEqual([
    ['users', 0, 2],
    ['names', 0, 1_000],
    ['names', 1_000, 1_000],
    ['names', 2_000, 500],
    ['connections', 0, 1],
    ['audit_logs', 0, 1],
  ]);
  expect(rowsOf(batches, 'names')).toEqual(names);
  expect(rowsOf(batches, 'users')).toEqual([user('u1'), user('u2')]);
  // progress is bytes read: it grows to the file's size
  expect(progress[progress.length - 1]).toBe(file.size);
  expect(progress).toEqual([...progress].sort((a, b) => a - b));
});

it('also closes a batch at the byte bound, so a request body stays small whatever the rows weigh', async () => {
  const names = Array.from({ length: 30 }, (_, i) => name(i + 1));
  const { batches } = await read(new Blob([writeBackup({ names })]), { batchMaxBytes: 1_200 });
  const sizes = batches.map((b) => b.rows.length);
  expect(sizes.every((n) => n < 30)).toBe(true);
  expect(sizes.reduce((a, b) => a + b, 0)).toBe(30);
  expect(batches.map((b) => b.firstIndex)).toEqual(sizes.map((_, i) => sizes.slice(0, i).reduce((a, b) => a + b, 0)));
});

describe('a file that cannot be restored is named and sends nothing more', () => {
  it('not JSON, with the byte where it stops being JSON', async () => {
    const { summary, batches } = await read(new Blob(['{"version":"1.0","data":{"users":[{"uid":"u1"} oops]}}']));
    expect(summary.problem).toBe('the file is not valid JSON: unexpected "o" at byte 48');
    expect(batches).toEqual([]);
  });

  it('cut off in the middle (the parser ends before the document closes)', async () => {
    const text = writeBackup({ names: [name(1), name(2)] });
    const { summary } = await read(new Blob([text.slice(0, text.indexOf('"Name 2"') + 4)]));
    expect(summary.problem).toMatch(/^the file ends before its JSON document does \(after [\d,]+ bytes\): it is incomplete$/);
    const cutBetween = await read(new Blob([text.slice(0, text.indexOf('"connections"'))]));
    expect(cutBetween.summary.problem).toMatch(/^the file ends before its JSON document does/);
  });

  it('another version, read before the rows: nothing is sent', async () => {
    const text = writeBackup({ users: [user('u1')] }).replace('"version":"1.0"', '"version":"2.0"');
    const { summary, batches } = await read(new Blob([text]));
    expect(summary.problem).toBe('the file\'s version is "2.0"; this console restores version "1.0" backups');
    expect(batches).toEqual([]);
    expect(summary.fileProblems).toEqual([]);
  });

  it('a huge version is quoted only in part (the card shows what it quotes)', async () => {
    const text = writeBackup({ users: [user('u1')] }).replace('"version":"1.0"', `"version":"${'v'.repeat(5_000_000)}"`);
    const { summary } = await read(new Blob([text]));
    expect(summary.problem!.length).toBeLessThan(200);
    expect(summary.problem).toContain('characters)');
  });

  it('no version, or a version that is not text', async () => {
    const text = writeBackup({ users: [user('u1')] });
    expect((await read(new Blob([text.replace('"version":"1.0",', '')]))).summary.problem).toBe(
      'the file has no version; this console restores version "1.0" backups',
    );
    expect((await read(new Blob([text.replace('"version":"1.0"', '"version":{"major":1}')]))).summary.problem).toBe(
      'the file\'s version is an object; this console restores version "1.0" backups',
    );
  });

  it('not a backup at all, or empty', async () => {
    expect((await read(new Blob(['[{"uid":"u1"}]']))).summary.problem).toBe(
      'the file is not a backup: it holds a list, not an object with version and data',
    );
    expect((await read(new Blob(['{"version":"1.0"}']))).summary.problem).toBe('the file has no data section');
    expect((await read(new Blob(['  \n']))).summary.problem).toBe('the file is empty');
  });
});

it('names a collection that is an object, or missing, as a problem of the file and reads the others', async () => {
  const text = writeBackup({ users: [user('u1')], names: [name(1)] })
    .replace('"connections":[]', '"connections":{"0":{"id":1,"userA":"u1","userB":"u2"}}')
    .replace(',"audit_logs":[]', '');
  const { summary, batches } = await read(new Blob([text]));
  expect(summary.problem).toBeNull();
  expect(summary.fileProblems).toEqual([
    { collection: 'connections', problem: 'connections is an object, not a list: its rows cannot be read' },
    { collection: 'audit_logs', problem: 'audit_logs is missing from the file' },
  ]);
  expect(summary.rowsRead).toEqual({ users: 1, names: 1, connections: 0, audit_logs: 0 });
  expect(batches.map((b) => b.collection)).toEqual(['users', 'names']);
});

it('names rows the row rules refuse (a __proto__ key, isAdmin "true") and sends them for the server to refuse again; no prototype is touched', async () => {
  const text = writeBackup({ users: [user('u1'), user('u2', { isAdmin: 'true' })] }).replace(
    '"uid":"u1"',
    '"uid":"u1","__proto__":{"isAdmin":true,"polluted":1}',
  );
  const { summary, batches } = await read(new Blob([text]));
  expect(summary.rowProblems).toEqual([
    { collection: 'users', index: 0, problem: 'the key __proto__ is not allowed' },
    { collection: 'users', index: 1, problem: 'isAdmin must be true or false (found "true")' },
  ]);
  expect(summary.rowsRefused.users).toBe(2);
  expect(summary.rowsNotSent.users).toBe(0);
  const [first] = rowsOf(batches, 'users') as Record<string, unknown>[];
  expect(Object.getPrototypeOf(first)).toBe(Object.prototype);
  expect(Object.keys(first!)).toContain('__proto__');
  expect((first as { isAdmin?: unknown }).isAdmin).toBe(false);
  expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  // sent as its own key, as read
  expect(JSON.stringify(first)).toContain('"__proto__":{"isAdmin":true,"polluted":1}');
});

it('refuses a 50 MB row without sending it or ever holding its string, and goes on with the next rows', async () => {
  const huge = 'x'.repeat(50 * 1024 * 1024);
  const text = writeBackup({ names: [name(1), name(2, { nationality: huge }), name(3)] });
  const parserInput = jest.spyOn(Tokenizer.prototype, 'write');
  try {
    const { summary, batches } = await read(new Blob([text]));
    expect(summary.problem).toBeNull();
    // in its place a stand-in carrying the reason, so the rows after it keep their positions
    expect(rowsOf(batches, 'names')).toEqual([name(1), notSentRow(NOT_SENT), name(3)]);
    expect(batches.map((b) => b.firstIndex)).toEqual([0]);
    expect(summary.rowsRead.names).toBe(3);
    expect(summary.rowsNotSent).toEqual({ users: 0, names: 1, connections: 0, audit_logs: 0 });
    expect(summary.rowsRefused.names).toBe(1);
    expect(summary.rowProblems).toEqual([{ collection: 'names', index: 1, problem: NOT_SENT }]);
    expect(summary.fileProblems).toEqual([]);
    // The parser was handed the guard's bound of that string, not the string: it never held 50 MB.
    const handedOver = parserInput.mock.calls.reduce((bytes, [input]) => bytes + (input as Uint8Array).length, 0);
    expect(handedOver).toBeLessThan(text.length - huge.length + 8 * RESTORE_ROW_MAX_BYTES + 1);
  } finally {
    parserInput.mockRestore();
  }
});

it('measures a row as JSON: one just over RESTORE_ROW_MAX_BYTES is not sent, one at it is', async () => {
  // é takes 2 bytes in UTF-8: the rows are measured in bytes, not characters
  const free = RESTORE_ROW_MAX_BYTES - JSON.stringify(name(1, { nationality: '' })).length;
  const text = `${'a'.repeat(free % 2)}${'é'.repeat(Math.floor(free / 2))}`;
  const fits = name(1, { nationality: text });
  const over = name(2, { nationality: `${text}x` });
  expect(new TextEncoder().encode(JSON.stringify(fits)).length).toBe(RESTORE_ROW_MAX_BYTES);
  const { summary, batches } = await read(new Blob([writeBackup({ names: [fits, over] })]));
  expect(rowsOf(batches, 'names')).toEqual([fits, notSentRow(NOT_SENT)]);
  expect(summary.rowsNotSent.names).toBe(1);
});

it('leaves duplicated ids to the server: both rows are sent', async () => {
  const { summary, batches } = await read(new Blob([writeBackup({ names: [name(1), name(1, { name: 'Other' })] })]));
  expect(rowsOf(batches, 'names')).toEqual([name(1), name(1, { name: 'Other' })]);
  expect(summary.rowProblems).toEqual([]);
});

it('stops reading the file when its reader is stopped', async () => {
  let cancelled = false;
  let pulls = 0;
  const text = new TextEncoder().encode(writeBackup({ names: Array.from({ length: 3_000 }, (_, i) => name(i + 1)) }));
  const file = {
    size: text.length,
    stream: () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          const at = pulls * 16_384;
          pulls += 1;
          if (at >= text.length) controller.close();
          else controller.enqueue(text.slice(at, at + 16_384));
        },
        cancel() {
          cancelled = true;
        },
      }),
  } as unknown as Blob;
  const reader = readBackup(file);
  const first = await reader.next();
  expect(first.value).toMatchObject({ type: 'rows', batch: { collection: 'names', firstIndex: 0 } });
  await reader.return(undefined as never);
  expect(cancelled).toBe(true);
  expect(pulls * 16_384).toBeLessThan(text.length);
});
