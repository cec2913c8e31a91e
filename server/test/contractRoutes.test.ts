// Routes registered from their contract key: the path is the key's, below the plugin's prefix.
import { methodAndPath } from '../src/http/contractRoutes';

describe('methodAndPath', () => {
  it('splits a contract key into the method and the path below the prefix', () => {
    expect(methodAndPath('GET /api/users/:uid', '/api')).toEqual({ method: 'GET', url: '/users/:uid' });
    expect(methodAndPath('POST /api/users', '')).toEqual({ method: 'POST', url: '/api/users' });
  });

  it('refuses a key that is not below the prefix (a route registered in the wrong scope)', () => {
    expect(() => methodAndPath('GET /api/users', '/auth')).toThrow('GET /api/users is not below the prefix /auth');
  });
});
