// The packages (and deep imports, e.g. '@mui/icons-material/Add') the console's sources import, for
// Vite's optimizeDeps.include. Vite's dependency scan misses some (the CSV worker's papaparse, imports of
// pages it has not crawled yet); a dependency it meets later makes the dev server re-optimize and RELOAD
// the page, which once dropped an import in progress. Read from the sources at start-up so the
// list never falls behind a new icon or chart.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SOURCE_FILE = /\.(ts|tsx)$/;
const NOT_SHIPPED = /(\.test\.tsx?$|\.d\.ts$|[\\/](testing|__mocks__)[\\/])/;
// `import x from 'pkg'`, `export … from 'pkg'`, `import('pkg')`; `import type` is erased and needs nothing.
const IMPORT = /(?:^|\n)\s*(?:import(?!\s+type\b)[^'"]*?from\s*|export\s+(?!type\b)[^'"]*?from\s*|import\s*\(\s*)['"]([^'"]+)['"]/g;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (SOURCE_FILE.test(entry.name) && !NOT_SHIPPED.test(full)) yield full;
  }
}

const isBare = (specifier: string) => !specifier.startsWith('.') && !specifier.startsWith('/') && !specifier.startsWith('node:');

/** Sorted bare specifiers imported by the shipped sources under `srcDir` (tests and test kits left out). */
export function sourceDependencies(srcDir: string): string[] {
  const found = new Set<string>();
  for (const file of sourceFiles(srcDir)) {
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[1]!;
      if (isBare(specifier)) found.add(specifier);
    }
  }
  return [...found].sort();
}
