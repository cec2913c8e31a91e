import { capitalizeName, cleanKey } from '../src/names/normalize';
import { buildListQuery, NAME_COLUMNS } from '../src/names/repository';
import { MAX_LIMIT, parseBulkDelete, parseNameId, parseNameInput, parseNamesQuery } from '../src/names/validation';

describe('parseNamesQuery', () => {
  it('defaults to the first page of 50 with no filters', () => {
    expect(parseNamesQuery({})).toEqual({ ok: true, value: { limit: 50, offset: 0 } });
    expect(parseNamesQuery(undefined)).toEqual({ ok: true, value: { limit: 50, offset: 0 } });
  });

  it('treats all / All / empty as no filter', () => {
    const parsed = parseNamesQuery({ gender: 'all', nationality: 'ALL', alphabetFilter: 'All', limit: '', offset: '' });
    expect(parsed).toEqual({ ok: true, value: { limit: 50, offset: 0 } });
    expect(parseNamesQuery({ alphabetFilter: 'all', gender: '', nationality: ' ' })).toEqual({ ok: true, value: { limit: 50, offset: 0 } });
  });

  it('normalizes gender and nationality to the stored lower case', () => {
    expect(parseNamesQuery({ gender: ' Female ', nationality: ' Icelandic ' })).toEqual({
      ok: true,
      value: { gender: 'female', nationality: 'icelandic', limit: 50, offset: 0 },
    });
  });

  it('upper-cases the letter with the same rule as names.first_letter (Á is its own letter)', () => {
    const letter = (alphabetFilter: string) => {
      const parsed = parseNamesQuery({ alphabetFilter });
      return parsed.ok ? parsed.value.letter : parsed.error;
    };
    expect(letter('a')).toBe('A');
    expect(letter('A')).toBe('A');
    expect(letter('á')).toBe('Á');
    expect(letter('Á')).toBe('Á');
    expect(letter('A\u0301')).toBe('Á'); // NFD spelling of Á
    expect(letter('æ')).toBe('Æ');
    expect(letter('ö')).toBe('Ö');
  });

  it.each([
    [{ gender: 'robot' }, 'gender'],
    [{ gender: ['male', 'female'] }, 'gender'],
    [{ alphabetFilter: 'AB' }, 'alphabetFilter'],
    [{ alphabetFilter: '1' }, 'alphabetFilter'],
    [{ alphabetFilter: '%' }, 'alphabetFilter'],
    [{ limit: '-1' }, 'limit'],
    [{ limit: '0' }, 'limit'],
    [{ limit: 'abc' }, 'limit'],
    [{ limit: '1.5' }, 'limit'],
    [{ limit: '1e2' }, 'limit'],
    [{ limit: String(MAX_LIMIT + 1) }, 'limit'],
    [{ offset: '-5' }, 'offset'],
    [{ offset: '2.5' }, 'offset'],
    [{ offset: '0x10' }, 'offset'],
  ])('rejects %j naming %s', (query, field) => {
    const parsed = parseNamesQuery(query);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.field).toBe(field);
  });

  it('accepts the largest page and any offset', () => {
    expect(parseNamesQuery({ limit: String(MAX_LIMIT), offset: '123456' })).toEqual({
      ok: true,
      value: { limit: MAX_LIMIT, offset: 123456 },
    });
  });
});

describe('buildListQuery', () => {
  it('puts only the filters in use into WHERE, as equalities the indexes serve, ordered by name, id', () => {
    expect(buildListQuery({ limit: 50, offset: 0 })).toEqual({
      sql: `SELECT ${NAME_COLUMNS} FROM names ORDER BY name, id LIMIT $1 OFFSET $2`,
      params: [50, 0],
    });
    const q = buildListQuery({ gender: 'male', nationality: 'english', letter: 'Á', limit: 10, offset: 20 });
    expect(q.sql).toBe(
      `SELECT ${NAME_COLUMNS} FROM names WHERE nationality = $1 AND gender = $2 AND first_letter = $3 ORDER BY name, id LIMIT $4 OFFSET $5`,
    );
    expect(q.params).toEqual(['english', 'male', 'Á', 10, 20]);
  });
});

