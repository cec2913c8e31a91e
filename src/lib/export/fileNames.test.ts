import { datedFileName } from './fileNames';

describe('datedFileName', () => {
  it('dates files by the local day', () => {
    const date = new Date(2026, 10, 22, 23, 59);
    expect(datedFileName('names', 'csv', date)).toBe('names-2026-11-22.csv');
    expect(datedFileName('backup', 'json', new Date(2026, 0, 5, 0, 0))).toBe('backup-2026-01-05.json');
  });
});
