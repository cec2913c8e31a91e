// npm run openapi: writes openapi.json, the contract as OpenAPI 3.1 (contract/openapi.ts), at the repository's root.
// npm run openapi -- --check: exits 1 when the committed file is not what the contract makes now (CI runs it), so a
// change to the contract without `npm run openapi` fails.
import { readFileSync, writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '../contract/openapi';
import { packageVersion } from '../server/src/routes/openapi';

const FILE = 'openapi.json';
const text = `${JSON.stringify(buildOpenApiDocument(packageVersion()), null, 2)}\n`;

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(FILE, 'utf8');
  } catch {
    // absent: not current
  }
  if (committed !== text) {
    console.error(`${FILE} is not what the contract makes: run \`npm run openapi\` and commit it.`);
    process.exit(1);
  }
  console.log(`${FILE} is current (${Object.keys(JSON.parse(text).paths).length} paths).`);
} else {
  writeFileSync(FILE, text);
  console.log(`wrote ${FILE} (${Object.keys(JSON.parse(text).paths).length} paths)`);
}
