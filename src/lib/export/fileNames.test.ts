import { datedFileName } from './fileNames';

describe('datedFileName', () => {
  it('dates files by the UTC day, like the times inside them', () => {
    expect(datedFileName('names', 'csv', new Date('2026-11-22T23:59:00Z'))).toBe('names-2026-11-22.csv');
    expect(datedFileName('backup', 'json', new Date('2026-01-05T00:00:00Z'))).toBe('backup-2026-01-05.json');
  });
});
