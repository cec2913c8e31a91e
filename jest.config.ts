import os from 'node:os';
import type { Config } from 'jest';

// msw and friends ship ESM only; jose and typebox too. ts-jest turns them into CommonJS for Jest.
const esmDeps = [
  'msw',
  '@mswjs',
  'rettime',
  'until-async',
  'headers-polyfill',
  '@open-draft',
  'outvariant',
  'strict-event-emitter',
  'jose',
  // contract/endpoints.ts: TypeBox 1.x ships ESM only.
  'typebox',
  // otplib's default plugins (server/src/auth/mfa/totp.ts): its own packages ship CommonJS, these two ESM only.
  '@noble/hashes',
  '@scure/base',
];
const transform = {
  '^.+\\.(t|j)sx?$|^.+\\.mjs$': [
    'ts-jest',
    { tsconfig: { isolatedModules: true, jsx: 'react-jsx', allowJs: true, rootDir: '.', module: 'commonjs', esModuleInterop: true } },
  ],
} satisfies Config['transform'];
const transformIgnorePatterns = [`/node_modules/(?!(${esmDeps.join('|')})/)`];

const config: Config = {
  // Jest's default is one worker fewer than the cores: a single worker on a 2-core machine, which left a core
  // idle and made `npm test` take 621 s in CI. At least two.
  maxWorkers: Math.max(2, os.availableParallelism() - 1),
  // Jest's 5 s default is a speed limit, not a check: on a loaded 2-core machine a screen test that renders
  // a DataGrid and drains a few hundred msw answers took longer. A test that hangs still fails,
  // after a minute. (A global option: Jest ignores testTimeout inside a project.)
  testTimeout: 60_000,
  projects: [
    {
      displayName: 'web',
      testEnvironment: 'jest-fixed-jsdom',
      roots: ['<rootDir>/src', '<rootDir>/mocks'],
      transform,
      transformIgnorePatterns,
      moduleNameMapper: {
        '^(\\.{1,2}/)+config/env$': '<rootDir>/jest/env.mock.ts',
        '^(\\.{1,2}/)+env$': '<rootDir>/jest/env.mock.ts',
        '\\.worker-client$': '<rootDir>/jest/workerClient.mock.ts',
      },
      setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
      // The adapters against the real emulators run in the emulators project below.
      testPathIgnorePatterns: ['/node_modules/', '\\.emulator\\.test\\.ts$'],
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server', '<rootDir>/contract'],
      // PGlite's CommonJS bundle loads Node built-ins with dynamic import(), which Jest's sandbox
      // rejects; this transform turns those into require() (see the file).
      transform: { '@electric-sql/pglite/dist/.+\\.cjs$': '<rootDir>/server/test/jest/pgliteCjsTransform.cjs', ...transform },
      transformIgnorePatterns: [`/node_modules/(?!(${[...esmDeps, '@electric-sql/pglite'].join('|')})/)`],
      testTimeout: 60_000,
      // One migrated, seeded PGlite per seed for the whole run; each test file starts from its dump.
      globalSetup: '<rootDir>/server/test/jest/globalSetup.ts',
      globalTeardown: '<rootDir>/server/test/jest/globalTeardown.ts',
      // Those run against the real emulators, in the emulators project below.
      testPathIgnorePatterns: ['/node_modules/', '\\.emulator\\.test\\.ts$'],
    },
    {
      // Against Google's Firestore emulator and the Firebase Auth emulator (Java 17 and firebase-tools). Not in
      // `npm test` (it would need both): `npm run test:emulators`.
      displayName: 'emulators',
      testEnvironment: 'node',
      roots: ['<rootDir>/server/test', '<rootDir>/src/backend/firebase'],
      testMatch: ['**/*.emulator.test.ts'],
      // The hosted API's restore in Firebase mode runs on PGlite here too: the server project's transform of it.
      transform: { '@electric-sql/pglite/dist/.+\\.cjs$': '<rootDir>/server/test/jest/pgliteCjsTransform.cjs', ...transform },
      transformIgnorePatterns: [`/node_modules/(?!(${[...esmDeps, '@electric-sql/pglite'].join('|')})/)`],
      testTimeout: 120_000,
    },
  ],
};
export default config;
