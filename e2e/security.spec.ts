// Sessions in the browser: sign-out revokes the token on the server, a session ended mid-way lands on
// /login with a notice and returns to the page after sign-in, and the console runs under its CSP.
import { expect, test, type Page, type Response } from '@playwright/test';
import { DEMO_ADMIN, signIn } from './helpers';

const TOKEN_STORAGE_KEY = 'babynames.admin.session';

async function storedToken(page: Page): Promise<string> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_STORAGE_KEY);
  expect(raw, 'a session token in localStorage').toBeTruthy();
  return (JSON.parse(raw!) as { token: string }).token;
}

/** CSP violations the page reports, from the console and from securitypolicyviolation events. */
function collectCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

test('the console is served with its CSP and security headers, renders, and violates nothing', async ({ page }) => {
  const violations = collectCspViolations(page);
  const scripts: Response[] = [];
  page.on('response', (r) => {
    if (/\/assets\/[^/]+\.js$/.test(new URL(r.url()).pathname)) scripts.push(r);
  });
  const response = await page.goto('/login');
  const headers = response!.headers();
  expect(headers['cache-control']).toBe('no-cache');
  // The console's scripts go out as the build's brotli copies, kept by the browser: they never change.
  await expect.poll(() => scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    const sent = await script.allHeaders();
    const large = (await script.body()).length > 4096; // the build leaves files under 1 kB as they are
    expect({ url: script.url(), encoding: large ? sent['content-encoding'] : 'br', cache: sent['cache-control'] }).toEqual({
      url: script.url(),
      encoding: 'br',
      cache: 'public, max-age=31536000, immutable',
    });
  }
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/manage-names');
  await expect(page.getByRole('grid')).toBeVisible();
  await page.screenshot({ path: '/tmp/h3/csp-manage-names.png' });
  expect(violations).toEqual([]);
});

test('signing out revokes the token on the server', async ({ page, request }) => {
  await signIn(page);
  const token = await storedToken(page);
  expect((await request.get('/api/swipes/stats', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);
  await page.getByRole('button', { name: /logout/i }).click();
  await expect(page).toHaveURL(/\/login$/);
  const after = await request.get('/api/swipes/stats', { headers: { Authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
});

test('a session ended mid-way lands on /login with a notice, and signing in returns to the page', async ({ page, request }) => {
  await signIn(page, '/manage-names');
  await expect(page.getByRole('grid')).toBeVisible();
  // The session is signed out elsewhere (another tab, an operator): the console still holds the token.
  const token = await storedToken(page);
  expect((await request.post('/auth/sign-out', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(204);
  // The next request the console makes (a page it has not loaded yet) is refused.
  await page.getByRole('tab', { name: 'User Management' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const notice = page.getByRole('alert').filter({ hasText: 'Your session has ended. Please sign in again.' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('This session was signed out.');
  await page.screenshot({ path: '/tmp/h3/session-ended.png' });
  await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/user-management/);
});

test('an open dashboard is signed out when the server ends its live stream (the session was revoked)', async ({ page, request }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const token = await storedToken(page);
  await request.post('/auth/sign-out', { headers: { Authorization: `Bearer ${token}` } });
  // No click: the stream's session re-check (every 2 s) ends it, and the console follows.
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  await expect(page.getByRole('alert').filter({ hasText: 'Your session has ended. Please sign in again.' })).toBeVisible();
});
