import { MFA_ERRORS } from '../../contract/mfa';
import { asApiError, errorDetail, errorReason, httpFailure, HttpError } from './errors';

// One HTTP failure shape for the whole browser: every request goes through http.ts, which reads a failed answer
// into an HttpError; RTK Query keeps it as the plain ApiError (asApiError).

describe('httpFailure', () => {
  it("takes the reason from the API's own error body, says the API answered, and keeps its error code", () => {
    expect(httpFailure(409, { error: 'conflict', message: 'Already exists' })).toEqual({
      status: 409,
      reason: 'Already exists',
      fromApi: true,
      detail: { code: 'conflict' },
    });
  });

  it("keeps each of two-factor sign-in's error codes, which the second step acts on", () => {
    for (const code of Object.values(MFA_ERRORS)) {
      expect(errorDetail(httpFailure(401, { error: code, message: 'Refused' }))).toEqual({ code });
    }
  });

  it("falls back to the status line for a body that is not the API's (a proxy's page)", () => {
    expect(httpFailure(502, undefined, 'Bad Gateway')).toEqual({ status: 502, reason: 'HTTP 502 Bad Gateway' });
    expect(httpFailure(502, '  upstream down ')).toEqual({ status: 502, reason: 'upstream down' });
  });
});

describe('HttpError', () => {
  it('reads a failed response: JSON body or not', async () => {
    const api = await HttpError.fromResponse(
      new Response(JSON.stringify({ error: 'forbidden', message: 'Not an admin' }), { status: 403 }),
    );
    expect(api).toBeInstanceOf(Error);
    expect(api).toMatchObject({ status: 403, reason: 'Not an admin', message: 'Not an admin', fromApi: true });
    const proxy = await HttpError.fromResponse(new Response('<html>', { status: 504, statusText: 'Gateway Timeout' }));
    expect(proxy).toMatchObject({ status: 504, reason: 'HTTP 504 Gateway Timeout' });
    expect(proxy.fromApi).toBeUndefined();
  });

  it("takes a short text body as the reason (a gateway's own words), not an HTML page", async () => {
    const text = await HttpError.fromResponse(new Response('  Bad gateway upstream\n', { status: 502, statusText: 'Bad Gateway' }));
    expect(text).toMatchObject({ status: 502, reason: 'Bad gateway upstream' });
    const page = await HttpError.fromResponse(
      new Response('\n<!doctype html><p>Bad gateway</p>', { status: 502, statusText: 'Bad Gateway' }),
    );
    expect(page).toMatchObject({ status: 502, reason: 'HTTP 502 Bad Gateway' });
    const empty = await HttpError.fromResponse(new Response(null, { status: 500 }));
    expect(empty).toMatchObject({ status: 500, reason: 'HTTP 500' });
  });

  it('becomes the plain ApiError RTK Query keeps, fields and all', () => {
    expect(asApiError(new HttpError(409, 'Already exists', true))).toEqual({ status: 409, reason: 'Already exists', fromApi: true });
    expect(asApiError(new HttpError('TIMEOUT', 'The server did not answer within 10 seconds.'))).toEqual({
      status: 'TIMEOUT',
      reason: 'The server did not answer within 10 seconds.',
    });
    expect(errorReason(new HttpError(500, 'boom'))).toBe('boom');
  });

  it('anything else thrown is a NETWORK failure with its message', () => {
    expect(asApiError(new Error('Failed to fetch'))).toEqual({ status: 'NETWORK', reason: 'Failed to fetch' });
    expect(asApiError({ status: 'weird', reason: 'x' })).toEqual({ status: 'NETWORK', reason: 'x' });
  });
});
