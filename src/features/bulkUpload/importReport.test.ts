import { finishedToast, type ImportTally } from './importReport';

const tally = (over: Partial<ImportTally>): ImportTally => ({
  outcomes: [],
  rowsRead: 0,
  rowsSkipped: 0,
  rowsSent: 0,
  rowsAdded: 0,
  allSent: true,
  duplicates: 0,
  trashed: 0,
  skippedByReason: {},
  encoding: 'UTF-8',
  ...over,
});

describe('finishedToast', () => {
  it('keeps spec 8’s success toast whenever names were added', () => {
    expect(finishedToast(tally({ rowsRead: 5, rowsSent: 5, rowsAdded: 2, duplicates: 3 }))).toEqual({
      message: 'Successfully imported 2 names!',
      kind: 'success',
    });
  });

  it('says that nothing new was added and why, from the report’s counts', () => {
    expect(finishedToast(tally({ rowsRead: 1200, rowsSent: 1200, duplicates: 1200 }))).toEqual({
      message: 'No new names were added: 1,200 rows skipped as duplicates.',
      kind: 'info',
    });
    expect(finishedToast(tally({ rowsRead: 1, rowsSent: 1, duplicates: 1 })).message).toBe(
      'No new names were added: 1 row skipped as duplicates.',
    );
    expect(finishedToast(tally({ rowsRead: 3, rowsSkipped: 3 }))).toEqual({
      message: 'No new names were added: 3 rows skipped as invalid.',
      kind: 'warning',
    });
    expect(finishedToast(tally({ rowsRead: 4, rowsSent: 4, duplicates: 1 }))).toEqual({
      message: 'No new names were added: 1 row skipped as duplicates, 3 rows not added by the server.',
      kind: 'warning',
    });
    expect(finishedToast(tally({ rowsRead: 3, rowsSent: 3, duplicates: 1, trashed: 2 }))).toEqual({
      message: 'No new names were added: 1 row skipped as duplicates, 2 rows in the trash.',
      kind: 'info',
    });
    expect(finishedToast(tally({}))).toEqual({ message: 'No new names were added: the file has no rows to import.', kind: 'warning' });
  });
});
