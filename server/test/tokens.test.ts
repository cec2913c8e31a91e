import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { createSessionTokens, nowSeconds, RecentlyVerified, SESSION_MAX_SECONDS } from '../src/auth/tokens';
import { StatementNames } from '../src/db/postgres';
import { freshClaims } from './sessionClaims';

// tokens.ts keeps the tokens it verified; these prove the kept answer never outlives what jose would say.
describe('session tokens verified earlier', () => {
  const secret = 'a-test-secret-of-enough-length-for-hs256-0123456789';
  afterEach(() => jest.useRealTimers());

  it('stop being accepted the second their expiry passes, kept or not', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z'), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const tokens = createSessionTokens(secret);
    const { token } = await tokens.sign(freshClaims('u-1', 'u1@example.test'), 60);
    expect((await tokens.verify(token))?.uid).toBe('u-1');
    jest.setSystemTime(new Date('2026-11-22T10:00:59Z'));
    expect((await tokens.verify(token))?.uid).toBe('u-1');
    jest.setSystemTime(new Date('2026-11-22T10:01:00Z'));
    expect(await tokens.verify(token)).toBeNull();
    // ... and it stays refused (the kept entry is gone, jose refuses it again).
    expect(await tokens.verify(token)).toBeNull();
  });

  it('are never mistaken for a token that differs in one character, or for one from another secret', async () => {
    const tokens = createSessionTokens(secret);
    const { token } = await tokens.sign(freshClaims('u-2', 'u2@example.test'));
    expect(await tokens.verify(token)).not.toBeNull();
    // The first character of the signature (the last one only carries 4 bits and its padding bits do not count).
    const at = token.lastIndexOf('.') + 1;
    const changed = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
    expect(await tokens.verify(changed)).toBeNull();
    expect(await createSessionTokens(`${secret}-other`).verify(token)).toBeNull();
  });

  it('hand out copies: a caller changing one cannot change what the next request sees', async () => {
    const tokens = createSessionTokens(secret);
    const { token } = await tokens.sign(freshClaims('u-3', 'u3@example.test'));
    const first = (await tokens.verify(token))!;
    first.uid = 'someone-else';
    expect((await tokens.verify(token))?.uid).toBe('u-3');
  });

  it('are kept 1,000 at most, the oldest let go first', () => {
    const kept = new RecentlyVerified();
    const session = (i: number) => ({ ...freshClaims(`u-${i}`, `u${i}@example.test`), issuedAt: 0, expiresAt: 1 });
    for (let i = 0; i < 1_050; i++) kept.set(`token-${i}`, session(i));
    expect(kept.size).toBe(1_000);
    expect(kept.get('token-49')).toBeUndefined();
    expect(kept.get('token-50')?.uid).toBe('u-50');
    expect(kept.get('token-1049')?.uid).toBe('u-1049');
  });

  it('let the oldest go past 1,000 kept, which then verify again, still correctly', async () => {
    const tokens = createSessionTokens(secret);
    const signed = await Promise.all(Array.from({ length: 1_050 }, (_, i) => tokens.sign(freshClaims(`u-${i}`, `u${i}@example.test`))));
    for (const { token } of signed) expect(await tokens.verify(token)).not.toBeNull();
    // The oldest were let go and are verified again, still correctly.
    expect((await tokens.verify(signed[0]!.token))?.uid).toBe('u-0');
    expect((await tokens.verify(signed[1_049]!.token))?.uid).toBe('u-1049');
  });
});

describe('the 12-hour session cap', () => {
  const secret = 'a-test-secret-of-enough-length-for-hs256-0123456789';
  /** A token signed with the server's own secret and rules, but dated as the test says. */
  async function tokenWith(startedAt: number, issuedAt: number, expiresAt: number) {
    const key = new TextEncoder().encode(secret);
    return new SignJWT({ email: 'cap@example.test', sid: 'sid-cap', sv: 1, auth_time: startedAt })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('u-cap')
      .setIssuer('baby-names-admin')
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(key);
  }

  it('refuses a well-signed token whose expiry is past 12 hours from the password sign-in', async () => {
    const now = nowSeconds();
    const startedAt = now - SESSION_MAX_SECONDS + 10 * 60; // signed in 11 h 50 min ago
    const tokens = createSessionTokens(secret);
    // 30 minutes from now would run 20 minutes past the cap: the server itself would have cut it at the cap.
    expect(await tokens.verify(await tokenWith(startedAt, now, now + 30 * 60))).toBeNull();
    // Ending exactly at the cap is what the server issues, and is accepted.
    expect((await tokens.verify(await tokenWith(startedAt, now, startedAt + SESSION_MAX_SECONDS)))?.uid).toBe('u-cap');
  });
});

