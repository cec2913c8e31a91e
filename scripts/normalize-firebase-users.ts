// `npm run firebase:normalize-users -- [--dry-run]`: the one-off that brings a project's existing `users`
// documents to the shape the console's Firestore queries need (scripts/firebase/normalizeUsers.ts).
// Project: GCLOUD_PROJECT (or --project ID). Credentials: a service account that may write Firestore
// (GOOGLE_APPLICATION_CREDENTIALS, or the runtime's own); with FIRESTORE_EMULATOR_HOST set it works on the
// emulator instead. Prints what it changed per field and the values it could not read.
import { normalizeUsers } from './firebase/normalizeUsers';

const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const projectFlag = args.indexOf('--project');
const projectId = projectFlag >= 0 ? args[projectFlag + 1] : process.env.GCLOUD_PROJECT;
const unknown = args.filter((a, i) => a !== '--dry-run' && a !== '--project' && !(projectFlag >= 0 && i === projectFlag + 1));
if (!projectId || unknown.length > 0) {
  console.error('Usage: npm run firebase:normalize-users -- [--dry-run] [--project ID]   (or GCLOUD_PROJECT=ID)');
  process.exit(2);
}

const [{ initializeApp, deleteApp }, { getFirestore }] = await Promise.all([
  import('firebase-admin/app'),
  import('firebase-admin/firestore'),
]);
const app = initializeApp({ projectId }, 'normalize-users');
const where = process.env.FIRESTORE_EMULATOR_HOST
  ? `the Firestore emulator at ${process.env.FIRESTORE_EMULATOR_HOST}`
  : `project ${projectId}`;
console.log(`${dryRun ? 'Dry run: counting' : 'Normalizing'} users documents in ${where}...`);
try {
  const report = await normalizeUsers(getFirestore(app), { dryRun, log: (line) => console.log(`  ${line}`) });
  console.log(
    `Read ${report.read}; ${dryRun ? 'would update' : 'updated'} ${report.updated}; skipped ${report.skipped} (changed meanwhile: run again).`,
  );
  for (const [field, n] of Object.entries(report.fields).sort()) console.log(`  ${field}: ${n}`);
  if (report.unreadableCount > 0) {
    console.log(`${report.unreadableCount} values could not be read and were left as they are:`);
    for (const { id, field } of report.unreadable) console.log(`  users/${id}.${field}`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await deleteApp(app);
}
