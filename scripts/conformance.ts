// npm run conformance -- --api URL --token TOKEN [--read-only]
// Checks that a hosted API answers as the console expects (scripts/conformance/runConformance.ts); exits 1 when an
// endpoint does not conform. The token is an admin's bearer token (the reference backend's from /auth/sign-in).
import { parseArgs } from 'node:util';
import { formatReport, runConformance } from './conformance/runConformance';

const { values } = parseArgs({
  options: { api: { type: 'string' }, token: { type: 'string' }, 'read-only': { type: 'boolean', default: false } },
});
if (!values.api || !values.token) {
  console.error('usage: npm run conformance -- --api URL --token TOKEN [--read-only]');
  process.exit(2);
}
const results = await runConformance({ api: values.api, token: values.token, readOnly: values['read-only'] });
console.log(formatReport(results));
process.exit(results.some((r) => r.outcome === 'failed') ? 1 : 0);
