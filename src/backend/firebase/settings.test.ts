import { parseHostPort, toFirebaseOptions } from './settings';
import { swipeCountOf, toIsoDate, toUserRecord } from './userRecord';

describe('Firebase settings', () => {
  it('needs an API key and project id unless emulators are used', () => {
    expect(() => toFirebaseOptions({})).toThrow('VITE_FIREBASE_API_KEY and VITE_FIREBASE_PROJECT_ID are not set');
    expect(toFirebaseOptions({ apiKey: 'k', projectId: 'p' })).toMatchObject({ apiKey: 'k', projectId: 'p' });
    expect(toFirebaseOptions({ authEmulatorUrl: 'http://127.0.0.1:9099' })).toMatchObject({
      apiKey: 'demo-api-key',
      projectId: 'demo-babynames',
    });
  });

  it('parses the Firestore emulator host', () => {
    expect(parseHostPort('127.0.0.1:8080')).toEqual({ host: '127.0.0.1', port: 8080 });
    expect(parseHostPort('http://localhost:8080/')).toEqual({ host: 'localhost', port: 8080 });
    expect(() => parseHostPort('localhost')).toThrow('host:port');
  });
});

describe('Firestore users document -> UserRecord', () => {
  it('turns Timestamps into ISO strings and fills the spec defaults', () => {
    const timestamp = { toDate: () => new Date('2026-03-01T10:00:00.000Z') };
    const record = toUserRecord('uid-1', {
      email: 'a@b.c',
      createdAt: timestamp,
      isAdmin: true,
      notificationSettings: { dailyReminder: true },
    });
    expect(record).toMatchObject({
      uid: 'uid-1',
      email: 'a@b.c',
      createdAt: '2026-03-01T10:00:00.000Z',
      isPremium: false,
      accountActive: true,
      preferredGender: 'all',
      preferredNationality: 'all',
      preferredLanguage: 'english',
      connectionRequestSent: false,
      dailySwipeCount: 0,
      isAdmin: true,
      totalActiveTimeFormatted: '0h 0m 0s',
      notificationSettings: { matchedName: true, dailyReminder: true, partnerDisconnected: true },
    });
  });

  it('grants admin only for a real true', () => {
    expect(toUserRecord('u', { isAdmin: 'true' }).isAdmin).toBe(false);
    expect(toUserRecord('u', { isAdmin: 1 }).isAdmin).toBe(false);
  });

  it('takes no version from a users document: Firestore keeps none (a write there is checked field by field)', () => {
    expect(toUserRecord('u', { version: 7 })).not.toHaveProperty('version');
  });

  it('counts swipes as the size of swipedBy', () => {
    expect(swipeCountOf({ swipedBy: { a: 'like', b: 'dislike' } })).toBe(2);
    expect(swipeCountOf({})).toBe(0);
  });

  it('reads dates in the shapes Firestore data can have', () => {
    expect(toIsoDate(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(toIsoDate('2026-01-01')).toBe('2026-01-01');
    expect(toIsoDate({})).toBeNull();
  });
});
