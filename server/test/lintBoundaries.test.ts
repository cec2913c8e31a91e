// The architecture's boundaries are ESLint rules (eslint.config.js); this proves each rule still fires on a
// crossing, so a config edit cannot quietly switch one off. ESLint runs in a child Node process because its
// flat config is an ES module, which Jest's CommonJS sandbox cannot load.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

const probes: Record<string, { file: string; code: string }> = {
  featureInternals: {
    file: 'src/features/names/probe.ts',
    code: "import { UPLOAD_ERROR_TEXT } from '../bulkUpload/importReport';\nexport const x = UPLOAD_ERROR_TEXT;\n",
  },
  featureIndex: { file: 'src/features/names/probe.ts', code: "import { jobPercent } from '../jobs';\nexport const x = jobPercent;\n" },
  firebaseOutsideAdapter: {
    file: 'src/app/probe.ts',
    code: "import { initializeApp } from 'firebase/app';\nexport const x = initializeApp;\n",
  },
  firebaseInAdapter: {
    file: 'src/backend/firebase/probe.ts',
    code: "import { initializeApp } from 'firebase/app';\nexport const x = initializeApp;\n",
  },
  envOutsideConfig: { file: 'src/app/probe.ts', code: 'export const x = import.meta.env.MODE;\n' },
  untypedHooks: {
    file: 'src/features/names/probe.ts',
    code: "import { useSelector } from 'react-redux';\nexport const x = useSelector;\n",
  },
  libOnFeature: { file: 'src/lib/probe.ts', code: "import { jobPercent } from '../features/jobs';\nexport const x = jobPercent;\n" },
  componentsOnFeature: {
    file: 'src/components/probe.ts',
    code: "import { selectSession } from '../features/session';\nexport const x = selectSession;\n",
  },
  componentsOnApp: {
    file: 'src/components/probe.ts',
    code: "import { adminPages } from '../app/adminPages';\nexport const x = adminPages;\n",
  },
  layoutOnFeature: {
    file: 'src/app/layout/probe.ts',
    code: "import { selectSession } from '../../features/session';\nexport const x = selectSession;\n",
  },
  // The probe stands in for namesSlice.ts, which namesUrl.ts imports: a cycle of two real modules.
  importCycle: {
    file: 'src/features/names/namesSlice.ts',
    code: "import { namesUrlView } from './namesUrl';\nexport const x = namesUrlView;\n",
  },
  typeOnlyCycle: {
    file: 'src/features/names/namesSlice.ts',
    code: "import type { namesUrlView } from './namesUrl';\nexport type X = typeof namesUrlView;\n",
  },
  serverOnConsole: { file: 'server/src/probe.ts', code: "import { routes } from '../../src/app/routes';\nexport const x = routes;\n" },
  serverTestOnConsole: { file: 'server/test/probe.ts', code: "import { routes } from '../../src/app/routes';\nexport const x = routes;\n" },
  contractOnConsole: { file: 'contract/probe.ts', code: "import { config } from '../src/config/env';\nexport const x = config;\n" },
  contractOnServer: { file: 'contract/probe.ts', code: "import { buildApp } from '../server/src/app';\nexport const x = buildApp;\n" },
  consoleOnServer: { file: 'src/app/probe.ts', code: "import { buildApp } from '../../server/src/app';\nexport const x = buildApp;\n" },
  serverOnContract: {
    file: 'server/src/probe.ts',
    code: "import type { NameRecord } from '../../contract/schemas/names';\nexport type X = NameRecord;\n",
  },
  featureOnAppShell: {
    file: 'src/features/names/probe.ts',
    code: "import { routes } from '../../app/routes';\nexport const x = routes;\n",
  },
  featureOnTypedHooks: {
    file: 'src/features/names/probe.ts',
    code: "import { useAppSelector } from '../../app/hooks';\nexport const x = useAppSelector;\n",
  },
  consoleOnSchemas: {
    file: 'src/features/names/probe.ts',
    code: "import { NameRecordSchema } from '../../../contract/schemas/names';\nexport const x = NameRecordSchema;\n",
  },
  consoleOnSchemaTypes: {
    file: 'src/features/names/probe.ts',
    code: "import type { NameRecord } from '../../../contract/schemas/names';\nexport type X = NameRecord;\n",
  },
};

const script = `
import { ESLint } from 'eslint';
const probes = JSON.parse(process.argv[1]);
const eslint = new ESLint({ cwd: ${JSON.stringify(root)} });
const out = {};
for (const [key, { file, code }] of Object.entries(probes)) {
  const [result] = await eslint.lintText(code, { filePath: file });
  out[key] = result.messages.filter((m) => m.severity === 2).map((m) => m.ruleId);
}
console.log(JSON.stringify(out));
`;

let rulesHit: Record<string, string[]>;

beforeAll(() => {
  const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(probes)], {
    cwd: root,
    encoding: 'utf8',
  });
  rulesHit = JSON.parse(stdout) as Record<string, string[]>;
}, 60_000);

test.each([
  ['featureInternals', 'import-x/no-restricted-paths'],
  ['firebaseOutsideAdapter', 'no-restricted-imports'],
  ['envOutsideConfig', 'no-restricted-syntax'],
  ['untypedHooks', 'no-restricted-imports'],
  ['libOnFeature', 'import-x/no-restricted-paths'],
  ['componentsOnFeature', 'import-x/no-restricted-paths'],
  ['componentsOnApp', 'import-x/no-restricted-paths'],
  ['importCycle', 'import-x/no-cycle'],
  ['serverOnConsole', 'import-x/no-restricted-paths'],
  ['serverTestOnConsole', 'import-x/no-restricted-paths'],
  ['contractOnConsole', 'import-x/no-restricted-paths'],
  ['contractOnServer', 'import-x/no-restricted-paths'],
  ['consoleOnServer', 'import-x/no-restricted-paths'],
  ['consoleOnSchemas', '@typescript-eslint/no-restricted-imports'],
  ['featureOnAppShell', 'import-x/no-restricted-paths'],
])('%s is refused by %s', (probe, rule) => {
  expect(rulesHit[probe]).toContain(rule);
});

test.each([
  'featureIndex',
  'firebaseInAdapter',
  'serverOnContract',
  'layoutOnFeature',
  'typeOnlyCycle',
  'consoleOnSchemaTypes',
  'featureOnTypedHooks',
])('%s is allowed', (probe) => {
  expect(rulesHit[probe]).toEqual([]);
});
