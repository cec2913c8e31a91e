import Papa from 'papaparse';
import {
  checkCsvRow,
  headerSignature,
  mappedHeader,
  proposeColumns,
  CSV_PARSE_OPTIONS,
  hasRequiredColumns,
  isBlankRow,
  MAX_CELL_LENGTH,
  missingColumns,
  normalizeCsvRow,
  normalizeHeader,
  type RawCsvRow,
} from './csvRows';
import { capitalizeName } from './nameRules';

const AT = '2026-03-01T10:00:00.000Z';

/** Parses CSV text exactly as the worker does (real papaparse, the shared options), then normalizes. */
function importText(text: string) {
  const parsed = Papa.parse<RawCsvRow>(text, { ...CSV_PARSE_OPTIONS });
  const rows = parsed.data.map((raw) => normalizeCsvRow(raw, AT));
  return {
    fields: parsed.meta.fields,
    importable: hasRequiredColumns(parsed.meta.fields),
    rows: rows.filter((r) => r !== null),
    skipped: rows.filter((r) => r === null).length,
    read: parsed.data.length,
    errors: parsed.errors,
  };
}

describe('header matching', () => {
  it('ignores case, surrounding spaces and a BOM', () => {
    expect(normalizeHeader('\uFEFF Name ')).toBe('name');
    expect(normalizeHeader('  GENDER')).toBe('gender');
    const result = importText('\uFEFF Name , GENDER ,\tNationality \nAnna,female,swedish\n');
    expect(result.importable).toBe(true);
    expect(result.rows).toEqual([{ name: 'Anna', gender: 'female', nationality: 'swedish', createdAt: AT }]);
  });

  it('reads a BOM in front of a quoted first header', () => {
    const result = importText('\uFEFF"name","gender","nationality"\r\n"Anna","female","swedish"\r\n');
    expect(result.importable).toBe(true);
    expect(result.rows).toHaveLength(1);
  });

  it('drops only a LEADING BOM: one inside a header is part of it, and that header is no required column', () => {
    expect(normalizeHeader('na\uFEFFme')).toBe('na\uFEFFme');
    expect(missingColumns(['na\uFEFFme', 'gender', 'nationality'])).toEqual(['name']);
  });

  it('drops a BOM before the parser sees the first chunk (papaparse strips it from a whole string, not from chunks)', () => {
    expect(CSV_PARSE_OPTIONS.beforeFirstChunk('\uFEFF"name",gender\n')).toBe('"name",gender\n');
    expect(CSV_PARSE_OPTIONS.beforeFirstChunk('name,gen\uFEFFder\n')).toBe('name,gen\uFEFFder\n');
    expect(CSV_PARSE_OPTIONS.beforeFirstChunk('name,gender\n')).toBe('name,gender\n');
  });

  it('reports the missing columns', () => {
    expect(missingColumns(['name', 'gender'])).toEqual(['nationality']);
    expect(missingColumns(undefined)).toEqual(['name', 'gender', 'nationality']);
    const result = importText('name,sex,country\nAnna,female,swedish\n');
    expect(result.importable).toBe(false);
    expect(missingColumns(result.fields)).toEqual(['gender', 'nationality']);
  });

  it('takes the columns in any order and ignores extra ones', () => {
    const result = importText('origin,nationality,id,gender,name\nx,swedish,1,female,anna\n');
    expect(result.importable).toBe(true);
    expect(result.rows).toEqual([{ name: 'Anna', gender: 'female', nationality: 'swedish', createdAt: AT }]);
  });

  it('guesses a semicolon delimiter (regional Excel exports)', () => {
    const result = importText('name;gender;nationality\nAnna;female;swedish\nBo;male;danish\n');
    expect(result.importable).toBe(true);
    expect(result.rows.map((r) => r.name)).toEqual(['Anna', 'Bo']);
  });
});

describe('blank rows', () => {
  it('a row of empty or whitespace-only cells is blank, also in the extra cells papaparse collects in an array', () => {
    expect(isBlankRow({ name: '', gender: ' ', nationality: '\t' })).toBe(true);
    expect(isBlankRow({ name: ' ', gender: undefined })).toBe(true);
    expect(isBlankRow({ name: '', __parsed_extra: ['', '  '] } as unknown as RawCsvRow)).toBe(true);
    expect(isBlankRow({})).toBe(true);
  });

  it('one cell with text makes a row not blank, wherever it is', () => {
    expect(isBlankRow({ name: ' Anna ', gender: '', nationality: '' })).toBe(false);
    expect(isBlankRow({ name: '', gender: '', nationality: 'x' })).toBe(false);
    expect(isBlankRow({ name: '', __parsed_extra: ['', ' x '] } as unknown as RawCsvRow)).toBe(false);
    expect(isBlankRow({ name: '', __parsed_extra: [' ', 0] } as unknown as RawCsvRow)).toBe(false);
  });

  it('a value that is neither text nor a list (never from papaparse) counts as empty', () => {
    expect(isBlankRow({ name: 5 } as unknown as RawCsvRow)).toBe(true);
  });
});

