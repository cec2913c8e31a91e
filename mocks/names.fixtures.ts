import type { Gender, NameRecord } from '../src/api/contract';

// Real first names with a plausible gender and nationality: 137 of them, so the unfiltered list is two full
// pages of 50 and a short third page of 37. Includes the Icelandic and French initials the letter filter
// treats as letters of their own.
const TABLE: ReadonlyArray<readonly [string, Gender, string]> = [
  // english
  ['Alice', 'female', 'english'], ['Amelia', 'female', 'english'], ['Arthur', 'male', 'english'], ['Ava', 'female', 'english'],
  ['Charlotte', 'female', 'english'], ['Edward', 'male', 'english'], ['Eleanor', 'female', 'english'], ['Emily', 'female', 'english'],
  ['George', 'male', 'english'], ['Harry', 'male', 'english'], ['Henry', 'male', 'english'], ['Isabella', 'female', 'english'],
  ['Jack', 'male', 'english'], ['James', 'male', 'english'], ['Lily', 'female', 'english'], ['Oliver', 'male', 'english'],
  ['Olivia', 'female', 'english'], ['Poppy', 'female', 'english'], ['Sophie', 'female', 'english'], ['Thomas', 'male', 'english'],
  ['William', 'male', 'english'], ['Alex', 'unisex', 'english'], ['Charlie', 'unisex', 'english'], ['Jordan', 'unisex', 'english'],
  ['Riley', 'unisex', 'english'], ['Taylor', 'unisex', 'english'],
  // irish
  ['Aisling', 'female', 'irish'], ['Aoife', 'female', 'irish'], ['Caoimhe', 'female', 'irish'], ['Cian', 'male', 'irish'],
  ['Ciara', 'female', 'irish'], ['Conor', 'male', 'irish'], ['Darragh', 'male', 'irish'], ['Eoin', 'male', 'irish'],
  ['Fiadh', 'female', 'irish'], ['Fionn', 'male', 'irish'], ['Niamh', 'female', 'irish'], ['Oisín', 'male', 'irish'],
  ['Orla', 'female', 'irish'], ['Padraig', 'male', 'irish'], ['Roisin', 'female', 'irish'], ['Saoirse', 'female', 'irish'],
  ['Seán', 'male', 'irish'], ['Sinead', 'female', 'irish'], ['Tadhg', 'male', 'irish'], ['Rowan', 'unisex', 'irish'],
  // scandinavian
  ['Astrid', 'female', 'scandinavian'], ['Bjorn', 'male', 'scandinavian'], ['Elsa', 'female', 'scandinavian'], ['Erik', 'male', 'scandinavian'],
  ['Freja', 'female', 'scandinavian'], ['Ingrid', 'female', 'scandinavian'], ['Karin', 'female', 'scandinavian'], ['Lars', 'male', 'scandinavian'],
  ['Linnea', 'female', 'scandinavian'], ['Magnus', 'male', 'scandinavian'], ['Nils', 'male', 'scandinavian'], ['Sigrid', 'female', 'scandinavian'],
  ['Sven', 'male', 'scandinavian'], ['Tove', 'female', 'scandinavian'], ['Ulf', 'male', 'scandinavian'], ['Kim', 'unisex', 'scandinavian'],
  // german
  ['Anna', 'female', 'german'], ['Emma', 'female', 'german'], ['Felix', 'male', 'german'], ['Finn', 'male', 'german'],
  ['Greta', 'female', 'german'], ['Hannah', 'female', 'german'], ['Jonas', 'male', 'german'], ['Klara', 'female', 'german'],
  ['Leon', 'male', 'german'], ['Lukas', 'male', 'german'], ['Maximilian', 'male', 'german'], ['Mia', 'female', 'german'],
  ['Paul', 'male', 'german'], ['Sophia', 'female', 'german'], ['Yannick', 'male', 'german'], ['Zoe', 'female', 'german'],
  ['Kai', 'unisex', 'german'],
  // french
  ['Amélie', 'female', 'french'], ['Antoine', 'male', 'french'], ['Camille', 'unisex', 'french'], ['Chloé', 'female', 'french'],
  ['Élodie', 'female', 'french'], ['Étienne', 'male', 'french'], ['Gabriel', 'male', 'french'], ['Hugo', 'male', 'french'],
  ['Inès', 'female', 'french'], ['Jules', 'male', 'french'], ['Léa', 'female', 'french'], ['Louis', 'male', 'french'],
  ['Manon', 'female', 'french'], ['Mathis', 'male', 'french'], ['Noémie', 'female', 'french'], ['Quentin', 'male', 'french'],
  ['Valentin', 'male', 'french'], ['Xavier', 'male', 'french'], ['Yvette', 'female', 'french'], ['Dominique', 'unisex', 'french'],
  // icelandic
  ['Ásta', 'female', 'icelandic'], ['Árni', 'male', 'icelandic'], ['Ásgeir', 'male', 'icelandic'], ['Einar', 'male', 'icelandic'],
  ['Íris', 'female', 'icelandic'], ['Ívar', 'male', 'icelandic'], ['Guðrún', 'female', 'icelandic'], ['Gunnar', 'male', 'icelandic'],
  ['Helga', 'female', 'icelandic'], ['Jón', 'male', 'icelandic'], ['Ólafur', 'male', 'icelandic'], ['Ósk', 'female', 'icelandic'],
  ['Úlfar', 'male', 'icelandic'], ['Úna', 'female', 'icelandic'], ['Ýr', 'female', 'icelandic'], ['Ýmir', 'male', 'icelandic'],
  ['Ægir', 'male', 'icelandic'], ['Æsa', 'female', 'icelandic'], ['Örn', 'male', 'icelandic'], ['Ösp', 'female', 'icelandic'],
  ['Þóra', 'female', 'icelandic'], ['Sigríður', 'female', 'icelandic'], ['Kristján', 'male', 'icelandic'], ['Birta', 'female', 'icelandic'],
  ['Daði', 'male', 'icelandic'], ['Eyja', 'female', 'icelandic'],
  // spanish and italian
  ['Alejandro', 'male', 'spanish'], ['Carmen', 'female', 'spanish'], ['Diego', 'male', 'spanish'], ['Lucía', 'female', 'spanish'],
  ['Mateo', 'male', 'spanish'], ['Valeria', 'female', 'spanish'], ['Giulia', 'female', 'italian'], ['Lorenzo', 'male', 'italian'],
  ['Matteo', 'male', 'italian'], ['Sofia', 'female', 'italian'], ['Andrea', 'unisex', 'italian'], ['Francesca', 'female', 'italian'],
];

/** The default fixture set, as the reference backend would store it (ids from 1, created a day apart). */
export function makeNameFixtures(): NameRecord[] {
  const start = Date.UTC(2026, 0, 1);
  return TABLE.map(([name, gender, nationality], i) => ({
    id: i + 1,
    name_id: i + 1,
    name,
    gender,
    nationality,
    created_at: new Date(start + i * 86_400_000).toISOString(),
  }));
}
