import { buildTimeCsp } from './buildCsp';

describe('buildTimeCsp (the <meta> CSP of the production build)', () => {
  it('local mode: scripts and connections to the console’s own origin only', () => {
    const csp = buildTimeCsp({});
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain('frame-ancestors'); // ignored in <meta>; the server sends it as a header
    expect(csp).not.toMatch(/unsafe-eval/);
  });

  it('Firebase mode with a hosted API: Google’s endpoints and the API origin, nothing else', () => {
    const csp = buildTimeCsp({
      VITE_BACKEND: 'firebase',
      VITE_API_BASE_URL: 'https://api.example.com/api',
      VITE_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
    });
    const connect = /connect-src ([^;]+)/.exec(csp)![1]!.split(' ');
    expect(connect).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://api.example.com',
        'https://identitytoolkit.googleapis.com',
        'https://firestore.googleapis.com',
        'http://127.0.0.1:9099',
      ]),
    );
    expect(connect).not.toContain('*');
  });
});
