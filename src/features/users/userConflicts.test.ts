// The toggle's one automatic retry: only when the record moved on but the toggled field did not, and only once.
import { HttpError } from '../../api/errors';
import type { UserManagementPort } from '../../backend/ports';
import { makeUserRecord } from '../../../mocks/fakeBackend';
import { basisOf, conflictOf, updateFlagsRetryingOnce } from './userConflicts';

const shown = makeUserRecord({ uid: 'u1', isPremium: false, accountActive: true, version: 3 });
const conflict = (current: unknown) =>
  new HttpError(409, 'changed', true, { code: 'version_conflict', conflict: { current, changedBy: null, changedAt: null } });

function port(answers: (Error | 'ok')[]) {
  const calls: unknown[] = [];
  const p = {
    async updateUserFlags(_uid: string, update: object, basis: unknown) {
      calls.push(basis);
      const answer = answers.shift();
      if (answer instanceof Error) throw answer;
      return { ...shown, ...update };
    },
  } as unknown as UserManagementPort;
  return { p, calls };
}

it('retries once, based on the record now, when another field moved', async () => {
  const now = { ...shown, accountActive: false, version: 4 };
  const { p, calls } = port([conflict(now), 'ok']);
  await expect(updateFlagsRetryingOnce(p, 'u1', { isPremium: true }, basisOf(shown))).resolves.toMatchObject({ isPremium: true });
  expect(calls).toEqual([
    { version: 3, shown },
    { version: 4, shown: now },
  ]);
});

it('does not retry when the toggled field moved, nor a second time, nor other failures', async () => {
  const moved = port([conflict({ ...shown, isPremium: true, version: 4 })]);
  await expect(updateFlagsRetryingOnce(moved.p, 'u1', { isPremium: true }, basisOf(shown))).rejects.toMatchObject({ status: 409 });
  expect(moved.calls).toHaveLength(1);

  const twice = port([conflict({ ...shown, version: 4 }), conflict({ ...shown, version: 5 })]);
  await expect(updateFlagsRetryingOnce(twice.p, 'u1', { isPremium: true }, basisOf(shown))).rejects.toMatchObject({ status: 409 });
  expect(twice.calls).toHaveLength(2);

  const other = port([new HttpError(403, 'Admins cannot be changed here', true)]);
  await expect(updateFlagsRetryingOnce(other.p, 'u1', { isPremium: true }, basisOf(shown))).rejects.toThrow(
    'Admins cannot be changed here',
  );
  expect(other.calls).toHaveLength(1);
});

it('a conflict without a record (deleted since) is no conflict to settle: it is a failure to report', () => {
  expect(conflictOf(conflict(null))).toBeNull();
  expect(conflictOf(new HttpError(409, 'You cannot delete your own account', true))).toBeNull();
  expect(conflictOf(conflict(shown))).toMatchObject({ current: shown });
});
