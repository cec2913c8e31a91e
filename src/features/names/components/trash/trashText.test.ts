import type { TrashedName } from '../../../../../contract/schemas/dataSafety';
import { deletionText } from './trashText';

const row = (deletionKind: TrashedName['deletionKind'], importFileName: string | null = null): TrashedName => ({
  id: 1,
  name: 'Anna',
  gender: 'female',
  nationality: 'icelandic',
  created_at: '2026-01-01T00:00:00.000Z',
  deletedAt: '2026-03-04T12:00:00.000Z',
  deletedBy: { uid: 'a', email: 'ana@example.com' },
  deletionId: 3,
  deletionKind,
  importRunId: importFileName ? 9 : null,
  importFileName,
  swipes: 0,
  matches: 0,
  purgeAt: '2026-04-03T12:00:00.000Z',
});

describe('how the names of a deletion came to the trash', () => {
  it.each([
    ['delete', null, /^a delete by ana@example\.com on /],
    ['bulk_delete', null, /^a delete of selected names by ana@example\.com on /],
    ['import_undo', 'names.csv', /^the undo of the import of names\.csv by ana@example\.com on /],
    ['restore_replace', null, /^a restore of a backup that replaced the names \(these were not in its file\) by ana@example\.com on /],
  ] as const)('%s', (kind, file, expected) => {
    expect(deletionText(row(kind, file))).toMatch(expected);
  });
});
