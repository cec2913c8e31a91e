// The point of RecentlyVerified (tokens.ts): a token checked once is not run through jose's HMAC again on
// every request while it is in time, and is again once it is not. Counted on jose's jwtVerify itself.
import type * as jose from 'jose';
import { jwtVerify } from 'jose';
import { createSessionTokens } from '../src/auth/tokens';
import { freshClaims } from './sessionClaims';

jest.mock('jose', () => {
  const actual = jest.requireActual<typeof jose>('jose');
  return { ...actual, jwtVerify: jest.fn(actual.jwtVerify) };
});

const verifications = jwtVerify as jest.MockedFunction<typeof jwtVerify>;
const secret = 'a-test-secret-of-enough-length-for-hs256-0123456789';
afterEach(() => jest.useRealTimers());

it('verifies a token with jose once, then answers from what it kept until the token is out of time', async () => {
  jest.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z'), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  const tokens = createSessionTokens(secret);
  const { token } = await tokens.sign(freshClaims('u-kept', 'kept@example.test'), 60);
  verifications.mockClear();
  for (let i = 0; i < 5; i++) expect((await tokens.verify(token))?.uid).toBe('u-kept');
  expect(verifications).toHaveBeenCalledTimes(1);

  jest.setSystemTime(new Date('2026-11-22T10:01:00Z'));
  expect(await tokens.verify(token)).toBeNull();
  expect(verifications).toHaveBeenCalledTimes(2);
});

it('keeps nothing for a token jose refused', async () => {
  const tokens = createSessionTokens(secret);
  verifications.mockClear();
  expect(await tokens.verify('not.a.token')).toBeNull();
  expect(await tokens.verify('not.a.token')).toBeNull();
  expect(verifications).toHaveBeenCalledTimes(2);
});
