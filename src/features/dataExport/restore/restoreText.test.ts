import type { RestorePlan } from '../../../../contract/schemas/backupRestore';
import { adminChangeCount, adminChangesText, replaceModeText, restoreFileName, stoppedPartWayMessage } from './restoreText';

it('sends the file name as the server takes it: visible text, at most 255 characters, never blank', () => {
  expect(restoreFileName('backup-2026-11-22.json')).toBe('backup-2026-11-22.json');
  expect(restoreFileName('back\u0007up\u202e.json')).toBe('back_up_.json');
  // 255 characters, counted as characters: an emoji is not cut in half
  const long = `${'😀'.repeat(300)}.json`;
  expect(Array.from(restoreFileName(long))).toHaveLength(255);
  expect(restoreFileName(long)).toBe('😀'.repeat(255));
  expect(restoreFileName('   ')).toBe('backup.json');
});

const plan = (examples: RestorePlan['adminChanges']['examples'], add: number, granted: number, revoked: number) =>
  ({ adminChanges: { add: { granted: add }, replace: { granted, revoked }, examples } }) as RestorePlan;

it('names who would gain or lose admin rights in the chosen mode, and how many more than it names', () => {
  const p = plan(
    [
      { uid: 'a', email: 'a@x.com', change: 'granted', modes: ['add', 'replace'] },
      { uid: 'b', email: null, change: 'granted', modes: ['replace'] },
      { uid: 'c', email: 'c@x.com', change: 'revoked', modes: ['replace'] },
    ],
    1,
    5,
    1,
  );
  expect(adminChangeCount(p, 'add')).toBe(1);
  expect(adminChangeCount(p, 'replace')).toBe(6);
  expect(adminChangesText(p, 'add')).toBe('1 user would become an admin: a@x.com.');
  expect(adminChangesText(p, 'replace')).toBe(
    '5 users would become admins: a@x.com, b and 3 more; 1 admin would no longer be an admin: c@x.com.',
  );
});

it('replace names the file the current state is saved to on the server, or the backup the console downloads first (Firebase mode), and how it writes', () => {
  const figures = { read: 2, refused: 0, existing: 1, missing: 1, inTrash: 0, extra: 1 };
  const base = {
    collections: { users: figures, names: figures, connections: figures, audit_logs: figures },
    replaceTakes: { swipes: 3, connectionRequests: 0, namesSwipes: 0 },
    adminChanges: { add: { granted: 0 }, replace: { granted: 0, revoked: 0 }, examples: [] },
    replaceRefusal: null,
  } as RestorePlan;
  expect(replaceModeText(base, 'before-restore-4.json')).toMatch(
    / The current state is first saved on the server as before-restore-4\.json\.$/,
  );
  const note = 'In Firebase mode the Firestore collections are written in batches: a failure part-way leaves the batches written so far.';
  const firebase = replaceModeText({ ...base, writeNote: note, beforeBackup: 'console' }, 'before-restore-4.json');
  expect(firebase).toMatch(/ 1 user not in the file is deleted with their 3 swipes and 0 connection requests\. /);
  expect(firebase).toContain(
    ' The current state is first downloaded as a full backup (backup-before-restore-<date>.json); nothing is written until it is saved. ',
  );
  expect(firebase.endsWith(` ${note}`)).toBe(true);
  expect(firebase).not.toContain('before-restore-4.json');
});

it('a restore stopped part-way says what was written stays', () => {
  expect(stoppedPartWayMessage('b.json', 'cancelled')).toBe(
    'Restore of b.json cancelled part-way: what was written before it stopped stays.',
  );
  expect(stoppedPartWayMessage('b.json', 'failed')).toBe('Restore of b.json failed part-way: what was written before it stopped stays.');
});
