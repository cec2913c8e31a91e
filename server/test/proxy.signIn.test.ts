// Behind a reverse proxy: where the client address comes from (TRUST_PROXY), and the sign-in limits that count by it
// (per client address and email, per client address, per email across addresses, with a growing back-off).
// Sources: server/src/http/clientAddress.ts, server/src/auth/signInAttempts.ts, server/src/routes/auth.ts.
import type { InjectOptions } from 'fastify';
import { buildApp } from '../src/app';
import { createAccount } from '../src/auth/accounts';
import { clientGroup, parseTrustProxy } from '../src/http/clientAddress';
import { HSTS_MAX_AGE_SECONDS } from '../src/http/hardening';
import { AUTH_BODY_LIMIT_BYTES, tooManyAttemptsMessage } from '../src/routes/auth';
import { DEMO_ADMIN } from '../src/seed/demoAccounts';
import { createTestApp, TEST_SESSION_SECRET, type TestApp } from './testApp';

const PROXY = '10.0.0.5';
const WINDOW_MS = 60_000;
const MAX_LOCKOUT_MS = 8 * 60_000;
const LIMITS = { max: 3, timeWindowMs: WINDOW_MS, maxPerIp: 5, maxPerEmail: 8, maxLockoutMs: MAX_LOCKOUT_MS };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'accounts', trustProxy: ['10.0.0.0/8'], signInRateLimit: LIMITS });
  for (let i = 0; i < 30; i += 1) {
    await createAccount(t.db, { uid: `proxy-user-${i}`, email: `proxy.user${i}@babynames.test`, password: `proxy-password-${i}` });
  }
  await createAccount(t.db, { uid: 'proxy-target', email: 'proxy.target@babynames.test', password: 'proxy-target-password' });
});
afterAll(async () => t?.close());

/** A sign-in as the proxy forwards it: the connection from the proxy, the client in X-Forwarded-For. */
const viaProxy = (client: string, email: string, password: string, extra: Partial<InjectOptions> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/sign-in',
    payload: { email, password },
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': client },
    ...extra,
  });

/** Ends every lock and window now, as if the time had passed (the rows keep their strikes). */
const letLocksEnd = () =>
  t.db.query(`UPDATE sign_in_attempts SET locked_until = now() - interval '1 millisecond', window_ends_at = now() - interval '1 millisecond'
               WHERE locked_until > now() OR window_ends_at > now()`);

