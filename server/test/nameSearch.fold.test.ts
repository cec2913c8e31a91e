// names.search_key is computed by the database (migration 100's name_search_key, generated from the contract's
// table) and compared with search text the server folds in TypeScript (contract/nameSearch.ts): both must fold
// every character alike, or a name would not be found by its own spelling.
import { foldForSearch, SEARCH_FOLD_TABLE } from '../../contract/nameSearch';
import { cleanText, textProblem } from '../../contract/nameRules';
import { migrations } from '../src/db/migrations';
import { NAMES_BY_ORIGIN } from '../src/seed/data/nameData';
import { searchKeyFunctionSql } from '../src/names/searchKeySql';
import { createTestApp, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'accounts' });
});
afterAll(async () => {
  await t?.close();
});

async function sqlFolds(texts: readonly string[]): Promise<string[]> {
  const { rows } = await t.db.query<{ key: string }>(
    'SELECT name_search_key(x) AS key FROM unnest($1::text[]) WITH ORDINALITY AS u(x, i) ORDER BY i',
    [texts],
  );
  return rows.map((r) => r.key);
}

function expectSameFolds(texts: readonly string[], sql: readonly string[]) {
  const differences = texts.flatMap((text, i) => {
    const expected = foldForSearch(text);
    return sql[i] === expected ? [] : [{ text, sql: sql[i], ts: expected }];
  });
  expect(differences).toEqual([]);
}

/** Real names with letters of many alphabets, beyond the seed's lists (en, sv, nb, da, de, fr, es, it, Irish, Icelandic). */
const MORE_NAMES = [
  'Łukasz',
  'Małgorzata',
  'Wojciech',
  'Żaneta',
  'Jiří',
  'Bořivoj',
  'Dušan',
  'Ľubomír',
  'Ĺudovít',
  'Ťahomír',
  'Zoltán',
  'Erzsébet',
  'Győző',
  'Ödön',
  'Ünige',
  'Ştefan',
  'Ștefan',
  'Țicu',
  'Ioană',
  'Gülşen',
  'İbrahim',
  'Işıl',
  'Çağrı',
  'Ēriks',
  'Ķirsis',
  'Ļena',
  'Ņina',
  'Ģirts',
  'Jūratė',
  'Žydrūnas',
  'Nguyễn',
  'Đức',
  'Phương',
  'Thảo',
  'Ọláolúwa',
  'Adébáyọ̀',
  'Ṣadé',
  'Ɓello',
  'Ɗanjuma',
  'Ƙasimu',
  'Ƴusuf',
  'Ánde',
  'Áŋgir',
  'Máret',
  'Þórdís',
  'Ægir',
  'Sigríður',
  'Øyvind',
  'Åsa',
  'Bjørn',
  'Straße',
  'Œdipe',
  'Zoë',
  'Anaïs',
  'François',
  'Ĳsbrand',
  'ǅemal',
  'Mary-Jane',
  'O’Brien',
  "D'Angelo",
  'Мария',
  '陽翔',
  'Anna 2',
  '100% a_b\\c',
];

describe('name_search_key (SQL) and foldForSearch (TypeScript)', () => {
  it('the migration holds the function the contract table generates', () => {
    const migration = migrations.find((m) => m.id === '100_name_search')!;
    expect(migration.sql).toContain(searchKeyFunctionSql());
  });

  it('fold every character of the table alike, alone, upper-case ASCII around it, and inside words', async () => {
    const letters = [...SEARCH_FOLD_TABLE.keys()];
    expect(letters.length).toBeGreaterThan(600);
    const texts = [...letters, ...letters.map((l) => `Ab${l}Cd`), letters.join(''), `X${letters.join('-')}Z`];
    expectSameFolds(texts, await sqlFolds(texts));
  });

  it('fold every name of the demo lists and names of many alphabets alike', async () => {
    const names = [...new Set(Object.values(NAMES_BY_ORIGIN).flatMap((byGender) => Object.values(byGender).flat()))];
    expect(names.length).toBeGreaterThan(2500);
    const texts = [...names, ...MORE_NAMES, ...MORE_NAMES.map((n) => n.normalize('NFD')), ...MORE_NAMES.map((n) => n.toUpperCase())].filter(
      (n) => textProblem(cleanText(n)) === undefined,
    );
    expectSameFolds(texts, await sqlFolds(texts));
  });

  it('keeps every stored name folded: search_key follows inserts and edits of name', async () => {
    await t.db.query('DELETE FROM names');
    await t.db.query(
      `INSERT INTO names (name, gender, nationality, first_letter) SELECT n, 'female', 'test', upper(left(n, 1)) FROM unnest($1::text[]) n`,
      [MORE_NAMES.slice(0, 20)],
    );
    const { rows } = await t.db.query<{ name: string; search_key: string }>('SELECT name, search_key FROM names ORDER BY id');
    expect(rows.map((r) => r.search_key)).toEqual(rows.map((r) => foldForSearch(r.name)));
    await t.db.query(`UPDATE names SET name = 'Þóra' WHERE name = 'Łukasz'`);
    const { rows: edited } = await t.db.query<{ search_key: string }>(`SELECT search_key FROM names WHERE name = 'Þóra'`);
    expect(edited).toEqual([{ search_key: 'thora' }]);
    await t.db.query('DELETE FROM names');
  });
});
