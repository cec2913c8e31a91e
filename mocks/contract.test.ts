import { FREE_TEXT_RULE, NUMBER_TEXT_RULE } from '../contract/textRules';
import { checkRequest } from './contract';

// The test backend refuses what the reference backend refuses, by the same schemas (contract/endpoints.ts):
// a console bug that sends a bad request fails its screen test instead of passing against a lenient mock.

async function refusal(answer: unknown) {
  expect(answer).toBeInstanceOf(Response);
  const response = answer as Response;
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('checkRequest', () => {
  it('reads a query as the route does: numbers from plain digits, blanks absent, the defaults filled in', () => {
    const checked = checkRequest('GET /api/names', { query: new URLSearchParams('gender=&nationality=irish&offset=100') });
    expect(checked).toEqual({ params: {}, query: { nationality: 'irish', limit: 50, offset: 100 }, body: null });
  });

  it('refuses an unknown or misspelt parameter, naming it', async () => {
    expect(await refusal(checkRequest('GET /api/names', { query: new URLSearchParams('nationalty=irish') }))).toEqual({
      status: 400,
      body: { error: 'bad_request', field: 'nationalty', message: 'nationalty is not a parameter of this route' },
    });
  });

  it('refuses a number the server refuses: a leading zero, an exponent, one out of bounds', async () => {
    for (const [query, field] of [
      ['limit=01', 'limit'],
      ['offset=1e3', 'offset'],
    ]) {
      expect(await refusal(checkRequest('GET /api/names', { query: new URLSearchParams(query) }))).toEqual({
        status: 400,
        body: { error: 'bad_request', field, message: `${field} ${NUMBER_TEXT_RULE}` },
      });
    }
    expect(await refusal(checkRequest('GET /api/names', { query: new URLSearchParams('limit=501') }))).toMatchObject({
      status: 400,
      body: { field: 'limit' },
    });
  });

  it('reads path parameters, leaving aside what msw names after a wildcard', () => {
    const checked = checkRequest('DELETE /api/names/:id', { params: { 0: 'http://localhost', id: '42' } });
    expect(checked).toMatchObject({ params: { id: 42 } });
  });

  it('checks a body: an unknown field, a missing one, the free-text rule', async () => {
    const post = (body: unknown) => checkRequest('POST /api/names', { body });
    expect(await refusal(post({ name: 'Anna', gender: 'female', nationality: 'irish', id: 7 }))).toMatchObject({
      body: { field: 'id', message: 'id is not allowed' },
    });
    expect(await refusal(post({ name: 'Anna', gender: 'female' }))).toMatchObject({
      body: { field: 'nationality', message: 'nationality is required' },
    });
    expect(await refusal(post({ name: '\u001b[31mAnna', gender: 'female', nationality: 'irish' }))).toMatchObject({
      body: { field: 'name', message: `name ${FREE_TEXT_RULE}` },
    });
  });

  it('a call without data takes no body or {}, and refuses a field by name', async () => {
    expect(checkRequest('POST /auth/sign-out', {})).not.toBeInstanceOf(Response);
    expect(checkRequest('POST /auth/sign-out', { body: {} })).not.toBeInstanceOf(Response);
    expect(await refusal(checkRequest('POST /auth/sign-out', { body: { surprise: true } }))).toMatchObject({
      status: 400,
      body: { field: 'surprise' },
    });
  });
});
