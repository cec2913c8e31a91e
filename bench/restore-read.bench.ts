// bench:restore-read — the Restore card's stream reader (src/features/dataExport/restore/backupReader.ts) over a
// large backup file: how long it takes to read, check and batch every row, and the most JS heap it held. The file
// is written once in the Full Backup's layout (real first names, users with their fields, one 50 MB row that must
// be refused without being held) and kept in the temp folder for the next run. Batches are serialized as the
// request body would be and dropped: no server (the staging routes are the reference backend's, bench:restore).
// The heap is this Node process's V8 heap (the same engine as Chromium's page), sampled at every event the reader
// yields; the file's bytes come from fs.openAsBlob, outside the heap as a browser's File is.
//
// Usage: npm run bench:restore-read [-- --mb 1024]
//        NODE_OPTIONS=--max-old-space-size=200 npm run bench:restore-read   (fails with "heap out of memory" if the
//        reader held more than 200 MB)
import { createWriteStream, existsSync, openAsBlob, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { once } from 'node:events';
import { readBackup } from '../src/features/dataExport/restore/backupReader';
import { loadAverage } from './lib/timing';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const TARGET_MB = Number(arg('mb', '1024'));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function writeBackupFile(file: string, targetBytes: number) {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  // Loaded only to write the file: faker's locales would otherwise sit in the heap being measured.
  const { realNames, seededRandom } = await import('./lib/realNames');
  const random = seededRandom(42);
  const names = realNames();
  let bytes = 0;
  const counts = { users: 0, names: 0, connections: 0, audit_logs: 0 };
  const head = `{"version":"1.0","createdAt":"2026-11-27T10:00:00.000Z","data":{"users":[`;
  await write(head);
  bytes += head.length;
  const userBytes = targetBytes / 10;
  for (let i = 0; bytes < userBytes; i += 1) {
    const row = JSON.stringify({
      uid: `user${i}`,
      email: `user${i}@example.com`,
      username: `user_${i}`,
      displayName: names[i % names.length]!.name,
      accountActive: true,
      isPremium: random() < 0.2,
      isAdmin: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-02T00:00:00.000Z',
      preferredGender: 'all',
      preferredNationality: 'all',
      preferredLanguage: 'english',
      dailySwipeCount: Math.floor(random() * 50),
      notificationSettings: { matchedName: true, connectionRequest: true, dailyReminder: false },
      totalActiveTimeFormatted: '1h 2m 3s',
    });
    const text = (i === 0 ? '' : ',') + row;
    await write(text);
    bytes += text.length;
    counts.users += 1;
  }
  await write('],"names":[');
  for (let i = 1; bytes < targetBytes; i += 1) {
    const name = names[i % names.length]!;
    const huge = i === 1000;
    const row = JSON.stringify({
      id: i,
      name_id: i,
      name: name.name,
      gender: name.gender,
      nationality: huge ? 'x'.repeat(50 * 1024 * 1024) : name.nationality,
      created_at: '2026-01-01T00:00:00.000Z',
    });
    const text = (i === 1 ? '' : ',') + row;
    await write(text);
    bytes += Buffer.byteLength(text);
    counts.names += 1;
  }
  await write(`],"connections":[],"audit_logs":[]},"counts":${JSON.stringify(counts)}}`);
  out.end();
  await once(out, 'finish');
}

async function main() {
  const file = path.join(os.tmpdir(), `restore-read-bench-${TARGET_MB}mb.json`);
  if (!existsSync(file) || statSync(file).size < TARGET_MB * 1024 * 1024) {
    console.log(`writing ${file} (${TARGET_MB} MB)…`);
    await writeBackupFile(file, TARGET_MB * 1024 * 1024);
    console.log("written: run again to measure (the writer's name lists would be in the heap)");
    return;
  }
  const size = statSync(file).size;
  console.log(`${path.basename(file)}: ${mb(size)}`);
  console.log(loadAverage());

  const blob = await openAsBlob(file);
  const heapAtStart = process.memoryUsage().heapUsed;
  let peakHeap = heapAtStart;
  let peakArrayBuffers = 0;
  let batches = 0;
  let bodyBytes = 0;
  const started = performance.now();
  const reader = readBackup(blob);
  let summary;
  for (;;) {
    const next = await reader.next();
    const memory = process.memoryUsage();
    peakHeap = Math.max(peakHeap, memory.heapUsed);
    peakArrayBuffers = Math.max(peakArrayBuffers, memory.arrayBuffers);
    if (next.done) {
      summary = next.value;
      break;
    }
    if (next.value.type === 'rows') {
      batches += 1;
      bodyBytes += JSON.stringify(next.value.batch).length;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `read ${mb(summary.bytesRead)} in ${seconds.toFixed(1)} s (${mb(summary.bytesRead / seconds)}/s): ` +
      `${summary.rowsRead.users.toLocaleString('en-US')} users, ${summary.rowsRead.names.toLocaleString('en-US')} names, ` +
      `${batches.toLocaleString('en-US')} batches (${mb(bodyBytes)} of request bodies)`,
  );
  console.log(
    `problem: ${summary.problem ?? 'none'}; rows not sent: ${JSON.stringify(summary.rowsNotSent)}; ${summary.fileProblems[0]?.problem ?? ''}`,
  );
  console.log(`JS heap: ${mb(heapAtStart)} at the start, peak ${mb(peakHeap)}; array buffers peak ${mb(peakArrayBuffers)}`);
  console.log(loadAverage());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
