import { allLocales } from '@faker-js/faker';
import type { Gender } from '../../contract/nameRules';
import { cleanText, textProblem } from '../../contract/nameRules';

/** A real first name with its sex and the nationality it is filed under. */
export interface RealName {
  name: string;
  gender: Gender;
  nationality: string;
}

// Faker locales whose first-name lists are Latin-script given names of one country or language.
const LOCALE_NATIONALITY: Record<string, string> = {
  en: 'english',
  de: 'german',
  fr: 'french',
  it: 'italian',
  es: 'spanish',
  pt_PT: 'portuguese',
  nl: 'dutch',
  sv: 'swedish',
  da: 'danish',
  nb_NO: 'norwegian',
  fi: 'finnish',
  pl: 'polish',
  cs_CZ: 'czech',
  sk: 'slovak',
  hu: 'hungarian',
  ro: 'romanian',
  hr: 'croatian',
  lv: 'latvian',
  tr: 'turkish',
  yo_NG: 'yoruba',
};

// Faker has no Icelandic locale; these real Icelandic names exercise the letter filter's own
// letters (Á É Í Ó Ú Ý Æ Ö) and the capitalization of names that start with them.
const ICELANDIC: ReadonlyArray<[string, Gender]> = [
  ['Ásta', 'female'],
  ['Ásdís', 'female'],
  ['Ágúst', 'male'],
  ['Árni', 'male'],
  ['Álfheiður', 'female'],
  ['Élín', 'female'],
  ['Íris', 'female'],
  ['Ísak', 'male'],
  ['Ívar', 'male'],
  ['Ólafur', 'male'],
  ['Ólöf', 'female'],
  ['Óskar', 'male'],
  ['Úlfur', 'male'],
  ['Úlfhildur', 'female'],
  ['Ýr', 'female'],
  ['Æsa', 'female'],
  ['Ægir', 'male'],
  ['Örn', 'male'],
  ['Ösp', 'female'],
  ['Önundur', 'male'],
  ['Sigríður', 'female'],
  ['Guðrún', 'female'],
  ['Jón', 'male'],
  ['Gunnar', 'male'],
  ['Þór', 'male'],
];

/**
 * Every (name, gender, nationality) the lists above give, de-duplicated as the names table does
 * (case-insensitively), leaving out what the name rules refuse: faker's Dutch list holds 'Ã\x96mer',
 * a mis-decoded 'Ömer' with a C1 control character, which the import rightly skips.
 */
export function realNames(): RealName[] {
  const seen = new Set<string>();
  const out: RealName[] = [];
  const add = (name: string, gender: Gender, nationality: string) => {
    const key = `${name.toLowerCase()}|${gender}|${nationality}`;
    if (textProblem(cleanText(name)) !== undefined || seen.has(key)) return;
    seen.add(key);
    out.push({ name, gender, nationality });
  };
  for (const [locale, nationality] of Object.entries(LOCALE_NATIONALITY)) {
    const lists = (allLocales as Record<string, { person?: { first_name?: Record<string, string[]> } }>)[locale]?.person?.first_name;
    if (!lists) continue;
    for (const name of lists.female ?? []) add(name, 'female', nationality);
    for (const name of lists.male ?? []) add(name, 'male', nationality);
    // Faker's "generic" list holds names used for either sex.
    for (const name of lists.generic ?? []) add(name, 'unisex', nationality);
  }
  for (const [name, gender] of ICELANDIC) add(name, gender, 'icelandic');
  return out;
}

/** Small deterministic PRNG (mulberry32) so every run generates the same file. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