describe('rows through papaparse', () => {
  it('handles CRLF line endings', () => {
    const result = importText('name,gender,nationality\r\nAnna,female,swedish\r\nBo,male,danish\r\n');
    expect(result.rows.map((r) => r.name)).toEqual(['Anna', 'Bo']);
    expect(result.skipped).toBe(0);
  });

  it('keeps quoted commas and doubled quotes inside a cell', () => {
    const result = importText('name,gender,nationality\n"O""Brien, Jr",male,"irish, northern"\n');
    expect(result.errors).toEqual([]);
    expect(result.rows).toEqual([{ name: 'O"brien, jr', gender: 'male', nationality: 'irish, northern', createdAt: AT }]);
  });

  it('skips empty and whitespace-only lines without counting them', () => {
    const result = importText('name,gender,nationality\n\nAnna,female,swedish\n   \n\t\n\r\nBo,male,danish\n\n');
    expect(result.read).toBe(2);
    expect(result.rows).toHaveLength(2);
    expect(result.skipped).toBe(0);
  });

  it('skips and counts rows with a missing or whitespace-only cell', () => {
    const text = [
      'name,gender,nationality',
      'Anna,female,swedish',
      '   ,female,swedish', // whitespace-only name
      'Bo,  ,danish', // whitespace-only gender
      'Cy,male,', // empty nationality
      'Di,female', // short row: no nationality cell at all
      'Eve,female,french',
    ].join('\n');
    const result = importText(text);
    expect(result.rows.map((r) => r.name)).toEqual(['Anna', 'Eve']);
    expect(result.skipped).toBe(4);
  });

  it('ignores cells beyond the header (long rows)', () => {
    const result = importText('name,gender,nationality\nAnna,female,swedish,extra,more\n');
    expect(result.rows).toEqual([{ name: 'Anna', gender: 'female', nationality: 'swedish', createdAt: AT }]);
  });

  it('capitalizes names starting with Á, Æ and Ö and lowercases the rest', () => {
    const result = importText(
      'name,gender,nationality\náSTA,female,icelandic\nÆGIR,male,icelandic\nöRN,male,Icelandic\nÉLODIE,female,french\n',
    );
    expect(result.rows.map((r) => r.name)).toEqual(['Ásta', 'Ægir', 'Örn', 'Élodie']);
  });

  it('trims and lowercases gender and nationality, trims and capitalizes the name', () => {
    expect(normalizeCsvRow({ name: '  mARY ann ', gender: ' FEMALE ', nationality: ' Irish ' }, AT)).toEqual({
      name: 'Mary ann',
      gender: 'female',
      nationality: 'irish',
      createdAt: AT,
    });
  });

  it('skips an unknown gender (the server would reject the whole batch)', () => {
    expect(checkCsvRow({ name: 'Sam', gender: 'other', nationality: 'english' }, AT)).toEqual({ ok: false, reason: 'unknown-gender' });
    expect(importText('name,gender,nationality\nSam,other,english\nAlex,Unisex,english\n').rows).toEqual([
      { name: 'Alex', gender: 'unisex', nationality: 'english', createdAt: AT },
    ]);
  });

  it('skips text the server cannot store', () => {
    const long = 'a'.repeat(MAX_CELL_LENGTH + 1);
    expect(checkCsvRow({ name: long, gender: 'male', nationality: 'x' }, AT)).toEqual({ ok: false, reason: 'too-long' });
    expect(checkCsvRow({ name: 'An\u0000na', gender: 'female', nationality: 'x' }, AT)).toEqual({ ok: false, reason: 'control-character' });
    // what a decoding could not read is never stored
    expect(checkCsvRow({ name: '\ufffd\ufffdsta', gender: 'female', nationality: 'x' }, AT)).toEqual({
      ok: false,
      reason: 'replacement-character',
    });
    expect(checkCsvRow({ name: 'Anna', gender: 'female', nationality: 'ice\u200blandic' }, AT)).toEqual({
      ok: false,
      reason: 'zero-width',
    });
    expect(checkCsvRow({ name: 'a'.repeat(MAX_CELL_LENGTH), gender: 'male', nationality: 'x' }, AT).ok).toBe(true);
  });

  it('gives every row the same createdAt: the import start', () => {
    const result = importText('name,gender,nationality\nAnna,female,swedish\nBo,male,danish\n');
    expect(new Set(result.rows.map((r) => r.createdAt))).toEqual(new Set([AT]));
  });
});

describe('capitalizeName', () => {
  it('works by code point, composes decomposed accents, and ignores the host locale', () => {
    expect(capitalizeName('a\u0301sta'.normalize('NFC'))).toBe('Ásta');
    expect(normalizeCsvRow({ name: 'a\u0301sta', gender: 'female', nationality: 'icelandic' }, AT)?.name).toBe('Ásta');
    expect(capitalizeName('𝒜bc')).toBe('𝒜bc');
    expect(capitalizeName('isak')).toBe('Isak');
    expect(capitalizeName('')).toBe('');
  });
});

describe('column mapping', () => {
  it('proposes each column from its own name or a synonym, each header once', () => {
    expect(proposeColumns(['Nafn', 'Kyn', 'Þjóðerni'])).toEqual({ name: 'nafn', gender: 'kyn', nationality: 'þjóðerni' });
    expect(proposeColumns([' First Name ', 'SEX', 'Country', 'name'])).toEqual({ name: 'name', gender: 'sex', nationality: 'country' });
    expect(proposeColumns(['a', 'b', 'Gender'])).toEqual({ gender: 'gender' });
  });

  it('reads the chosen headers as the required columns and sets aside an unchosen one named like them', () => {
    const transform = mappedHeader({ name: 'nafn', gender: 'kyn', nationality: 'uppruni' });
    expect(['\uFEFFNafn', ' KYN ', 'Uppruni', 'name', 'extra'].map(transform)).toEqual([
      'name',
      'gender',
      'nationality',
      '(not used) name',
      'extra',
    ]);
    expect(mappedHeader(undefined)(' Name ')).toBe('name');
  });

  it('a header is the same header whatever the case and spaces', () => {
    expect(headerSignature(['Nafn', ' Kyn'])).toBe(headerSignature(['NAFN', 'kyn ']));
    expect(headerSignature(['Nafn', 'Kyn'])).not.toBe(headerSignature(['Kyn', 'Nafn']));
  });
});
