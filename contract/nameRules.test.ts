import { capitalizeName, cleanText, describeTextProblem, textProblem, unsafeCharProblem, MAX_NAME_TEXT_LENGTH } from './nameRules';

describe('unsafeCharProblem', () => {
  it.each([
    ['NUL', 'An\u0000na', 'control-character'],
    ['a C1 control (NEL)', 'An\u0085na', 'control-character'],
    ['a C1 control (CSI)', 'An\u009bna', 'control-character'],
    ['DEL', 'An\u007fna', 'control-character'],
    ['a right-to-left override', 'An\u202Ena', 'bidi-control'],
    ['a left-to-right isolate', '\u2066Anna', 'bidi-control'],
    ['a right-to-left mark', 'Anna\u200f', 'bidi-control'],
    ['a zero-width space', 'An\u200Bna', 'zero-width'],
    ['a zero-width joiner', 'An\u200Dna', 'zero-width'],
    ['a word joiner', 'An\u2060na', 'zero-width'],
    ['a zero-width no-break space inside', 'An\uFEFFna', 'zero-width'],
    ['a soft hyphen', 'An\u00ADna', 'invisible-format'],
    ['a lone high surrogate', 'An\uD800na', 'lone-surrogate'],
    ['a lone low surrogate', 'Anna\uDC00', 'lone-surrogate'],
    ['U+FFFD', 'Ren\uFFFDe', 'replacement-character'],
  ])('refuses %s', (_label, text, problem) => {
    expect(unsafeCharProblem(text)).toBe(problem);
  });

  it.each([
    ['Latin with accents', 'Ásta Þórdís'],
    ['a letter outside the BMP (paired surrogates)', '𝒜lice'],
    ['Arabic', 'محمد'],
    ['Devanagari with combining marks', 'अर्जुन'],
    ['hyphen and apostrophe', "Mary-Jane O'Neil"],
    ['CJK', '陽翔'],
  ])('accepts %s', (_label, text) => {
    expect(unsafeCharProblem(text)).toBeUndefined();
  });
});

describe('textProblem', () => {
  it('names empty and over-long text, on cleaned text', () => {
    expect(textProblem(cleanText('   '))).toBe('empty');
    expect(textProblem('a'.repeat(MAX_NAME_TEXT_LENGTH))).toBeUndefined();
    expect(textProblem('a'.repeat(MAX_NAME_TEXT_LENGTH + 1))).toBe('too-long');
    expect(textProblem('Zoë')).toBeUndefined();
  });

  it('words each problem after the field it is about', () => {
    expect(describeTextProblem('name', 'zero-width')).toBe('name must not contain zero-width characters (such as U+200B)');
    expect(describeTextProblem('nationality', 'too-long')).toBe(`nationality must be at most ${MAX_NAME_TEXT_LENGTH} characters`);
  });

  // The words an operator reads in the import report and in the server's 400: each one, exactly.
  it.each([
    ['empty', 'name must not be empty'],
    ['control-character', 'name must not contain control characters'],
    ['bidi-control', 'name must not contain bidirectional text controls (such as U+202E)'],
    ['invisible-format', 'name must not contain invisible formatting characters (such as a soft hyphen)'],
    ['lone-surrogate', 'name must not contain a broken character (a lone UTF-16 surrogate)'],
    ['replacement-character', 'name must not contain U+FFFD, a character lost in decoding (check the encoding)'],
  ] as const)('words %s', (problem, message) => {
    expect(describeTextProblem('name', problem)).toBe(message);
  });
});

describe('capitalizeName keeps the length', () => {
  it.each([
    ['ßen', 'ßen'],
    ['SSEN', 'Ssen'],
    ['İSTANBUL', 'İstanbul'],
    ['aLİ', 'Alİ'],
    ['ǆuro', 'ǅuro'],
    ['ΟΔΥΣΣΕΥΣ', 'Οδυσσευς'],
    ['ﬀion', 'ﬀion'],
    ['élodie', 'Élodie'],
    ['', ''],
    ['   ', ''],
  ])('%s -> %s', (input, expected) => {
    const result = capitalizeName(input);
    expect(result).toBe(expected);
    expect(result.length).toBe(cleanText(input).length);
  });
});

describe('capitalizeName gives Latin digraphs their title-case form', () => {
  it.each([
    ['Ǆ', 'ǅ'],
    ['ǅ', 'ǅ'],
    ['ǆ', 'ǅ'],
    ['Ǉ', 'ǈ'],
    ['ǈ', 'ǈ'],
    ['ǉ', 'ǈ'],
    ['Ǌ', 'ǋ'],
    ['ǋ', 'ǋ'],
    ['ǌ', 'ǋ'],
    ['Ǳ', 'ǲ'],
    ['ǲ', 'ǲ'],
    ['ǳ', 'ǲ'],
  ])('%sana -> %sana', (digraph, title) => {
    expect(capitalizeName(`${digraph}ANA`)).toBe(`${title}ana`);
  });
});
