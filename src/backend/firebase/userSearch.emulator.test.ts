// The user search on users documents as the mobile app writes them: the spec's fields only (no lower-cased
// copies, no script run on them), text in the case people typed it. On the real Firestore emulator through the
// console's adapter, signed in as an admin under firestore.rules, with what each search read counted (readMeter):
// found by e-mail in any case (whole or its start), by the start of the username or display name, also when the
// document was written a moment before, reading at most 2 × matches + 10 documents for a hit and a miss.
import { USER_RECORD_DEFAULTS } from '../../../contract/usersAudit';
import type { Backend } from '../ports';
import { billedReads, newReadMeter, type ReadMeter } from './readMeter';
import { skipReason, startWorld, type World } from './testing/emulatorWorld';

jest.setTimeout(180_000);
const reason = skipReason();
if (reason) process.stdout.write(`userSearch.emulator.test.ts SKIPPED: ${reason}\n`);
const describeWithEmulators = reason ? describe.skip : describe;

type Written = { uid: string; email: string; username: string; displayName: string };

/** A users document with the spec's fields only, as the app writes it on sign-up. */
function appUser({ uid, email, username, displayName }: Written, at: Date) {
  return { uid, email, username, displayName, ...USER_RECORD_DEFAULTS, createdAt: at, updatedAt: at, lastLogin: at, lastActiveDate: at };
}

const PEOPLE: Written[] = [
  { uid: 'u-ann', email: 'Ann@Example.com', username: 'annie_s', displayName: 'Ann Smith' },
  { uid: 'u-anna', email: 'anna@example.com', username: 'anna', displayName: 'Anna Berg' },
  { uid: 'u-annabel', email: 'annabel@example.org', username: 'Annabel', displayName: 'ANNABEL LEE' },
  { uid: 'u-andrew', email: 'andrew@example.com', username: 'andrew', displayName: 'Andrew Ng' },
  { uid: 'u-mcd', email: 'ronald@example.net', username: 'McDonald', displayName: 'Ronald McDonald' },
  { uid: 'u-mac', email: 'mac@example.net', username: 'MacDonald', displayName: 'Mac Donald' },
  { uid: 'u-mcduck', email: 'scrooge@example.net', username: 'mcduck', displayName: 'Scrooge McDuck' },
  { uid: 'u-ronaldo', email: 'cr7@example.net', username: 'ronaldo', displayName: 'Cristiano Ronaldo' },
  // Neighbours in every field's order, so the scans meet documents that are no match.
  ...['Aaron', 'Abby', 'Ana', 'Anders', 'Anita', 'Annika', 'Mabel', 'Macy', 'Mcbride', 'Ronan', 'Rosa', 'Zoe'].flatMap((name, n) =>
    [1, 2, 3].map((i) => ({
      uid: `f-${n}-${i}`,
      email: `${name.toLowerCase()}.${i}@example.com`,
      username: `${name.toLowerCase()}${i}`,
      displayName: `${name} ${'Kowalski Lund Moreau'.split(' ')[i - 1]}`,
    })),
  ),
];
const ADMIN: Written = { uid: 't-admin', email: 't-admin@emulator.test', username: 'admin', displayName: 'Test Admin' };

let world: World;
let backend: Backend;
let meter: ReadMeter;
const written: Written[] = [ADMIN, ...PEOPLE];

/** What the search promises: the users whose e-mail, username or display name starts with the text in any case, or whose uid starts with it. */
function expected(typed: string): string[] {
  const text = typed.trim().toLowerCase();
  const starts = (v: string) => v.toLowerCase().startsWith(text);
  return written
    .filter(
      (u) => starts(u.email) || starts(u.username) || starts(u.displayName) || u.uid.startsWith(typed.trim()) || u.uid.startsWith(text),
    )
    .map((u) => u.uid)
    .sort();
}

async function search(text: string) {
  Object.assign(meter, newReadMeter());
  const page = await backend.userManagement.listUsers({ search: text, sort: 'createdAt', order: 'desc', limit: 100 });
  return { uids: page.users.map((u) => u.uid).sort(), total: page.total!, documents: meter.documents, billed: billedReads(meter) };
}

describeWithEmulators('user search on users documents as the app writes them', () => {
  beforeAll(async () => {
    world = await startWorld();
    const at = new Date(Date.UTC(2026, 0, 1));
    await world.account(ADMIN.uid, { ...appUser(ADMIN, at), isAdmin: true });
    const batch = world.admin.firestore.batch();
    for (const person of PEOPLE) batch.set(world.admin.firestore.doc(`users/${person.uid}`), appUser(person, at));
    await batch.commit();
    meter = newReadMeter();
    backend = world.backend('search', meter);
    await backend.auth.signIn('t-admin@emulator.test', 'pw-t-admin');
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('finds a user by e-mail in any case, whole or its start, reading at most 2 × matches + 10 documents', async () => {
    for (const text of ['ann@example.com', 'ANN@EXAMPLE.COM', 'Ann@Example.com', 'aNN@eXAMPLE.cOM', ' ann@ ', 'ANN@Ex', 'Ann@example.c']) {
      const found = await search(text);
      expect({ text, uids: found.uids }).toEqual({ text, uids: ['u-ann'] });
      expect(found.documents).toBeLessThanOrEqual(2 * found.total + 10);
    }
    const lower = await search('ANNA@EXAMPLE.COM');
    expect(lower.uids).toEqual(['u-anna']);
  });

  it('finds a user by the start of the username or the display name, in any case', async () => {
    for (const [text, uid] of [
      ['mcdo', 'u-mcd'],
      ['McD', 'u-mcd'],
      ['MCDONALD', 'u-mcd'],
      ['macd', 'u-mac'],
      ['ronald mc', 'u-mcd'],
      ['RONALD', 'u-mcd'],
      ['scrooge mcd', 'u-mcduck'],
      ['ann s', 'u-ann'],
      ['annabel l', 'u-annabel'],
      ['cristiano r', 'u-ronaldo'],
    ] as const) {
      const found = await search(text);
      expect({ text, uids: found.uids }).toEqual({ text, uids: expected(text) });
      expect(found.uids).toContain(uid);
      expect(found.documents).toBeLessThanOrEqual(2 * found.total + 10);
    }
  });

  it('finds a document the app wrote a moment before the search', async () => {
    const fresh = { uid: 'u-fresh', email: 'Fresh.Face@Example.com', username: 'FreshFace', displayName: 'Fresh Face' };
    await world.admin.firestore.doc(`users/${fresh.uid}`).set(appUser(fresh, new Date()));
    written.push(fresh);
    expect((await search('fresh.face@example.COM')).uids).toEqual(['u-fresh']);
    expect((await search('freshf')).uids).toEqual(['u-fresh']);
    expect((await search('fresh face')).uids).toEqual(['u-fresh']);
  });

  it('a hit and a miss read at most 2 × matches + 10 documents; each empty query is billed one read', async () => {
    const hit = await search('ann');
    expect(hit.uids).toEqual(expected('ann'));
    expect(hit.total).toBeGreaterThanOrEqual(4);
    expect(hit.documents).toBeLessThanOrEqual(2 * hit.total + 10);
    expect(hit.billed).toBeGreaterThanOrEqual(hit.documents);
    for (const text of ['zz-nobody', 'ann@example.org', 'Mcz']) {
      const miss = await search(text);
      expect(miss).toMatchObject({ uids: [], total: 0 });
      expect(miss.documents).toBeLessThanOrEqual(10);
      // Every query of a miss that returns no document is still billed one read.
      expect(miss.billed).toBeGreaterThan(miss.documents);
    }
  });
});
