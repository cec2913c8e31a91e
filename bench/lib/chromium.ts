import { chromium, type Browser, type Page } from 'playwright-core';
import { DEMO_ADMIN } from '../../server/src/seed/demoAccounts';

/** Debian's Chromium (Playwright never downloads a browser here); CHROMIUM_PATH points elsewhere. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, with the background traffic off that would disturb a measurement (the benches and playwright.config.ts). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, headless, with the background traffic off that would disturb a measurement. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** Signs in on the console's login page as the demo admin and waits for the dashboard. */
export async function signInAsDemoAdmin(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/dashboard$/);
}
