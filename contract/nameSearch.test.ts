import { exactMatchKind, foldForSearch, searchesInside, SEARCH_FOLD_TABLE } from './nameSearch';

describe('foldForSearch', () => {
  it.each([
    ['á', 'a'],
    ['Á', 'a'],
    ['é', 'e'],
    ['í', 'i'],
    ['ó', 'o'],
    ['ú', 'u'],
    ['ý', 'y'],
    ['ð', 'd'],
    ['Ð', 'd'],
    ['þ', 'th'],
    ['Þ', 'th'],
    ['æ', 'ae'],
    ['Æ', 'ae'],
    ['ö', 'o'],
    ['Ö', 'o'],
    ['ø', 'o'],
    ['Ø', 'o'],
    ['å', 'a'],
    ['Å', 'a'],
    ['ä', 'a'],
    ['ü', 'u'],
    ['ß', 'ss'],
    ['ẞ', 'ss'],
    ['œ', 'oe'],
    ['Œ', 'oe'],
    ['ł', 'l'],
    ['Ł', 'l'],
    ['đ', 'd'],
    ['ħ', 'h'],
    ['ı', 'i'],
    ['İ', 'i'],
    ['ñ', 'n'],
    ['ç', 'c'],
    ['č', 'c'],
    ['ş', 's'],
    ['ș', 's'],
    ['ț', 't'],
    ['ğ', 'g'],
    ['ő', 'o'],
    ['ŋ', 'n'],
    ['ɓ', 'b'],
    ['ẹ', 'e'],
    ['ễ', 'e'],
    ['ǽ', 'ae'],
    ['ǿ', 'o'],
    ['ĳ', 'ij'],
    ['ǅ', 'dz'],
  ])('folds %s to %s', (letter, folded) => {
    expect(foldForSearch(letter)).toBe(folded);
  });

  it.each([
    ['Sigríður', 'sigridur'],
    ['sigridur', 'sigridur'],
    ['SIGRÍÐUR', 'sigridur'],
    ['Ægir', 'aegir'],
    ['ægir', 'aegir'],
    ['aegir', 'aegir'],
    ['Þór', 'thor'],
    ['Þórdís', 'thordis'],
    ['Øyvind', 'oyvind'],
    ['Åsa', 'asa'],
    ['Björk', 'bjork'],
    ['Straße', 'strasse'],
    ['Œdipe', 'oedipe'],
    ['Łukasz', 'lukasz'],
    ['Nguyễn', 'nguyen'],
    ['Mary-Jane', 'mary-jane'],
    ["O'Brien", "o'brien"],
    ['O’Brien', "o'brien"],
    ['Anna Lísa', 'anna lisa'],
  ])('%s searches as %s', (name, folded) => {
    expect(foldForSearch(name)).toBe(folded);
  });

  it('drops combining marks, so a decomposed name folds as the composed one', () => {
    const decomposed = 'Sigri\u0301ður'.normalize('NFD');
    expect(decomposed).not.toBe('Sigríður');
    expect(foldForSearch(decomposed)).toBe('sigridur');
    expect(foldForSearch('A\u030Asa')).toBe('asa');
  });

  it('keeps what it does not fold: digits, spaces, plain signs, other scripts', () => {
    expect(foldForSearch('Anna 2')).toBe('anna 2');
    expect(foldForSearch('50% a_b\\c')).toBe('50% a_b\\c');
    expect(foldForSearch('Мария')).toBe('Мария');
    expect(foldForSearch('陽翔')).toBe('陽翔');
  });

  it('is idempotent: folded text folds to itself, for every entry of the table and whole names', () => {
    for (const [letter, folded] of SEARCH_FOLD_TABLE) {
      expect(foldForSearch(folded)).toBe(folded);
      expect(foldForSearch(foldForSearch(`x${letter}Y`))).toBe(foldForSearch(`x${letter}Y`));
    }
    for (const name of ['Sigríður', 'Þórdís Ægisdóttir', 'ǅemal', 'Zoë', 'Ösp']) {
      expect(foldForSearch(foldForSearch(name))).toBe(foldForSearch(name));
    }
  });

  it('folds to a-z, an apostrophe, a hyphen or nothing, one character at a time', () => {
    for (const [letter, folded] of SEARCH_FOLD_TABLE) {
      expect(Array.from(letter)).toHaveLength(1);
      expect(folded).toMatch(/^[a-z'-]*$/);
    }
    // Upper and lower case of a letter fold alike.
    for (const [letter, folded] of SEARCH_FOLD_TABLE) {
      const lower = letter.toLowerCase();
      if (lower !== letter && Array.from(lower).length === 1 && SEARCH_FOLD_TABLE.has(lower)) {
        expect([letter, SEARCH_FOLD_TABLE.get(lower)]).toEqual([letter, folded]);
      }
    }
  });

  it('covers every letter of Latin-1 and Latin Extended-A', () => {
    const missing: string[] = [];
    for (let code = 0xc0; code <= 0x17f; code++) {
      const ch = String.fromCodePoint(code);
      // × and ÷ are signs; ŉ is deprecated (Unicode: use ʼn)
      if (ch === '×' || ch === '÷' || ch === 'ŉ' || ch === 'ĸ') continue;
      if (!SEARCH_FOLD_TABLE.has(ch)) missing.push(ch);
    }
    expect(missing).toEqual([]);
  });
});

describe('searchesInside and exactMatchKind', () => {
  it.each([
    ['a', false],
    ['an', false],
    ['ann', true],
    ['a b', false],
    ["o'b", false],
    ['xyz%', true],
    ['12', false],
    ['123', true],
  ])('%s looks inside names: %s', (folded, inside) => {
    expect(searchesInside(folded)).toBe(inside);
  });

  it('tells prefix from contains, and finds nothing inside for short text', () => {
    expect(exactMatchKind('sigridur', 'sig')).toBe('prefix');
    expect(exactMatchKind('sigridur', 'rid')).toBe('contains');
    expect(exactMatchKind('astrid', 'id')).toBeUndefined();
    expect(exactMatchKind('idunn', 'id')).toBe('prefix');
    expect(exactMatchKind('sigridur', 'sigridr')).toBeUndefined();
  });
});
