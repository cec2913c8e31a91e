// The contract's modules import one another without a cycle, type imports included (eslint's import-x/no-cycle
// skips those): a schema module (schemas/) may import constants and rules, never the reverse, and only endpoints.ts
// imports the schemas of every area. A cycle of types still makes a change ripple both ways.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = __dirname;

function contractModules(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return contractModules(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** Every relative import or re-export of a module, `import type` included, as absolute paths without extension. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^(?:import|export)\b[^;]*?from '(\.{1,2}\/[^']+)';/gms)].map((match) =>
    path.resolve(path.dirname(file), match[1]).replace(/\.ts$/, ''),
  );
}

function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...trail.slice(trail.indexOf(node)), node];
    state.set(node, 'open');
    trail.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

const graph = new Map(contractModules().map((file) => [file.replace(/\.ts$/, ''), importsOf(file)]));
const name = (module: string) => path.relative(root, module);

describe('the contract modules', () => {
  it('import one another without a cycle, even of types', () => {
    expect(findCycle(graph)?.map(name) ?? null).toBeNull();
  });

  it('finds a cycle when there is one (the check itself works)', () => {
    expect(
      findCycle(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual(['a', 'b', 'c', 'a']);
  });

  it('keep endpoints.ts the map: no module of the contract imports it', () => {
    const importers = [...graph].filter(([, imports]) => imports.includes(path.join(root, 'endpoints'))).map(([module]) => name(module));
    expect(importers.sort()).toEqual(['openapi']);
  });

  it('keep TypeBox out of the modules the console loads: only schemas/ and the map build schemas', () => {
    const building = [...graph.keys()]
      .filter((module) => /from 'typebox'/.test(readFileSync(`${module}.ts`, 'utf8').replace(/import type [^;]*;/g, '')))
      .map(name)
      .filter((module) => !module.startsWith('schemas'));
    expect(building.sort()).toEqual(['endpoints']);
  });
});
