// Guards two rules: Firebase is imported only inside src/backend/firebase, and only through a dynamic
// import chosen by configuration (so the default bundle does not carry it).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { createBackend } from './index';
import { config } from '../../jest/env.mock';

const srcRoot = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [path] : [];
  });
}

describe('backend boundary', () => {
  const files = sourceFiles(srcRoot).map((path) => ({
    path: relative(srcRoot, path).split(sep).join('/'),
    text: readFileSync(path, 'utf8'),
  }));

  it('imports the Firebase SDK only inside backend/firebase', () => {
    const offenders = files.filter(
      (f) =>
        !f.path.startsWith('backend/firebase/') && /from\s+['"]firebase\/|import\(\s*['"]firebase\/|require\(\s*['"]firebase/.test(f.text),
    );
    expect(offenders.map((f) => f.path)).toEqual([]);
  });

  it('reaches the Firebase adapter only through the dynamic import in backend/index.ts', () => {
    const staticImports = files.filter((f) => !f.path.startsWith('backend/firebase/') && /from\s+['"][./]*[^'"]*\/firebase\//.test(f.text));
    expect(staticImports.map((f) => f.path)).toEqual([]);
    const index = files.find((f) => f.path === 'backend/index.ts')!;
    expect(index.text).toMatch(/await import\('\.\/firebase\/firebaseBackend'\)/);
  });

  it('builds the local backend by default', async () => {
    const backend = await createBackend(config);
    expect(backend.kind).toBe('local');
  });
});