describe('parseNameInput', () => {
  it('trims the name without re-capitalizing it, lower-cases gender and nationality, computes the letter', () => {
    expect(parseNameInput({ name: '  McKenzie ', gender: ' Female', nationality: ' Scottish ' })).toEqual({
      ok: true,
      value: { name: 'McKenzie', gender: 'female', nationality: 'scottish', firstLetter: 'M' },
    });
    const asta = parseNameInput({ name: 'ásta', gender: 'female', nationality: 'icelandic' });
    expect(asta.ok && asta.value.firstLetter).toBe('Á');
  });

  it('stores NFD input as NFC so the letter is Á, not A', () => {
    const parsed = parseNameInput({ name: 'A\u0301sta', gender: 'female', nationality: 'icelandic' });
    expect(parsed.ok && parsed.value).toEqual({ name: 'Ásta', gender: 'female', nationality: 'icelandic', firstLetter: 'Á' });
  });

  it.each([
    [undefined, 'body'],
    [[], 'body'],
    [{ gender: 'male', nationality: 'x' }, 'name'],
    [{ name: '   ', gender: 'male', nationality: 'x' }, 'name'],
    [{ name: 42, gender: 'male', nationality: 'x' }, 'name'],
    [{ name: 'A\u0000b', gender: 'male', nationality: 'x' }, 'name'],
    [{ name: 'x'.repeat(201), gender: 'male', nationality: 'x' }, 'name'],
    [{ name: 'Anna', nationality: 'x' }, 'gender'],
    [{ name: 'Anna', gender: 'other', nationality: 'x' }, 'gender'],
    [{ name: 'Anna', gender: 'female' }, 'nationality'],
    [{ name: 'Anna', gender: 'female', nationality: '\t' }, 'nationality'],
  ])('rejects %j naming %s', (body, field) => {
    const parsed = parseNameInput(body);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.field).toBe(field);
  });
});

describe('parseNameId and parseBulkDelete', () => {
  it('accepts positive whole numbers only', () => {
    expect(parseNameId('17')).toEqual({ ok: true, value: 17 });
    for (const bad of ['0', '-1', 'abc', '1.5', '01', '', '1e3', undefined]) expect(parseNameId(bad).ok).toBe(false);
  });

  it('takes 1..1000 positive integer ids', () => {
    expect(parseBulkDelete({ nameIds: [3, 1, 2] })).toEqual({ ok: true, value: [3, 1, 2] });
    const field = (body: unknown) => {
      const parsed = parseBulkDelete(body);
      return parsed.ok ? 'ok' : parsed.error.field;
    };
    expect(field({ nameIds: [] })).toBe('nameIds');
    expect(field({})).toBe('nameIds');
    expect(field(null)).toBe('nameIds');
    expect(field({ nameIds: Array.from({ length: 1001 }, (_, i) => i + 1) })).toBe('nameIds');
    expect(field({ nameIds: Array.from({ length: 1000 }, (_, i) => i + 1) })).toBe('ok');
    expect(field({ nameIds: [1, '2'] })).toBe('nameIds[1]');
    expect(field({ nameIds: [1.5] })).toBe('nameIds[0]');
    expect(field({ nameIds: [0] })).toBe('nameIds[0]');
  });
});

describe('normalize', () => {
  it('capitalizes the first letter and lowers the rest, also for Á, Æ and Ö', () => {
    expect(capitalizeName('  jOHN ')).toBe('John');
    expect(capitalizeName('ásta')).toBe('Ásta');
    expect(capitalizeName('ÆGIR')).toBe('Ægir');
    expect(capitalizeName('öRN')).toBe('Örn');
    expect(capitalizeName('mary-JANE')).toBe('Mary-jane');
    expect(capitalizeName('A\u0301STA')).toBe('Ásta');
  });

  it('trims and lower-cases keys', () => {
    expect(cleanKey('  ICELANDIC ')).toBe('icelandic');
  });
});
