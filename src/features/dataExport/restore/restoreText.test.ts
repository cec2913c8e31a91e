import type { RestorePlan } from '../../../../contract/backupRestore';
import { adminChangeCount, adminChangesText, restoreFileName } from './restoreText';

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
