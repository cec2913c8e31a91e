// The migrations apply in the numeric order of their file names, each number once, and every file in the folder is
// in the list (server/src/db/migrations/index.ts): a migration that lands beside another cannot run before one it
// follows by number, nor be forgotten.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { migrations } from '../src/db/migrations';

const folder = path.join(__dirname, '../src/db/migrations');
const numberOf = (id: string) => Number(/^(\d{3})_/.exec(id)?.[1]);

it('are listed in the numeric order of their names, each number once', () => {
  const numbers = migrations.map((m) => numberOf(m.id));
  expect(numbers.every(Number.isInteger)).toBe(true);
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  expect(new Set(numbers).size).toBe(numbers.length);
});

it('lists every migration file of the folder', () => {
  const files = readdirSync(folder)
    .filter((file) => /^\d{3}_.*\.ts$/.test(file))
    .map((file) => file.replace(/\.ts$/, ''));
  expect(migrations.map((m) => m.id)).toEqual(files.sort());
});
