import { normalizeCsvRow } from '../../contract/csvRows';
import { parseIsoDate, validateBulkImportRows } from '../../contract/bulkImportRows';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const row = (overrides: Record<string, unknown> = {}) => ({
  name: 'Anna',
  gender: 'female',
  nationality: 'english',
  createdAt: '2025-05-01T10:00:00.000Z',
  ...overrides,
});

describe('validateBulkImportRows', () => {
  it('normalizes like the console: capitalized name, lower-cased gender and nationality', () => {
    const parsed = validateBulkImportRows(
      [
        row({ name: '  áSTA ', gender: ' FEMALE ', nationality: ' Icelandic ' }),
        row({ name: 'ÆGIR', gender: 'Male', nationality: 'ICELANDIC' }),
        row({ name: 'jOHN', gender: 'unisex', createdAt: undefined }),
      ],
      NOW,
    );
    expect(parsed).toEqual({
      ok: true,
      value: {
        names: ['Ásta', 'Ægir', 'John'],
        genders: ['female', 'male', 'unisex'],
        nationalities: ['icelandic', 'icelandic', 'english'],
        firstLetters: ['Á', 'Æ', 'J'],
        createdAts: ['2025-05-01T10:00:00.000Z', '2025-05-01T10:00:00.000Z', NOW.toISOString()],
      },
    });
  });

  it('accepts an empty list', () => {
    expect(validateBulkImportRows([], NOW)).toEqual({
      ok: true,
      value: { names: [], genders: [], nationalities: [], firstLetters: [], createdAts: [] },
    });
  });

  it.each([
    [row({ name: '' }), 'names[1].name'],
    [row({ name: '   ' }), 'names[1].name'],
    [row({ name: undefined }), 'names[1].name'],
    [row({ name: 123 }), 'names[1].name'],
    [row({ name: null }), 'names[1].name'],
    [row({ name: 'An\u0000na' }), 'names[1].name'],
    [row({ gender: '' }), 'names[1].gender'],
    [row({ gender: 'robot' }), 'names[1].gender'],
    [row({ nationality: ' ' }), 'names[1].nationality'],
    [row({ nationality: undefined }), 'names[1].nationality'],
    [row({ createdAt: 'yesterday' }), 'names[1].createdAt'],
    [row({ createdAt: '2024-02-30T00:00:00Z' }), 'names[1].createdAt'],
    [row({ createdAt: 1717000000000 }), 'names[1].createdAt'],
    [row({ id: 7 }), 'names[1].id'],
    ['not an object', 'names[1]'],
    [null, 'names[1]'],
  ])('rejects the whole batch at %j, naming %s', (bad, field) => {
    const parsed = validateBulkImportRows([row(), bad, row()], NOW);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.field).toBe(field);
      expect(parsed.error.message).toMatch(/^Row 1: /);
    }
  });
});

describe('validateBulkImportRows, the rest of what it says and takes', () => {
  it('says which field is not allowed', () => {
    expect(validateBulkImportRows([row({ id: 7 })], NOW)).toEqual({
      ok: false,
      error: { field: 'names[0].id', message: 'Row 0: id is not allowed' },
    });
  });

  it('takes a null createdAt as now, and a date with spaces around it', () => {
    const parsed = validateBulkImportRows([row({ createdAt: null }), row({ createdAt: ' 2025-05-02 ' })], NOW);
    expect(parsed.ok && parsed.value.createdAts).toEqual([NOW.toISOString(), '2025-05-02T00:00:00.000Z']);
  });
});

describe('parseIsoDate', () => {
  it.each([
    ['1900-01-01', '1900-01-01T00:00:00.000Z'],
    ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
    ['2024-12-31T23:59:59Z', '2024-12-31T23:59:59.000Z'],
    ['2024-01-01T10:00+0100', '2024-01-01T09:00:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    ['2024-01-01T10:00:00Z', '2024-01-01T10:00:00.000Z'],
    ['2024-01-01T10:00Z', '2024-01-01T10:00:00.000Z'],
    ['2024-01-01T10:00:00.123456Z', '2024-01-01T10:00:00.123Z'],
    ['2024-01-01T10:00:00+02:00', '2024-01-01T08:00:00.000Z'],
  ])('reads %s', (text, iso) => {
    expect(parseIsoDate(text)).toBe(iso);
  });

  it.each([
    '',
    'now',
    '2023-02-29',
    '2024-13-01',
    '2024-01-01T24:00:00Z',
    '2024-01-01T10:00:00',
    '01/02/2024',
    '2024-1-1',
    'on 2024-01-01',
    '1899-12-31',
    // In range as written, out of it as instants: 1899-12-31T23:00Z and 10000-01-01T00:59:59Z.
    '1900-01-01T00:00:00+01:00',
    '9999-12-31T23:59:59-01:00',
  ])('rejects %j', (text) => {
    expect(parseIsoDate(text)).toBeUndefined();
  });
});

describe('agreement with the console normalizer', () => {
  // The console (contract/csvRows.ts) normalizes before sending; the server normalizes
  // again. Both must agree, or the server would store something other than what the console counted.
  it('stores exactly what the console sends, for tricky cells', () => {
    const cells = [
      ['  áSTA ', ' FEMALE ', ' Icelandic '],
      ['ÆGIR', 'Male', 'ICELANDIC'],
      ['A\u0301rni', 'male', 'icelandic'],
      ['öRN', 'unisex', 'Icelandic'],
      ['mary-JANE', 'female', 'English'],
      ['o\u2019brien', 'male', 'irish'],
      ['ZOË', 'female', ' french'],
    ];
    for (const [name, gender, nationality] of cells) {
      const sent = normalizeCsvRow({ name, gender, nationality }, NOW.toISOString());
      expect(sent).not.toBeNull();
      const stored = validateBulkImportRows([sent], NOW);
      expect(stored.ok && [stored.value.names[0], stored.value.genders[0], stored.value.nationalities[0]]).toEqual([
        sent!.name,
        sent!.gender,
        sent!.nationality,
      ]);
    }
  });
});
