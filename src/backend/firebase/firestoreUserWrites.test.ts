// The Firestore users adapter's version-checked writes (firestoreWriteBasis.ts) against a fake of the SDK's
// transaction (testing/fakeFirestore.ts): the emulators cannot run everywhere these tests do. What the write is
// based on is the row as shown; a field the write changes that moved since refuses it with the API's 409.
import type { UserRecord } from '../../../contract/schemas/usersAudit';
import { errorDetail, HttpError } from '../../api/errors';
import { createFirestoreUserManagement } from './firestoreUsersAudit';
import { fakeDb, Timestamp } from './testing/fakeFirestore';
import { toUserRecord } from './userRecord';

jest.mock('firebase/firestore', () => jest.requireActual('./testing/fakeFirestore'));

const db = {} as never;
const users = createFirestoreUserManagement(db, () => ({ uid: 'op-1', email: 'op@example.test' }));
const at = (iso: string) => Timestamp.fromDate(new Date(iso));

function seed(uid: string, data: Record<string, unknown>) {
  fakeDb.docs.set(`users/${uid}`, { uid, email: `${uid}@example.test`, isPremium: false, accountActive: true, ...data });
}
const shownOf = (uid: string): UserRecord => toUserRecord(uid, fakeDb.docs.get(`users/${uid}`)!);
const stored = (uid: string) => fakeDb.docs.get(`users/${uid}`);

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

beforeEach(() => {
  fakeDb.reset();
  seed('u1', { updatedAt: at('2026-03-01T10:00:00.000Z'), lastActiveDate: at('2026-03-01T09:00:00.000Z') });
});

describe('flag changes', () => {
  it('writes the flag and updatedAt when the field is as shown', async () => {
    const saved = await users.updateUserFlags('u1', { isPremium: true }, { shown: shownOf('u1') });
    expect(saved).toMatchObject({ uid: 'u1', isPremium: true });
    expect(Date.parse(saved.updatedAt!)).toBeGreaterThan(Date.parse('2026-03-01T10:00:00.000Z'));
    expect(stored('u1')).toMatchObject({ isPremium: true });
  });

  it('goes ahead when only another field changed since (the app’s lastActiveDate)', async () => {
    const shown = shownOf('u1');
    seed('u1', { lastActiveDate: at('2026-03-02T09:00:00.000Z'), updatedAt: at('2026-03-02T09:00:00.000Z') });
    await expect(users.updateUserFlags('u1', { accountActive: false }, { shown })).resolves.toMatchObject({ accountActive: false });
  });

  it('refuses with 409 version_conflict and the record as it is now when the field moved since it was shown', async () => {
    const shown = shownOf('u1');
    seed('u1', { isPremium: true, updatedAt: at('2026-03-02T08:00:00.000Z') });
    const error = await refusal(users.updateUserFlags('u1', { isPremium: true }, { shown }));
    expect(error.status).toBe(409);
    expect(error.reason).toContain('isPremium');
    expect(errorDetail(error)).toEqual({
      code: 'version_conflict',
      conflict: { current: shownOf('u1'), changedBy: null, changedAt: '2026-03-02T08:00:00.000Z' },
    });
    expect(fakeDb.commits).toBe(0);
  });

  it('is checked at the moment of the write: a change landing inside the transaction is seen on its retry', async () => {
    const shown = shownOf('u1');
    fakeDb.beforeCommit = () => seed('u1', { isPremium: true, updatedAt: at('2026-03-02T08:00:00.000Z') });
    const error = await refusal(users.updateUserFlags('u1', { isPremium: true }, { shown }));
    expect(errorDetail(error)?.conflict?.current).toMatchObject({ isPremium: true });
    expect(stored('u1')).toMatchObject({ isPremium: true, accountActive: true });
  });

  it('refuses a record deleted since it was shown (current null), and writes nothing', async () => {
    const shown = shownOf('u1');
    fakeDb.docs.delete('users/u1');
    const error = await refusal(users.updateUserFlags('u1', { isPremium: true }, { shown }));
    expect(error.status).toBe(409);
    expect(errorDetail(error)?.conflict).toEqual({ current: null, changedBy: null, changedAt: null });
    expect(stored('u1')).toBeUndefined();
  });

  it("records who changed what in the same transaction: a console_actions entry and the user's mark pointing at it", async () => {
    await users.updateUserFlags('u1', { isPremium: true }, { shown: shownOf('u1') });
    const actions = [...fakeDb.docs].filter(([path]) => path.startsWith('console_actions/'));
    expect(actions).toHaveLength(1);
    const [path, entry] = actions[0]!;
    expect(entry).toMatchObject({
      action: 'user.update',
      targetType: 'user',
      targetId: 'u1',
      actorUid: 'op-1',
      actorEmail: 'op@example.test',
      before: { isPremium: false },
      after: { isPremium: true },
    });
    expect(fakeDb.docs.get('console_marks/u1')).toMatchObject({ actionId: path.split('/')[1], actorUid: 'op-1' });
    expect(fakeDb.commits).toBe(1);
  });

  it("names the operator whose console change is the record's latest when a write is refused as stale", async () => {
    const shown = shownOf('u1');
    await users.updateUserFlags('u1', { isPremium: true }, { shown });
    const error = await refusal(users.updateUserFlags('u1', { isPremium: true }, { shown }));
    expect(errorDetail(error)?.conflict?.changedBy).toEqual({ uid: 'op-1', email: 'op@example.test' });
  });

  it('without a basis only a missing record refuses', async () => {
    seed('u1', { isPremium: true });
    await expect(users.updateUserFlags('u1', { isPremium: false })).resolves.toMatchObject({ isPremium: false });
    await expect(users.updateUserFlags('nobody', { isPremium: true })).rejects.toThrow(/No user record nobody/);
  });
});

