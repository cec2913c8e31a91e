import { readFileSync } from 'node:fs';
import { engineConflicts } from '../../scripts/engines';

const declared = (JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }).engines.node;

describe('supported Node versions', () => {
  it('names a package that wants a newer Node than the range declared', () => {
    const lock = {
      packages: {
        '': { version: '0.1.0', engines: { node: '>=1' } },
        'node_modules/a': { version: '1.0.0', engines: { node: '>=18' } },
        'node_modules/x/node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
        'node_modules/old': { version: '1.0.0', engines: ['node >= 0.6'] },
      },
    };
    expect(engineConflicts(lock, '^20.19.0 || >=22')).toEqual([
      { path: 'node_modules/x/node_modules/cookie', version: '2.0.2', requires: '>=22' },
    ]);
    expect(engineConflicts(lock, '>=22')).toEqual([]);
  });

  it('every locked package runs on every Node version package.json declares', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as Parameters<typeof engineConflicts>[0];
    expect(engineConflicts(lock, declared)).toEqual([]);
  });
});
