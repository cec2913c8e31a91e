// Initial JavaScript of the public invite page as a phone's browser loads it, measured the same way as
// bench/login-bundle.bench.ts (bench/lib/routeBundle.ts): open /invite?code=… at 390 px wide, record every
// script fetched until the network is idle, print raw and gzip sizes, and the login route's figure beside it.
// Usage: npm run build && npm run bench:invite-bundle   (DIST_DIR=dist-x for another build folder)
import { join } from 'node:path';
import { kB, measureRoute, withServedConsole } from './lib/routeBundle';

const dist = join(process.cwd(), process.env.DIST_DIR ?? 'dist');
const phone = { width: 390, height: 844 };

withServedConsole(dist, async (browser, baseUrl) => {
  const invite = await measureRoute(
    browser,
    dist,
    `${baseUrl}/invite?code=BENCH1`,
    (page) => page.getByRole('heading', { name: "You're invited to Baby Names" }).waitFor(),
    phone,
  );
  console.table(invite.rows);
  const login = await measureRoute(
    browser,
    dist,
    `${baseUrl}/login`,
    (page) => page.getByRole('button', { name: 'Login' }).waitFor(),
    phone,
  );
  console.log(
    `invite route initial JS: ${invite.files} files, ${kB(invite.raw)} kB raw, ${kB(invite.gzip)} kB gzip, ${kB(invite.served)} kB as served`,
  );
  console.log(
    `login route initial JS (same build, for scale): ${login.files} files, ${kB(login.raw)} kB raw, ${kB(login.gzip)} kB gzip, ${kB(login.served)} kB as served`,
  );
  console.log(`invite / login (gzip): ${(invite.gzip / login.gzip).toFixed(2)}`);
}).catch((error) => {
  console.error(error);
  process.exit(1);
});
