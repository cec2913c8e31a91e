// The search plan and its skip scan without Firestore: the scan runs on a sorted array read the way Firestore
// reads a single-field index (by code point, then id), and is checked against every document's text lower-cased.
import { normalizeSearch } from '../../lib/userFilters';
import {
  compareCodePoints,
  firstSpelling,
  formsOf,
  MISSES_PER_FIELD,
  nextSpelling,
  planSearch,
  prefixEnd,
  scanField,
  SEARCH_CAP,
  spellingOf,
  type FieldReads,
  type Known,
} from './userSearchPlan';

interface Doc {
  id: string;
  value: string;
}

const plan = (text: string) => planSearch(text)!;

/** A field's index as Firestore keeps it, and what each read returned. */
function sortedField(values: string[]) {
  const docs = values
    .map((value, i) => ({ id: `d${String(i).padStart(5, '0')}`, value }))
    .sort((a, b) => compareCodePoints(a.value, b.value) || (a.id < b.id ? -1 : 1));
  const read = { documents: 0, queries: 0, counts: 0 };
  const within = (from: string, end: string) => (d: Doc) => compareCodePoints(d.value, from) >= 0 && compareCodePoints(d.value, end) < 0;
  const returned = (found: Doc[]) => {
    read.queries += 1;
    read.documents += found.length;
    return found;
  };
  const reads: FieldReads<Doc> = {
    first: async (from, end) => {
      const [doc] = returned(docs.filter(within(from, end)).slice(0, 1));
      return doc ? { doc, value: doc.value } : null;
    },
    after: async (doc, _value, end, max) =>
      returned(
        docs
          .slice(docs.indexOf(doc) + 1)
          .filter((d) => compareCodePoints(d.value, end) < 0)
          .slice(0, max),
      ),
    range: async (from, end, max) => returned(docs.filter(within(from, end)).slice(0, max)),
    count: async (from, end) => {
      read.counts += 1;
      return docs.filter(within(from, end)).length;
    },
  };
  return { docs, reads, read };
}

/** What the search must find: every text that starts with the search text once lower-cased. */
const startsWith = (values: string[], text: string) => values.filter((v) => v.toLowerCase().startsWith(normalizeSearch(text)));

/** A small deterministic random source (the same data every run). */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
}

describe('planSearch', () => {
  it('normalizes the text as the browser-side filter does, and plans nothing for an empty one', () => {
    expect(plan('  AnN@Ex ').text).toBe(normalizeSearch('  AnN@Ex '));
    expect(plan('  AnN@Ex ').text).toBe('ann@ex');
    expect(planSearch('   ')).toBeNull();
    expect(planSearch(undefined)).toBeNull();
  });

  it('allows each letter in either case, and other characters as they are', () => {
    expect(plan('a4@é').forms).toEqual([['A', 'a'], ['4'], ['@'], ['É', 'é']]);
    // ß upper-cases to "SS", two characters: a stored text holds it as ß.
    expect(formsOf('ß')).toEqual(['ß']);
  });

  it('reads the id as typed and lower-cased, and never for a text with "/" (no document id holds one)', () => {
    expect(plan(' AbC12 ').idPrefixes).toEqual(['AbC12', 'abc12']);
    expect(plan('abc').idPrefixes).toEqual(['abc']);
    expect(plan('a/b').idPrefixes).toEqual([]);
  });

  it('knows the usual spellings: as typed, lower case, Capitalized, Title Case, UPPER CASE', () => {
    expect(plan('ronald mcDonald').usual).toEqual([
      'RONALD MCDONALD',
      'Ronald Mcdonald',
      'Ronald mcdonald',
      'ronald mcDonald',
      'ronald mcdonald',
    ]);
    expect(plan("o'brien").usual).toEqual(["O'BRIEN", "O'Brien", "O'brien", "o'brien"]);
    expect(plan('4347').usual).toEqual(['4347']);
  });
});

describe('text order and prefix ranges', () => {
  it('compares by code point, as Firestore orders text (JavaScript compares UTF-16 units)', () => {
    expect('\u{1F600}' < '\uFFFF').toBe(true);
    expect(compareCodePoints('\u{1F600}', '\uFFFF')).toBeGreaterThan(0);
    expect(compareCodePoints('ab', 'abc')).toBeLessThan(0);
    expect(compareCodePoints('B', 'a')).toBeLessThan(0);
  });

  it('ends a prefix range just after every text that starts with it', () => {
    expect(prefixEnd('ann')).toBe('ano');
    expect(prefixEnd('user4347')).toBe('user4348');
    expect(prefixEnd('a\uD7FF')).toBe('a\uE000');
    expect(prefixEnd('a\u{10FFFF}')).toBe('b');
    expect(prefixEnd('\u{10FFFF}')).toBeNull();
    expect(planSearch('\u{10FFFF}')).toBeNull();
  });

  it('finds the spelling a text starts with, and the next spelling after any text', () => {
    const ab = plan('ab');
    // The spellings in order: AB < Ab < aB < ab.
    expect(firstSpelling(ab)).toBe('AB');
    expect(spellingOf('aBcd', ab)).toBe('aB');
    expect(spellingOf('a', ab)).toBeNull();
    expect(nextSpelling('AA', ab)).toBe('AB');
    expect(nextSpelling('ABzz', ab)).toBe('Ab');
    expect(nextSpelling('Ac', ab)).toBe('aB');
    expect(nextSpelling('Z', ab)).toBe('aB');
    expect(nextSpelling('a', ab)).toBe('aB');
    expect(nextSpelling('', ab)).toBe('AB');
    expect(nextSpelling('ab', ab)).toBeNull();
    expect(nextSpelling('b', ab)).toBeNull();
  });
});

