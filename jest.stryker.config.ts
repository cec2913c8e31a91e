// Jest as Stryker runs it (stryker.config.mjs): the one project of `npm test` that holds the tests of the
// module under mutation (STRYKER_TESTS, comma-separated paths), narrowed to them, as a root config. Not
// `projects`: Stryker's per-test coverage wraps the root config's test environment, and would give the
// console's tests Node's instead of jsdom.
import type { Config } from 'jest';
import base from './jest.config';

type Project = Exclude<NonNullable<Config['projects']>[number], string>;
const tests = (process.env.STRYKER_TESTS ?? '').split(',').filter(Boolean);

const rootsOf = (project: Project) => (project.roots ?? []).map((root) => root.replace('<rootDir>/', ''));
const holds = (project: Project, test: string) => rootsOf(project).some((root) => test.startsWith(`${root}/`));

const projects = (base.projects ?? []).filter(
  (project): project is Project => typeof project !== 'string' && project.displayName !== 'emulators',
);
const project = projects.find((candidate) => tests.length > 0 && tests.every((test) => holds(candidate, test)));
if (!project) throw new Error(`STRYKER_TESTS must all lie in one project's roots: ${tests.join(', ')}`);

// No PGlite templates (server/test/jest/pgliteTemplates.ts): a template seeded before the mutant is active
// would hide a mutant of code the seed runs; each test file migrates and seeds with the mutant in place.
const { displayName: _name, globalSetup: _setup, globalTeardown: _teardown, ...own } = project;
const config: Config = {
  ...own,
  testTimeout: base.testTimeout,
  testMatch: tests.map((test) => `<rootDir>/${test}`),
  testPathIgnorePatterns: ['/node_modules/'],
};
export default config;
