import type { badRequest } from '../src/http/errors';
import { nameValues, namesFilter } from '../src/names/nameInput';
import { capitalizeName, cleanKey } from '../src/names/normalize';
import { buildListQuery, NAME_COLUMNS } from '../src/names/repository';

// Shapes, bounds and number spellings are the schema's (contract/endpoints.ts; checked through the app in
// schemas.routes.test.ts); these are the spec's normalizations the routes apply after it.
const fieldOf = (run: () => unknown) => {
  try {
    run();
    return 'ok';
  } catch (error) {
    return (error as ReturnType<typeof badRequest>).field;
  }
};

const refusalOf = (run: () => unknown) => {
  try {
    run();
    return 'ok';
  } catch (error) {
    const refusal = error as ReturnType<typeof badRequest>;
    return [refusal.field, refusal.message];
  }
};

describe('namesFilter', () => {
  it('defaults to the first page of 50 with no filters', () => {
    expect(namesFilter({})).toEqual({ limit: 50, offset: 0 });
  });

  it('treats all / All as no filter', () => {
    expect(namesFilter({ gender: 'all', nationality: 'ALL', alphabetFilter: 'All' })).toEqual({ limit: 50, offset: 0 });
  });

  it('normalizes gender and nationality to the stored lower case', () => {
    expect(namesFilter({ gender: ' Female ', nationality: ' Icelandic ' })).toEqual({
      gender: 'female',
      nationality: 'icelandic',
      limit: 50,
      offset: 0,
    });
  });

  it('upper-cases the letter with the same rule as names.first_letter (Á is its own letter)', () => {
    const letter = (alphabetFilter: string) => namesFilter({ alphabetFilter }).letter;
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
    [{ alphabetFilter: 'AB' }, 'alphabetFilter'],
    [{ alphabetFilter: '1' }, 'alphabetFilter'],
    [{ alphabetFilter: '%' }, 'alphabetFilter'],
  ])('rejects %j naming %s', (query, field) => {
    expect(fieldOf(() => namesFilter(query))).toBe(field);
  });

  it('says what a filter may be', () => {
    expect(refusalOf(() => namesFilter({ gender: 'robot' }))).toEqual(['gender', 'gender must be one of all, male, female, unisex']);
    expect(refusalOf(() => namesFilter({ alphabetFilter: 'AB' }))).toEqual([
      'alphabetFilter',
      'alphabetFilter must be a single letter or All',
    ]);
    expect(refusalOf(() => namesFilter({ nationality: 'ir\u0000ish' }))).toEqual(['nationality', expect.stringMatching(/^nationality /)]);
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

describe('nameValues', () => {
  it('trims the name without re-capitalizing it, lower-cases gender and nationality, computes the letter', () => {
    expect(nameValues({ name: '  McKenzie ', gender: ' Female', nationality: ' Scottish ' })).toEqual({
      name: 'McKenzie',
      gender: 'female',
      nationality: 'scottish',
      firstLetter: 'M',
    });
    expect(nameValues({ name: 'ásta', gender: 'female', nationality: 'icelandic' }).firstLetter).toBe('Á');
  });

  it('stores NFD input as NFC so the letter is Á, not A', () => {
    expect(nameValues({ name: 'A\u0301sta', gender: 'female', nationality: 'icelandic' })).toEqual({
      name: 'Ásta',
      gender: 'female',
      nationality: 'icelandic',
      firstLetter: 'Á',
    });
  });

  it.each([
    [{ name: '   ', gender: 'male', nationality: 'x' }, 'name'],
    [{ name: 'A\u0000b', gender: 'male', nationality: 'x' }, 'name'],
    [{ name: 'x'.repeat(201), gender: 'male', nationality: 'x' }, 'name'],
    [{ name: 'Anna', gender: 'other', nationality: 'x' }, 'gender'],
    [{ name: 'Anna', gender: 'female', nationality: '\t' }, 'nationality'],
  ])('rejects %j naming %s', (body, field) => {
    expect(fieldOf(() => nameValues(body))).toBe(field);
  });

  it('says which genders there are', () => {
    expect(refusalOf(() => nameValues({ name: 'Anna', gender: 'other', nationality: 'x' }))).toEqual([
      'gender',
      'gender must be one of male, female, unisex',
    ]);
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