describe('what a token must be besides well signed', () => {
  const secret = 'a-test-secret-of-enough-length-for-hs256-0123456789';
  const key = new TextEncoder().encode(secret);
  afterEach(() => jest.useRealTimers());
  /** A token with the server's claims, changed as the test says. */
  function handMade(change: { alg?: string; issuer?: string; issuedAt?: number; expiresAt?: number } = {}) {
    const now = nowSeconds();
    return new SignJWT({ email: 'rules@example.test', sid: 'sid-rules', sv: 1, auth_time: now })
      .setProtectedHeader({ alg: change.alg ?? 'HS256', typ: 'JWT' })
      .setSubject('u-rules')
      .setIssuer(change.issuer ?? 'baby-names-admin')
      .setIssuedAt(change.issuedAt ?? now)
      .setExpirationTime(change.expiresAt ?? now + 60)
      .sign(key);
  }

  it('accepts the control: HS256, our issuer, issued now', async () => {
    expect((await createSessionTokens(secret).verify(await handMade()))?.uid).toBe('u-rules');
  });

  it('refuses another algorithm with the same secret (HS512), another issuer, and a token dated in the future', async () => {
    const tokens = createSessionTokens(secret);
    expect(await tokens.verify(await handMade({ alg: 'HS512' }))).toBeNull();
    expect(await tokens.verify(await handMade({ issuer: 'someone-else' }))).toBeNull();
    const later = nowSeconds() + 3_600;
    expect(await tokens.verify(await handMade({ issuedAt: later, expiresAt: later + 60 }))).toBeNull();
  });

  it('still accepts its own token one second before its 30 minutes end, kept or verified afresh', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z'), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const tokens = createSessionTokens(secret);
    const { token } = await tokens.sign(freshClaims('u-old', 'old@example.test'));
    expect((await tokens.verify(token))?.uid).toBe('u-old');
    jest.setSystemTime(new Date('2026-11-22T10:29:59Z'));
    expect((await tokens.verify(token))?.uid).toBe('u-old');
    expect((await createSessionTokens(secret).verify(token))?.uid).toBe('u-old');
  });

  it('signs with a JWT header and says when the token expires, as its exp claim does', async () => {
    const { token, expiresAt } = await createSessionTokens(secret).sign(freshClaims('u-hdr', 'hdr@example.test'), 120);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const { exp, iat } = decodeJwt(token);
    expect(exp! - iat!).toBe(120);
    expect(expiresAt.getTime()).toBe(exp! * 1000);
  });
});

describe('RecentlyVerified', () => {
  it('forgets a deleted token', () => {
    const kept = new RecentlyVerified();
    kept.set('token-a', { ...freshClaims('u-a', 'a@example.test'), issuedAt: 0, expiresAt: 1 });
    kept.set('token-b', { ...freshClaims('u-b', 'b@example.test'), issuedAt: 0, expiresAt: 1 });
    kept.delete('token-a');
    expect(kept.get('token-a')).toBeUndefined();
    expect(kept.get('token-b')?.uid).toBe('u-b');
    expect(kept.size).toBe(1);
  });
});

describe('prepared statement names (PostgreSQL)', () => {
  it('name short statements with parameters, the same name for the same text', () => {
    const names = new StatementNames();
    const a = names.nameOf('SELECT id FROM names WHERE id = $1', [1]);
    expect(a).toMatch(/^s\d+$/);
    expect(names.nameOf('SELECT id FROM names WHERE id = $1', [2])).toBe(a);
    expect(names.nameOf('SELECT id FROM names WHERE name = $1', ['x'])).not.toBe(a);
  });

  it('leave unnamed what must not be prepared: no parameters, a * column list, a long batch text', () => {
    const names = new StatementNames();
    expect(names.nameOf('SELECT 1', [])).toBeUndefined();
    expect(names.nameOf('SELECT 1', undefined)).toBeUndefined();
    expect(names.nameOf('SELECT * FROM users WHERE uid = $1', ['u'])).toBeUndefined();
    expect(names.nameOf('SELECT *, created_at AS k FROM users WHERE uid = $1', ['u'])).toBeUndefined();
    expect(names.nameOf('SELECT t.total, page.* FROM t WHERE a = $1', [1])).toBeUndefined();
    expect(names.nameOf('DELETE FROM names WHERE id = $1 RETURNING *', [1])).toBeUndefined();
    const batch = `INSERT INTO names (name) VALUES ${Array.from({ length: 1_000 }, (_, i) => `($${i + 1})`).join(', ')}`;
    expect(
      names.nameOf(
        batch,
        Array.from({ length: 1_000 }, () => 'x'),
      ),
    ).toBeUndefined();
    // count(*) is not a column list.
    expect(names.nameOf('SELECT count(*) FROM names WHERE gender = $1', ['male'])).toMatch(/^s\d+$/);
  });

  it('stop naming after 500 texts, so statements built from varying parts cannot exhaust a connection', () => {
    const names = new StatementNames();
    const named = Array.from({ length: 600 }, (_, i) => names.nameOf(`SELECT ${i} WHERE $1::int = 1`, [1])).filter(Boolean);
    expect(named).toHaveLength(500);
  });
});