describe('TRUST_PROXY', () => {
  it('is off, a hop count, or addresses and ranges; anything else stops the start with the reason', () => {
    for (const off of [undefined, '', ' ', '0', 'false']) expect(parseTrustProxy(off)).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy(' 10.0.0.0/8, 192.168.1.5 ,fd00::/8,loopback ')).toEqual(['10.0.0.0/8', '192.168.1.5', 'fd00::/8', 'loopback']);
    expect(() => parseTrustProxy('true')).toThrow(/would believe X-Forwarded-For from anyone/);
    expect(() => parseTrustProxy('11')).toThrow(/hop count from 1 to 10/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/"10.0.0.0\/33" is not an address/);
    expect(() => parseTrustProxy('10.0.0.1, proxy.internal')).toThrow(/"proxy.internal" is not an address/);
  });

  it('groups IPv6 clients by their /64 and unwraps IPv4-mapped addresses', () => {
    expect(clientGroup('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientGroup('2001:DB8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(clientGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientGroup('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientGroup('198.51.100.7')).toBe('198.51.100.7');
    expect(clientGroup('64:ff9b::198.51.100.7')).toBe('64:ff9b:0:0::/64');
  });
});

describe('sign-in limits behind one trusted proxy', () => {
  it("many clients behind the proxy are not locked out by one attacker's failures (without TRUST_PROXY they would be)", async () => {
    const attacker = '198.51.100.66';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await viaProxy(attacker, `sprayed${i}@babynames.test`, 'Password1')).statusCode);
    // Five guesses per window from one client, then it is locked out (429), whatever email it tries.
    expect(statuses).toEqual([...Array<number>(LIMITS.maxPerIp).fill(401), ...Array<number>(12 - LIMITS.maxPerIp).fill(429)]);
    expect((await viaProxy(attacker, 'proxy.user0@babynames.test', 'proxy-password-0')).statusCode).toBe(429);

    // Everyone else behind the same proxy signs in.
    for (let i = 0; i < 20; i += 1) {
      const response = await viaProxy(`203.0.113.${i + 1}`, `proxy.user${i}@babynames.test`, `proxy-password-${i}`);
      expect({ client: i, status: response.statusCode }).toEqual({ client: i, status: 200 });
    }

    // The same traffic to a server that does not trust the proxy: every client has the proxy's address, so the
    // attacker's failures lock out the next person (what TRUST_PROXY is for).
    const blind = await buildApp({ db: t.db, sessionSecret: TEST_SESSION_SECRET, logger: false, signInRateLimit: LIMITS });
    try {
      const sameDoor = (client: string, email: string, password: string) =>
        blind.inject({
          method: 'POST',
          url: '/auth/sign-in',
          payload: { email, password },
          remoteAddress: '10.0.0.6',
          headers: { 'x-forwarded-for': client },
        });
      for (let i = 0; i < LIMITS.maxPerIp; i += 1)
        expect((await sameDoor(attacker, `blind${i}@babynames.test`, 'Password1')).statusCode).toBe(401);
      expect((await sameDoor('203.0.113.200', 'proxy.user21@babynames.test', 'proxy-password-21')).statusCode).toBe(429);
    } finally {
      await blind.close();
    }
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const direct = '192.0.2.50';
    const statuses: number[] = [];
    // A new made-up address in each request: had the header been believed, each would count as a new client.
    for (let i = 0; i < LIMITS.max + 2; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/sign-in',
        payload: { email: 'proxy.user22@babynames.test', password: `guess-${i}` },
        remoteAddress: direct,
        headers: { 'x-forwarded-for': `198.18.0.${i + 1}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(LIMITS.max).fill(401), 429, 429]);
  });

  it('counts a client by its IPv6 /64: another address of the same network is the same client', async () => {
    const email = 'proxy.user23@babynames.test';
    for (let i = 1; i <= LIMITS.max; i += 1) expect((await viaProxy(`2001:db8:aa:bb::${i}`, email, `guess-${i}`)).statusCode).toBe(401);
    expect((await viaProxy('2001:db8:aa:bb:ffff:1:2:3', email, 'guess-more')).statusCode).toBe(429);
    // The next /64 is another subscriber.
    expect((await viaProxy('2001:db8:aa:bc::1', email, 'guess-other')).statusCode).toBe(401);
  });

  it('slows one email attacked from many addresses, with a lock that doubles each time, bounded, then forgiven', async () => {
    const email = 'proxy.target@babynames.test';
    let address = 0;
    const fromNewAddress = (password: string) => viaProxy(`100.64.${Math.floor(address / 250)}.${(address++ % 250) + 1}`, email, password);

    const locks: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      // Each guess from an address never seen before: no per-address limit is near.
      for (let i = 0; i < LIMITS.maxPerEmail; i += 1) expect((await fromNewAddress(`round-${round}-guess-${i}`)).statusCode).toBe(401);
      const locked = await fromNewAddress('one-guess-too-many');
      expect(locked.statusCode).toBe(429);
      locks.push(Number(locked.headers['retry-after']));
      expect(locked.json()).toEqual({ error: 'rate_limited', message: tooManyAttemptsMessage(locks.at(-1)!) });
      // While locked, even the right password from yet another address waits (and is not checked).
      const waiting = await fromNewAddress('proxy-target-password');
      expect(waiting.statusCode).toBe(429);
      expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(locks.at(-1)! - 5);
      await letLocksEnd();
    }
    // One window, then twice as long each time, never more than the bound.
    expect(locks).toEqual([60, 120, 240, 480, 480]);
    expect(tooManyAttemptsMessage(60)).toBe('Too many sign-in attempts. Try again in 60 seconds.');
    expect(tooManyAttemptsMessage(480)).toBe('Too many sign-in attempts. Try again in 8 minutes.');

    // Quiet for the bound since the last lock ended: the back-off starts over at one window.
    await t.db.query(`UPDATE sign_in_attempts SET locked_until = now() - $1 * interval '1 millisecond' WHERE locked_until IS NOT NULL`, [
      MAX_LOCKOUT_MS + 1_000,
    ]);
    for (let i = 0; i < LIMITS.maxPerEmail; i += 1) expect((await fromNewAddress(`forgiven-guess-${i}`)).statusCode).toBe(401);
    expect(Number((await fromNewAddress('again')).headers['retry-after'])).toBe(60);
    await letLocksEnd();
    // The owner signs in once the lock is over.
    expect((await fromNewAddress('proxy-target-password')).statusCode).toBe(200);
  });

  it('a hop count believes the nearest N hops, whoever the peer is', async () => {
    const hops = await buildApp({ db: t.db, sessionSecret: TEST_SESSION_SECRET, logger: false, trustProxy: 1, signInRateLimit: LIMITS });
    try {
      const attempt = (forwardedFor: string, password: string) =>
        hops.inject({
          method: 'POST',
          url: '/auth/sign-in',
          payload: { email: 'proxy.user24@babynames.test', password },
          remoteAddress: '192.0.2.77',
          headers: { 'x-forwarded-for': forwardedFor },
        });
      // The client is the last address the one trusted hop added; what the client wrote before it does not count.
      for (let i = 0; i < LIMITS.max; i += 1) expect((await attempt(`1.1.1.${i}, 198.51.100.30`, `guess-${i}`)).statusCode).toBe(401);
      expect((await attempt('198.51.100.30', 'guess-more')).statusCode).toBe(429);
      expect((await attempt('198.51.100.31', 'guess-other')).statusCode).toBe(401);
    } finally {
      await hops.close();
    }
  });
});

describe('HTTPS and /auth bodies', () => {
  const get = (remoteAddress: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/auth/account', remoteAddress, headers });

  it('sends Strict-Transport-Security only when the request came over HTTPS, by a trusted proxy’s word', async () => {
    const hsts = `max-age=${HSTS_MAX_AGE_SECONDS}`;
    expect(
      (await get(PROXY, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' })).headers['strict-transport-security'],
    ).toBe(hsts);
    expect((await get(PROXY, { 'x-forwarded-proto': 'http' })).headers['strict-transport-security']).toBeUndefined();
    expect((await get(PROXY, {})).headers['strict-transport-security']).toBeUndefined();
    // Anyone else saying "https" is not believed (the connection itself is plain HTTP).
    expect((await get('192.0.2.50', { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBeUndefined();
  });

  it(`refuses an /auth body over ${AUTH_BODY_LIMIT_BYTES} bytes with 413 saying so, before reading it`, async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/auth/sign-in',
      payload: { email: DEMO_ADMIN.email, password: 'x'.repeat(AUTH_BODY_LIMIT_BYTES) },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({
      error: 'payload_too_large',
      message: 'Request body is too large: POST /auth/sign-in takes at most 4,096 bytes',
      field: 'body',
    });
    const signOut = await t.app.inject({ method: 'POST', url: '/auth/sign-out', payload: { padding: 'x'.repeat(5_000) } });
    expect(signOut.statusCode).toBe(413);
    // A sign-in of ordinary size is read as before.
    expect(
      (await t.app.inject({ method: 'POST', url: '/auth/sign-in', payload: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } }))
        .statusCode,
    ).toBe(200);
    // /api keeps its own (larger) limits.
    const apiBody = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import-runs',
      payload: { fileName: 'x'.repeat(AUTH_BODY_LIMIT_BYTES) },
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect(apiBody.statusCode).toBe(400);
  });
});