describe('delete', () => {
  it('deletes the record and writes ACCOUNT_DELETED in one transaction when nothing changed since it was shown', async () => {
    const result = await users.deleteUser('u1', { shown: shownOf('u1') });
    expect(result.deleted.user).toBe(true);
    expect(stored('u1')).toBeUndefined();
    const events = [...fakeDb.docs].filter(([path]) => path.startsWith('audit_logs/')).map(([, data]) => data);
    expect(events).toEqual([expect.objectContaining({ event: 'ACCOUNT_DELETED', userId: 'u1' })]);
    const actions = [...fakeDb.docs].filter(([path]) => path.startsWith('console_actions/')).map(([, data]) => data);
    expect(actions).toEqual([
      expect.objectContaining({
        action: 'user.delete',
        targetId: 'u1',
        actorUid: 'op-1',
        before: expect.objectContaining({ uid: 'u1' }),
        after: {},
      }),
    ]);
    expect(fakeDb.docs.get('console_marks/u1')).toMatchObject({ actorUid: 'op-1' });
    expect(fakeDb.commits).toBe(1);
  });

  it('refuses when any field changed since it was shown (a delete takes them all), and deletes nothing', async () => {
    const shown = shownOf('u1');
    seed('u1', { lastActiveDate: at('2026-03-03T09:00:00.000Z'), updatedAt: at('2026-03-03T09:00:00.000Z') });
    const error = await refusal(users.deleteUser('u1', { shown }));
    expect(error.status).toBe(409);
    expect(error.reason).toContain('lastActiveDate');
    expect(errorDetail(error)?.conflict?.current).toMatchObject({ uid: 'u1', lastActiveDate: '2026-03-03T09:00:00.000Z' });
    expect(stored('u1')).toBeDefined();
    expect(fakeDb.commits).toBe(0);
  });

  it('refuses a change that lands between the first read and the commit', async () => {
    const shown = shownOf('u1');
    fakeDb.beforeCommit = () => seed('u1', { isPremium: true });
    await refusal(users.deleteUser('u1', { shown }));
    expect(stored('u1')).toMatchObject({ isPremium: true });
    expect([...fakeDb.docs.keys()].some((path) => path.startsWith('audit_logs/'))).toBe(false);
  });

  it('refuses a record that is gone', async () => {
    const shown = shownOf('u1');
    fakeDb.docs.delete('users/u1');
    const error = await refusal(users.deleteUser('u1', { shown }));
    expect(error.reason).toMatch(/No user record u1/);
  });
});
