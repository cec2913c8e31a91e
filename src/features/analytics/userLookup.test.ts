import { createFakeBackend, makeUserRecord } from '../../../mocks/fakeBackend';
import { findUserRecord } from './userLookup';

function backendWith(...uids: [string, string][]) {
  const backend = createFakeBackend();
  for (const [uid, email] of uids) backend.records.set(uid, makeUserRecord({ uid, email }));
  return backend;
}

describe('findUserRecord', () => {
  it('finds a user by uid, and by email in any letter case', async () => {
    const backend = backendWith(['u1', 'ada@example.com'], ['u2', 'bob@example.com']);
    expect((await findUserRecord(backend, ' u2 ')).user?.email).toBe('bob@example.com');
    expect((await findUserRecord(backend, 'ADA@Example.com')).user?.uid).toBe('u1');
  });

  it('offers the users containing the text when none matches exactly, and nothing for blank text', async () => {
    const backend = backendWith(['u1', 'ada@example.com'], ['u2', 'adam@example.com'], ['u3', 'bob@example.com']);
    const result = await findUserRecord(backend, 'ada');
    expect(result.user).toBeNull();
    expect(result.candidates.map((c) => c.uid).sort()).toEqual(['u1', 'u2']);
    expect(await findUserRecord(backend, '   ')).toEqual({ user: null, candidates: [] });
    expect(await findUserRecord(backend, 'zed@example.com')).toEqual({ user: null, candidates: [] });
  });

  it('takes the only partial match as the user', async () => {
    const backend = backendWith(['u1', 'ada@example.com'], ['u3', 'bob@example.com']);
    expect((await findUserRecord(backend, 'bob')).user?.uid).toBe('u3');
  });
});
