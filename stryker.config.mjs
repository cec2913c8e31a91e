// npm run test:mutation: StrykerJS on the modules where a silent bug costs most. Each mutant runs
// only the tests that covered it (perTest coverage through the Jest runner); mutants that do not type-check
// are discarded by the TypeScript checker. scripts/mutation-report.ts prints the score per module.
// One module per run: STRYKER_MODULE names it (scripts/mutationModules.mjs); scripts/mutation.ts runs them all.
import { mutationModules } from './scripts/mutationModules.mjs';

const name = process.env.STRYKER_MODULE ?? '';
const module = mutationModules[name];
if (!module) throw new Error(`STRYKER_MODULE must be one of: ${Object.keys(mutationModules).join(', ')}`);
// Read by jest.stryker.config.ts in Stryker's test-runner processes, which inherit this environment.
process.env.STRYKER_TESTS = module.tests.join(',');
const slug = name.replace(/[^a-z]+/gi, '-');

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'jest',
  jest: { projectType: 'custom', configFile: 'jest.stryker.config.ts', enableFindRelatedTests: false },
  coverageAnalysis: 'perTest',
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.stryker.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  mutate: module.mutate,
  ignorePatterns: ['dist', 'dist-*', '.data', 'test-results', 'playwright-report', 'reports', '.stryker-tmp'],
  concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 2),
  timeoutMS: module.timeoutMs ?? 60_000,
  reporters: ['clear-text', 'progress-append-only', 'json', 'html'],
  jsonReporter: { fileName: `reports/mutation/${slug}.json` },
  htmlReporter: { fileName: `reports/mutation/${slug}.html` },
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
