// npm run test:mutation [-- "module name" ...]: StrykerJS once per scoped module (scripts/mutationModules.mjs),
// then the score of each: killed (timeouts included) over every valid mutant, as Stryker counts it. Exits 1
// when a module scores under 90 %. Reports: reports/mutation/<module>.html and .json.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { mutationModules } from './mutationModules.mjs';

const GOAL = 90;
const names = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(mutationModules);
const unknown = names.filter((name) => !(name in mutationModules));
if (unknown.length > 0) {
  console.error(`unknown module(s): ${unknown.join(', ')}; known: ${Object.keys(mutationModules).join(', ')}`);
  process.exit(2);
}

interface Mutant {
  status: string;
}
const slug = (name: string) => name.replace(/[^a-z]+/gi, '-');
const rows: { module: string; killed: number; survived: number; noCoverage: number; score: string; minutes: string }[] = [];
console.log(
  `load average before: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

for (const name of names) {
  const started = Date.now();
  const run = spawnSync('npx', ['stryker', 'run'], { stdio: 'inherit', env: { ...process.env, STRYKER_MODULE: name } });
  if (run.status !== 0) {
    console.error(`stryker failed on ${name} (exit ${run.status})`);
    process.exit(1);
  }
  const report = JSON.parse(readFileSync(`reports/mutation/${slug(name)}.json`, 'utf8')) as {
    files: Record<string, { mutants: Mutant[] }>;
  };
  const mutants = Object.values(report.files).flatMap((file) => file.mutants);
  const count = (...statuses: string[]) => mutants.filter((m) => statuses.includes(m.status)).length;
  const killed = count('Killed', 'Timeout');
  const survived = count('Survived');
  const noCoverage = count('NoCoverage');
  const valid = killed + survived + noCoverage;
  rows.push({
    module: name,
    killed,
    survived,
    noCoverage,
    score: valid === 0 ? 'n/a' : ((100 * killed) / valid).toFixed(1),
    minutes: ((Date.now() - started) / 60_000).toFixed(1),
  });
}

console.table(rows);
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const below = rows.filter((row) => row.score !== 'n/a' && Number(row.score) < GOAL);
if (below.length > 0) {
  console.error(`under ${GOAL} %: ${below.map((row) => `${row.module} (${row.score} %)`).join(', ')}`);
  process.exitCode = 1;
}