describe('scanField', () => {
  const rand = random(7);
  const alphabet = ['a', 'A', 'b', 'B', 'n', 'N', 'e', 'É', 'é', '@', '.', ' ', '1', 'z'];
  const word = () => Array.from({ length: 1 + rand(6) }, () => alphabet[rand(alphabet.length)]!).join('');
  const values = Array.from({ length: 3000 }, word);

  it.each(['ann', 'AN', 'a', 'b@', 'é.', 'nAb', 'zz1', 'n a', 'qq'])(
    'finds every text starting with "%s" in any case, once, reading only those and its misses',
    async (text) => {
      const field = sortedField(values);
      const result = await scanField(plan(text), field.reads, { maxMisses: Infinity });
      expect(result.found.map((d) => d.value).sort()).toEqual(startsWith(values, text).sort());
      expect(result.capped).toBe(false);
      expect(field.read.documents).toBe(result.found.length + result.misses);
    },
  );

  it('after MISSES_PER_FIELD misses reads the usual spellings only: still no more than the matches and those misses', async () => {
    // Title-case names in a dense list, a few in odd cases.
    const names = [
      'Aaron Lee',
      'Ana Ruiz',
      'Anders Berg',
      'Anna Adams',
      'Anna Berg',
      'Anna berg',
      'ANNA BERGER',
      'aNna Bell',
      'anna b.',
      'Annabel Cox',
    ];
    const field = sortedField(names);
    const result = await scanField(plan('anna b'), field.reads);
    expect(result.misses).toBe(MISSES_PER_FIELD);
    const found = result.found.map((d) => d.value);
    // Every usual spelling is found; "aNna Bell" lies in the part left to the usual spellings after the third miss.
    expect(found.sort()).toEqual(['ANNA BERGER', 'Anna Berg', 'Anna berg', 'anna b.']);
    expect(field.read.documents).toBe(found.length + result.misses);

    const unlimited = await scanField(plan('anna b'), sortedField(names).reads, { maxMisses: Infinity });
    expect(unlimited.found.map((d) => d.value).sort()).toEqual(startsWith(names, 'anna b').sort());
  });

  it('on lower-case e-mails as Firebase Auth keeps them, a whole address typed in another case costs a miss or two', async () => {
    const emails = Array.from({ length: 2000 }, (_, i) => `user${i}@example.test`);
    emails.push('Ann@Example.com');
    for (const typed of ['USER1234@EXAMPLE.TEST', 'user1234@example.test', 'ann@example.com', 'ANN@EX']) {
      const field = sortedField(emails);
      const result = await scanField(plan(typed), field.reads);
      expect(result.found.map((d) => d.value)).toEqual(startsWith(emails, typed));
      expect(result.found).toHaveLength(1);
      expect(result.misses).toBeLessThanOrEqual(2);
    }
  });

  it('counts rather than reads again a range whose documents another field found already', async () => {
    const names = ['Anna Berg', 'Anna Lund', 'Annika Moreau', 'Bo Ek'];
    const field = sortedField(names);
    const knownOnly = (...values: string[]): Known<Doc> => ({
      has: (d) => values.includes(d.value),
      within: (from, end) => values.filter((v) => compareCodePoints(v, from) >= 0 && compareCodePoints(v, end) < 0).length,
    });
    const all = await scanField(plan('ann'), field.reads, { known: knownOnly('Anna Berg', 'Anna Lund', 'Annika Moreau') });
    expect(all.found).toEqual([]);
    // The first document of the range (to learn where it is) and one count: not the range again.
    expect(field.read).toMatchObject({ documents: 1, counts: 1 });

    // A range that holds a document the other field did not find is read.
    const some = await scanField(plan('ann'), sortedField(names).reads, { known: knownOnly('Anna Berg') });
    expect(some.found.map((d) => d.value)).toEqual(['Anna Lund', 'Annika Moreau']);
  });

  it('stops at SEARCH_CAP matches and says so', async () => {
    const many = Array.from({ length: SEARCH_CAP + 5 }, (_, i) => (i % 2 ? `Ann ${i}` : `ann ${i}`));
    const result = await scanField(plan('ann'), sortedField(many).reads);
    expect(result.found).toHaveLength(SEARCH_CAP);
    expect(result.capped).toBe(true);
  });

  it('a superseded search reads nothing more', async () => {
    const controller = new AbortController();
    controller.abort();
    const field = sortedField(values);
    await expect(scanField(plan('ann'), field.reads, { signal: controller.signal })).rejects.toHaveProperty('name', 'AbortError');
    expect(field.read.queries).toBe(0);
  });
});
