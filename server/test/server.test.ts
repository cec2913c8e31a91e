import { parseSeedDemo, startBackend } from '../src/server';

// Starting PGlite takes seconds on a busy machine.
jest.setTimeout(120_000);

describe('SEED_DEMO', () => {
  it('1/true/yes/on switch it on, 0/false/no/off off, unset says nothing (the server decides); anything else is refused', () => {
    for (const on of ['1', 'true', 'YES', ' on ']) expect(parseSeedDemo(on)).toBe(true);
    for (const off of ['0', 'false', 'No', 'off']) expect(parseSeedDemo(off)).toBe(false);
    for (const unset of [undefined, '', '  ']) expect(parseSeedDemo(unset)).toBeUndefined();
    expect(() => parseSeedDemo('maybe')).toThrow('SEED_DEMO');
  });

  it('off: the backend starts with neither demo data nor demo accounts', async () => {
    const backend = await startBackend({ dataDir: 'memory://', host: '127.0.0.1', port: 0, seedDemo: false });
    try {
      expect(backend).toMatchObject({ seeded: false, seedSkipped: true });
      const { rows } = await backend.db.query<{ accounts: number; users: number; names: number }>(
        `SELECT (SELECT count(*) FROM accounts)::int AS accounts, (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM names)::int AS names`,
      );
      expect(rows[0]).toEqual({ accounts: 0, users: 0, names: 0 });
      const signIn = await fetch(`${backend.url}/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@babynames.test', password: 'admin-demo-password' }),
      });
      expect(signIn.status).toBe(401);
    } finally {
      await backend.close();
    }
  });
});
