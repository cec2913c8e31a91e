import Papa from 'papaparse';
import { cellOf, createCsvWriter, fieldColumns, UTF8_BOM } from './csvWriter';

interface Row {
  name: string;
  note: string | null;
}

const writer = createCsvWriter(fieldColumns<Row>(['name', 'note']));

function parse(text: string): string[][] {
  return Papa.parse<string[]>(text.replace(UTF8_BOM, ''), { skipEmptyLines: true }).data;
}

describe('createCsvWriter', () => {
  it('starts with the BOM and the header once, then pages of rows ending in CRLF', () => {
    const text = writer.header() + writer.rows([{ name: 'Anna', note: null }]) + writer.rows([{ name: 'Ásta', note: 'x' }]);
    expect(text).toBe(`${UTF8_BOM}name,note\r\nAnna,\r\nÁsta,x\r\n`);
    expect(text.split(UTF8_BOM)).toHaveLength(2);
    expect(text.match(/name,note/g)).toHaveLength(1);
  });

  it('writes nothing for an empty page', () => {
    expect(writer.rows([])).toBe('');
  });

  it('quotes cells with quotes, commas and line breaks, and they survive a round trip', () => {
    const tricky = [
      { name: 'O"Brien, Jr.', note: 'line one\nline two' },
      { name: ' padded ', note: 'a\r\nb' },
    ];
    const text = writer.rows(tricky);
    expect(text).toContain('"O""Brien, Jr."');
    expect(parse(text)).toEqual([
      ['O"Brien, Jr.', 'line one\nline two'],
      [' padded ', 'a\r\nb'],
    ]);
  });

  it.each(['=SUM(A1:A2)', '+1', '-1+2', '@cmd', '\tx', '\rx', '=1\n2'])(
    'neutralizes the formula cell %j with a leading apostrophe',
    (cell) => {
      const [[name]] = parse(writer.rows([{ name: cell, note: '' }]));
      expect(name).toBe(`'${cell}`);
    },
  );

  it('leaves ordinary cells and numbers alone', () => {
    const numbers = createCsvWriter<{ n: number }>([{ header: 'n', value: (r) => r.n }]);
    expect(numbers.rows([{ n: -5 }])).toBe('-5\r\n');
    expect(writer.rows([{ name: 'Ana-Maria', note: 'a=b' }])).toBe('Ana-Maria,a=b\r\n');
  });
});

describe('cellOf', () => {
  it('turns objects into JSON and dates into ISO text', () => {
    expect(cellOf({ a: true })).toBe('{"a":true}');
    expect(cellOf(new Date('2026-11-22T10:00:00Z'))).toBe('2026-11-22T10:00:00.000Z');
    expect(cellOf(undefined)).toBe('');
    // A date that is not one (a bad value read back) is an empty cell, not a RangeError that ends the export.
    expect(cellOf(new Date('not a date'))).toBe('');
    expect(cellOf(false)).toBe(false);
    expect(cellOf(3)).toBe(3);
    expect(cellOf('x')).toBe('x');
  });
});
