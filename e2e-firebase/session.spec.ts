// Sign-in in Firebase mode: Firebase Auth (the emulator) signs in, the Firestore users record decides admin
// rights in the console, and the hosted API makes the same decision on every request.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_USER, signInWithForm } from '../e2e/helpers';
import { apiGet, emulatorAdmin, idToken, skipWithoutEmulators } from './firebase';

skipWithoutEmulators();
const admin = emulatorAdmin();
const NOT_ADMIN = 'This account does not have admin access.';

async function tryToSignIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('the admin signs in with Firebase Auth, stays signed in across a reload, and logs out', async ({ page }) => {
  await signInWithForm(page);
  await expect(page.getByText(DEMO_ADMIN.email)).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('firebase-dashboard.png'), fullPage: true });
  await page.getByRole('button', { name: /logout/i }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password is refused with the spec message', async ({ page }) => {
  await tryToSignIn(page, DEMO_ADMIN.email, 'not-the-password');
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a non-admin account is refused by the console and by the hosted API', async ({ page, request }) => {
  await tryToSignIn(page, DEMO_USER.email, DEMO_USER.password);
  await expect(page.getByText(NOT_ADMIN)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('firebase-non-admin.png') });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);

  const token = await idToken(request, DEMO_USER.email, DEMO_USER.password);
  const refused = await request.get('/api/swipes/stats', { headers: { Authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(403);
});

test('an account without a users record is refused by the console and by the hosted API', async ({ page, request }) => {
  const email = `no-record-${Date.now()}@firebase.test`;
  const { auth } = await admin();
  const created = await auth.createUser({ email, password: 'no-record-password' });
  try {
    await tryToSignIn(page, email, 'no-record-password');
    await expect(page.getByText(NOT_ADMIN)).toBeVisible();
    const token = await idToken(request, email, 'no-record-password');
    expect((await request.get('/api/names?limit=1', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(403);
  } finally {
    await auth.deleteUser(created.uid);
  }
});

test('a deactivated admin is refused by the console with the reason and by the hosted API (the rules refuse them too: firestoreRules.emulator.test.ts)', async ({
  page,
  request,
}) => {
  const email = `inactive-${Date.now()}@firebase.test`;
  const { auth, firestore } = await admin();
  const user = await auth.createUser({ email, password: 'inactive-password' });
  await firestore.doc(`users/${user.uid}`).set({ uid: user.uid, email, isAdmin: true, accountActive: false, createdAt: new Date() });
  try {
    await tryToSignIn(page, email, 'inactive-password');
    await expect(page.getByText('This account is deactivated.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await page.screenshot({ path: test.info().outputPath('firebase-inactive-admin.png') });
    const token = await idToken(request, email, 'inactive-password');
    expect((await request.get('/api/swipes/stats', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
  } finally {
    await auth.deleteUser(user.uid);
    await firestore.doc(`users/${user.uid}`).delete();
  }
});

test('the hosted API: 401 without a token or with a forged one, also on unknown paths; the admin’s ID token opens it', async ({
  request,
}) => {
  expect((await request.get('/api/swipes/stats')).status()).toBe(401);
  expect((await request.get('/api/no-such-route')).status()).toBe(401);
  expect((await request.get('/api/swipes/stats', { headers: { Authorization: 'Bearer forged.token.here' } })).status()).toBe(401);
  // The password sessions of the local mode are not served: Firebase Auth signs in.
  expect((await request.post('/auth/sign-in', { data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } })).status()).toBe(404);
  const token = await idToken(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  expect((await apiGet<{ totalNames: number }>(request, token, '/swipes/stats')).totalNames).toBeGreaterThan(1000);
});

test('an admin whose account is disabled mid-session is signed out by the next API answer', async ({ page }) => {
  const email = `disabled-${Date.now()}@firebase.test`;
  const { auth, firestore } = await admin();
  const user = await auth.createUser({ email, password: 'disabled-password' });
  await firestore.doc(`users/${user.uid}`).set({ uid: user.uid, email, isAdmin: true, accountActive: true, createdAt: new Date() });
  try {
    await tryToSignIn(page, email, 'disabled-password');
    await expect(page).toHaveURL(/\/dashboard$/);
    // The dashboard's own API call has been answered before the account is disabled.
    await expect(page.getByRole('region', { name: 'Total Names' })).toContainText(/\d/);
    await auth.updateUser(user.uid, { disabled: true });
    // Manage Names asks the hosted API with the (still unexpired) ID token the web SDK keeps, without a reload
    // (on a reload the web SDK itself would notice the disabled account): the API refuses the token.
    await page.getByRole('tab', { name: 'Manage Names' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText('This account is disabled.')).toBeVisible();
  } finally {
    await firestore.doc(`users/${user.uid}`).delete();
    await auth.deleteUser(user.uid);
  }
});
