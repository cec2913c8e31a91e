import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { morePages } from '../src/app/adminPages';
import { TOKEN_STORAGE_KEY, type StoredToken } from '../src/backend/local/tokenStore';

export const DEMO_ADMIN = { email: 'admin@babynames.test', password: 'admin-demo-password' };
export const DEMO_USER = { email: 'user@babynames.test', password: 'user-demo-password' };

/** Signs in through the login screen and waits for the dashboard (Firebase mode, where there is no /auth API). */
export async function signInWithForm(page: Page, account = DEMO_ADMIN) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Signs in through the reference backend's API (one POST) and keeps the session where the console keeps it, so
 * that the next page opened is signed in: the login form itself is tested in session.spec.ts, and skipping it
 * (its page, the dashboard after it) in every other test saves about a second each.
 */
export async function storeSession(page: Page, account = DEMO_ADMIN) {
  const response = await page.request.post('/auth/sign-in', { data: account });
  expect(response.ok(), `POST /auth/sign-in -> ${response.status()}`).toBeTruthy();
  const { token, expiresAt } = (await response.json()) as StoredToken;
  // Any document of the console's origin will do to reach its localStorage; the favicon is the smallest.
  await page.goto('/favicon.svg');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_STORAGE_KEY, JSON.stringify({ token, expiresAt })]);
}

/** Signs in (storeSession) and opens `path`, the dashboard unless told otherwise, signed in. */
export async function signIn(page: Page, path = '/dashboard') {
  await storeSession(page);
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/** Opens an admin page by its tab (or link) in the top navigation, as an operator goes: no page load. */
export async function openFromNavigation(page: Page, label: string) {
  const nav = page.getByRole('navigation').first();
  // Reference pages are not tabs: they are in the More menu at the end of the row (src/app/adminPages.ts marks them).
  if (morePages.some((p) => p.label === label)) {
    await nav.getByRole('button', { name: 'More', exact: true }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: label }).click();
    return;
  }
  await nav
    .getByRole('tab', { name: label, exact: true })
    .or(nav.getByRole('link', { name: label, exact: true }))
    .first()
    .click();
}

/** An admin bearer token from the reference backend, for arranging data through its API. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/auth/sign-in', { data: DEMO_ADMIN });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { token: string }).token;
}

/**
 * adminToken signed in once per spec file (call at module level): sign-ins are rate limited, and a file
 * that arranges data through the API many times would otherwise sign in for each call.
 */
export function adminTokenOncePerFile(): (request: APIRequestContext) => Promise<string> {
  let token: string | null = null;
  return async (request) => (token ??= await adminToken(request));
}

/**
 * Uploads a CSV on the Bulk Upload page with each batch held back `delayMs` on its way to the server (which
 * still does all the work), so that progress and a running job can be seen and interrupted.
 */
export async function uploadWithSlowBatches(page: Page, csvPath: string, delayMs: number): Promise<void> {
  await page.route('**/api/admin/names/bulk-import', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue();
  });
  await page.getByLabel('CSV file').setInputFiles(csvPath);
  await page.getByRole('button', { name: 'Upload' }).click();
}

export async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `GET /api${path} -> ${response.status()}`).toBeTruthy();
  return (await response.json()) as T;
}

export async function apiPost<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(`/api${path}`, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `POST /api${path} -> ${response.status()}`).toBeTruthy();
  return (await response.json()) as T;
}

export const formatCount = (n: number) => n.toLocaleString('en-US');

/** The first `counts` event of the live-counts stream: what the dashboard's live cards should show. */
export async function liveCounts(baseURL: string, token: string): Promise<{ users: number; acceptedConnections: number }> {
  const controller = new AbortController();
  const response = await fetch(`${baseURL}/api/live/counts`, { headers: { Authorization: `Bearer ${token}` }, signal: controller.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('live counts stream ended before a counts event');
      buffer += decoder.decode(value, { stream: true });
      const match = /event: counts\ndata: (.*)\n/.exec(buffer);
      if (match) return JSON.parse(match[1]);
    }
  } finally {
    controller.abort();
  }
}
