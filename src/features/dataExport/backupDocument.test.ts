import { BACKUP_COLLECTIONS } from '../../../contract/exports';
import { createJsonArrayWriter } from '../../lib/export';
import { backupClosing, backupOpening, backupSectionOpening } from './backupDocument';

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
  });
});
