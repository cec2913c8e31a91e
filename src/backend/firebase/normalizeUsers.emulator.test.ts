// The users one-off (scripts/firebase/normalizeUsers.ts, `npm run firebase:normalize-users`) on the real
// Firestore emulator: documents the app wrote with instants as text or milliseconds, without sort fields or
// filtered fields are listed, counted and filtered by the console's adapters after it, not before (the search
// finds them either way: it reads the fields as written); a document changed between its read and its write is
// left alone; a second run changes nothing.
import { normalizeUsers } from '../../../scripts/firebase/normalizeUsers';
import type { Backend } from '../ports';
import { skipReason, startWorld, type World } from './testing/emulatorWorld';

jest.setTimeout(180_000);
const reason = skipReason();
if (reason) process.stdout.write(`normalizeUsers.emulator.test.ts SKIPPED: ${reason}\n`);
const describeWithEmulators = reason ? describe.skip : describe;

let world: World;
let backend: Backend;

const MARCH = '2026-03-01T00:00:00.000Z';
const FEBRUARY = Date.UTC(2026, 1, 1);
const JANUARY = new Date(Date.UTC(2026, 0, 15));

async function seedAsTheAppWroteThem() {
  const { firestore } = world.admin;
  const kept = (uid: string, email: string, username: string, createdAt: unknown) => ({
    uid,
    email,
    username,
    displayName: username.toUpperCase(),
    isPremium: false,
    accountActive: true,
    preferredGender: 'all',
    preferredNationality: 'all',
    lastActiveDate: null,
    createdAt,
  });
  await Promise.all([
    firestore.doc('users/m-text').set(kept('m-text', 'text@example.test', 't', MARCH)),
    firestore.doc('users/m-millis').set(kept('m-millis', 'millis@example.test', 'm', FEBRUARY)),
    firestore.doc('users/m-stamp').set(kept('m-stamp', 'stamp@example.test', 's', JANUARY)),
    firestore.doc('users/m-bad').set(kept('m-bad', 'bad@example.test', 'b', 'last spring')),
    // Written by an app that keeps none of the console's fields: no createdAt, no flags.
    firestore.doc('users/m-bare').set({ uid: 'm-bare', email: 'Zed@Example.test', username: 'zed', displayName: 'Zed Bare' }),
  ]);
}

const uidsByCreatedAt = async () =>
  (await backend.userManagement.listUsers({ sort: 'createdAt', order: 'desc', limit: 50 })).users.map((u) => u.uid);

describeWithEmulators('npm run firebase:normalize-users on the Firestore emulator', () => {
  beforeAll(async () => {
    world = await startWorld();
    await world.account('t-admin', {
      isAdmin: true,
      isPremium: false,
      accountActive: true,
      preferredGender: 'all',
      preferredNationality: 'all',
      username: 'admin',
      displayName: 'Admin',
      createdAt: new Date(Date.UTC(2025, 0, 1)),
      lastActiveDate: null,
    });
    await seedAsTheAppWroteThem();
    backend = world.backend('normalize');
    await backend.auth.signIn('t-admin@emulator.test', 'pw-t-admin');
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('before it, the list misses a document without createdAt and orders text and milliseconds apart from Timestamps', async () => {
    const listed = await uidsByCreatedAt();
    expect(listed).not.toContain('m-bare');
    expect(listed.filter((uid) => ['m-text', 'm-millis', 'm-stamp'].includes(uid))).not.toEqual(['m-text', 'm-millis', 'm-stamp']);
    // The search needs none of it: it reads email, username and displayName as the app wrote them.
    const search = await backend.userManagement.listUsers({ search: 'ZED@example', limit: 50 });
    expect(search.users.map((u) => u.uid)).toEqual(['m-bare']);
  });

  it('a dry run counts without writing', async () => {
    const report = await normalizeUsers(world.admin.firestore, { dryRun: true });
    expect(report).toMatchObject({ read: 6, updated: 3, skipped: 0 });
    expect((await world.admin.firestore.doc('users/m-text').get()).get('createdAt')).toBe(MARCH);
  });

  it('normalizes what it can, names what it cannot, and leaves a document the app changed meanwhile', async () => {
    const report = await normalizeUsers(world.admin.firestore, {
      pageSize: 4,
      // The app writes m-text after this run read it: the run must not overwrite that write.
      onPageRead: async (ids) => {
        if (ids.includes('m-text')) await world.admin.firestore.doc('users/m-text').update({ displayName: 'Changed by the app' });
      },
    });
    expect(report).toMatchObject({
      read: 6,
      updated: 2,
      skipped: 1,
      unreadableCount: 1,
      unreadable: [{ id: 'm-bad', field: 'createdAt' }],
    });
    expect(report.fields).toMatchObject({ createdAt: 2, isPremium: 1, lastActiveDate: 1 });
    expect(Object.keys(report.fields).filter((field) => field.endsWith('Lower'))).toEqual([]);
    expect((await world.admin.firestore.doc('users/m-text').get()).get('displayName')).toBe('Changed by the app');

    const again = await normalizeUsers(world.admin.firestore);
    expect(again).toMatchObject({ read: 6, updated: 1, skipped: 0, fields: { createdAt: 1 } });
    expect(await normalizeUsers(world.admin.firestore)).toMatchObject({ updated: 0, skipped: 0, unreadableCount: 1 });
  });

  it('after it, every readable document is listed in time order, counted, filtered by its default and found', async () => {
    const page = await backend.userManagement.listUsers({ sort: 'createdAt', order: 'desc', limit: 50 });
    const listed = page.users.map((u) => u.uid);
    expect(page.total).toBe(6);
    // Text that is no instant stays text (Firestore orders it before Timestamps when descending): left for a person.
    expect(listed.filter((uid) => uid !== 'm-bad')).toEqual(['m-text', 'm-millis', 'm-stamp', 't-admin', 'm-bare']);
    const notPremium = await backend.userManagement.listUsers({ isPremium: false, sort: 'createdAt', limit: 50 });
    expect(notPremium.users.map((u) => u.uid)).toContain('m-bare');
    const search = await backend.userManagement.listUsers({ search: 'zed', limit: 50 });
    expect(search.users.map((u) => u.uid)).toEqual(['m-bare']);
  });
});
