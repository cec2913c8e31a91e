// ESLint: the code's own rules plus the architecture's boundaries (docs/architecture.md), so a change
// that crosses one fails `npm run lint` instead of waiting for a reviewer. Formatting is Prettier's job
// (eslint-config-prettier turns the stylistic rules off).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// A feature reaches another only through its public index.ts (bulletproof-react's rule): one zone per feature.
const featureBoundaries = features.map((feature) => ({
  target: `./src/features/!(${feature})/**/*`,
  from: `./src/features/${feature}`,
  except: ['./index.ts'],
  message: `Import the ${feature} feature through its public index (src/features/${feature}/index.ts).`,
}));

const firebaseImports = {
  patterns: [
    {
      group: ['firebase', 'firebase/*', '@firebase/*'],
      message: 'Firebase lives behind the backend ports: only src/backend/firebase imports it.',
    },
  ],
};

const typedHooks = {
  name: 'react-redux',
  importNames: ['useDispatch', 'useSelector'],
  message: 'Use the typed hooks useAppDispatch / useAppSelector from src/app/hooks.ts.',
};

// Shared layers never depend on features or on the app shell above them.
const consoleZones = [
  ...featureBoundaries,
  { target: './src/lib', from: ['./src/features', './src/app', './src/components'], message: 'src/lib holds pure helpers.' },
  {
    target: './src/components',
    from: ['./src/features', './src/app'],
    message: 'src/components is shared UI below the features and the app shell (the layout, which shows features, is src/app/layout).',
  },
  {
    target: './src/hooks',
    from: ['./src/features', './src/components', './src/app/layout'],
    message: 'src/hooks holds hooks shared by the features (lists, views in the address): below the features and the shell.',
  },
  {
    // A feature takes from the app shell only what every page needs: the typed hooks, the store's types, and the page
    // registry (adminPages, pageIcons: the dashboard and the palette list the pages). Tests render the whole shell.
    target: './src/features/**/!(*.test).{ts,tsx}',
    from: './src/app',
    except: ['./hooks.ts', './store.ts', './adminPages.ts', './layout/pageIcons.tsx'],
    message: 'A feature takes from src/app only the typed hooks, the store types and the page registry (adminPages, pageIcons).',
  },
  { target: './src/api', from: ['./src/features', './src/components'], message: 'src/api is below the features.' },
  { target: './src/backend', from: ['./src/features', './src/components', './src/app'], message: 'Backends sit below the UI.' },
];

const importMetaEnv = {
  selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
  message: 'import.meta.env is read in one place: src/config/env.ts.',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dist-*',
      '.data',
      'test-results',
      'test-results-*',
      'playwright-report',
      'bench/out',
      'server/src/seed/data/**',
      'server/test/jest/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      // no-cycle follows imports by parsing the imported files: it reads only these (JavaScript alone by default).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-duplicates': 'error',
      'import-x/first': 'error',
      'import-x/no-self-import': 'error',
      // A module never reaches itself through its imports: cycles make load order matter (a value read
      // before its module ran is undefined) and usually mean a layer reaches up. Type-only imports do not
      // count (they vanish at build time); packages are not followed.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-syntax': ['error', importMetaEnv],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'mocks/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: [typedHooks], ...firebaseImports }],
    },
  },
  {
    // The console loads the contract's constants and rules, never its schemas (TypeBox and every area's schemas
    // would join the bundle): it takes only their types, which vanish at build time (contract/contractImports.test.ts).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/contract/schemas/*', '**/contract/endpoints', '**/contract/openapi'],
              allowTypeImports: true,
              message: "The console imports only types from the contract's schemas (import type): the server checks by them.",
            },
          ],
        },
      ],
    },
  },
  // The one place each restricted thing may appear.
  { files: ['src/config/env.ts'], rules: { 'no-restricted-syntax': 'off' } },
  { files: ['src/app/hooks.ts'], rules: { 'no-restricted-imports': ['error', firebaseImports] } },
  { files: ['src/backend/firebase/**', 'scripts/verify-firebase-auth.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    // contract/ is what console and server share: it depends on neither. The server, its tests included,
    // takes nothing from the console but contract/ (rules both sides check, such as the CSV normalizer,
    // live there); the console never imports the server.
    files: ['server/**/*.ts', 'contract/**/*.ts', 'src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./server/src', './server/test'],
              from: './src',
              message: 'The server (its tests too) shares only contract/ with the console, never src/.',
            },
            { target: './contract', from: ['./src', './server'], message: 'contract/ depends on neither the console nor the server.' },
            { target: './src', from: './server', message: 'The console never imports the server: share it through contract/.' },
            ...consoleZones,
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'mocks/**', 'e2e/**', 'e2e-firebase/**', 'jest/**', 'jest.setup.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  prettier,
);
