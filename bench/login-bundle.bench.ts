// Initial JavaScript of the login route, as a browser loads it: serves dist/ with the reference backend,
// opens /login in Debian's Chromium, records every script it fetches, and prints raw and gzip sizes.
// Usage: npm run build && npm run bench:login-bundle
import { join } from 'node:path';
import { kB, measureRoute, withServedConsole } from './lib/routeBundle';

const dist = join(process.cwd(), 'dist');

withServedConsole(dist, async (browser, baseUrl) => {
  const login = await measureRoute(browser, dist, `${baseUrl}/login`, (page) => page.getByRole('button', { name: 'Login' }).waitFor());
  console.table(login.rows);
  console.log(`login route initial JS: ${login.files} files, ${kB(login.raw)} kB raw, ${kB(login.gzip)} kB gzip`);
}).catch((error) => {
  console.error(error);
  process.exit(1);
});
