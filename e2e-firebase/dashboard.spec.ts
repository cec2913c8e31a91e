// The dashboard in Firebase mode: users and connections counted live from Firestore (a write made elsewhere
// shows without a reload), names and swipes from the hosted API.
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, formatCount, signInWithForm } from '../e2e/helpers';
import { apiGet, emulatorAdmin, idToken, skipWithoutEmulators } from './firebase';

skipWithoutEmulators();
const admin = emulatorAdmin();

test('live user and connection counts follow Firestore writes; names and swipes come from the hosted API', async ({ page, request }) => {
  const { firestore } = await admin();
  const users = (await firestore.collection('users').count().get()).data().count;
  const accepted = (await firestore.collection('connectionRequests').where('status', '==', 'accepted').count().get()).data().count;
  const token = await idToken(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const stats = await apiGet<{ totalNames: number; totalSwipes: number }>(request, token, '/swipes/stats');
  expect(users).toBeGreaterThan(100);
  expect(accepted).toBeGreaterThan(0);

  await signInWithForm(page);
  const card = (title: string) => page.getByRole('region', { name: title });
  await expect(card('Total Users')).toContainText(formatCount(users));
  await expect(card('Connections')).toContainText(formatCount(accepted));
  await expect(card('Total Names')).toContainText(formatCount(stats.totalNames));
  await expect(card('Total Swipes')).toContainText(formatCount(stats.totalSwipes));

  // Written by another client (the app, here the Admin SDK): the open dashboard follows.
  const newUser = firestore.collection('users').doc(`live-${Date.now()}`);
  const pending = await firestore.collection('connectionRequests').where('status', '==', 'pending').limit(1).get();
  expect(pending.size).toBe(1);
  const request1 = pending.docs[0]!.ref;
  try {
    await newUser.set({
      uid: newUser.id,
      email: `${newUser.id}@example.com`,
      displayName: 'Live Check',
      isAdmin: false,
      createdAt: new Date(),
    });
    await expect(card('Total Users')).toContainText(formatCount(users + 1));
    // As the app accepts a request: the status and when it changed.
    await request1.update({ status: 'accepted', updatedAt: new Date() });
    await expect(card('Connections')).toContainText(formatCount(accepted + 1));
    await page.screenshot({ path: test.info().outputPath('firebase-dashboard-live.png'), fullPage: true });
  } finally {
    await newUser.delete();
    await request1.update({ status: 'pending', updatedAt: new Date() });
  }
});
