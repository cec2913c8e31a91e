import { BACKUP_COLLECTIONS } from '../../../contract/exports';
import { createJsonArrayWriter } from '../../lib/export';
import { backupClosing, backupOpening, backupSectionOpening, checkBackup, describeRestore } from './backupDocument';

function writeBackup(sections: Record<string, unknown[][]>) {
  let text = backupOpening('2026-11-22T20:00:00.000Z');
  const counts = { users: 0, names: 0, connections: 0, audit_logs: 0 };
  BACKUP_COLLECTIONS.forEach((section, index) => {
    const writer = createJsonArrayWriter();
    text += backupSectionOpening(section, index) + writer.open();
    for (const page of sections[section] ?? []) {
      text += writer.rows(page);
      counts[section] += page.length;
    }
    text += writer.close();
  });
  return text + backupClosing(counts);
}

const user = { uid: 'u1', email: 'a@b.c' };
const name = { id: 1, name: 'O"Hara, Jr.', gender: 'male', nationality: 'irish', created_at: '2026-01-01T00:00:00.000Z' };
const connection = { id: 1, userA: 'u1', userB: 'u2', status: 'confirmed' };
const log = { id: 1, timestamp: '2026-01-01T00:00:00.000Z', event: 'USER_CREATED', userId: 'u1' };

describe('the backup document', () => {
  it('written in parts, is one JSON document of version 1.0 with the four collections and their counts', () => {
    const text = writeBackup({ users: [[user], []], names: [[name, name], [name]], connections: [], audit_logs: [[log]] });
    const doc = JSON.parse(text);
    expect(doc.version).toBe('1.0');
    expect(doc.createdAt).toBe('2026-11-22T20:00:00.000Z');
    expect(Object.keys(doc.data)).toEqual(['users', 'names', 'connections', 'audit_logs']);
    expect(doc.data.names).toHaveLength(3);
    expect(doc.data.names[0].name).toBe('O"Hara, Jr.');
    expect(doc.data.connections).toEqual([]);
    expect(doc.counts).toEqual({ users: 1, names: 3, connections: 0, audit_logs: 1 });
    expect(checkBackup(doc)).toMatchObject({ ok: true, problems: [], version: '1.0' });
  });
});

describe('checkBackup', () => {
  const valid = () => JSON.parse(writeBackup({ users: [[user]], names: [[name]], connections: [[connection]], audit_logs: [[log]] }));

  it('refuses another version, a missing section and rows of the wrong shape, naming each', () => {
    const doc = valid();
    doc.version = '2.0';
    delete doc.data.connections;
    doc.data.names.push({ name: 'X', gender: 'other', nationality: 'y' });
    doc.data.audit_logs.push({ event: 'E', timestamp: 'yesterday' });
    const check = checkBackup(doc);
    expect(check.ok).toBe(false);
    expect(check.problems).toEqual([
      'Unsupported backup version "2.0": expected "1.0".',
      'names[1]: gender must be male, female or unisex.',
      'connections is missing or not a list.',
      'audit_logs[1]: timestamp must be a date.',
    ]);
  });

  it('quotes a huge version or creation date only in part (the alert shows what it quotes)', () => {
    const doc = valid();
    doc.version = 'v'.repeat(5_000_000);
    doc.createdAt = '2'.repeat(1_000_000);
    const check = checkBackup(doc);
    expect(check.problems[0].length).toBeLessThan(200);
    expect(check.problems[0]).toContain('(5000002 characters)');
    expect(check.createdAt!.length).toBeLessThan(200);
  });

  it('refuses what is not a backup at all', () => {
    expect(checkBackup([1, 2]).problems).toEqual(['The file is not a backup: expected a JSON object with version and data.']);
    expect(checkBackup({ version: '1.0' }).problems).toEqual(['The backup has no data section.']);
  });

  it('describes the change against the database now', () => {
    expect(describeRestore(checkBackup(valid()), { users: 5, names: 1, connections: null })).toEqual([
      { section: 'users', inBackup: 1, now: 5 },
      { section: 'names', inBackup: 1, now: 1 },
      { section: 'connections', inBackup: 1, now: null },
      { section: 'audit_logs', inBackup: 1, now: null },
    ]);
  });
});
