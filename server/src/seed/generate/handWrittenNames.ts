// Names faker has no list for (Irish, Icelandic) and the accented initials the letter filter offers
// (Á É Í Ó Ú Ý Æ Ö). Real given names, each with the gender it is usually given to.
import type { Gender } from '../../../../src/api/contract';

export type GenderedNames = Record<Gender, readonly string[]>;

export const IRISH: GenderedNames = {
  female: [
    'Aoife', 'Aisling', 'Ailbhe', 'Áine', 'Aoibheann', 'Bláthnaid', 'Bríd', 'Caoimhe', 'Ciara', 'Clíona',
    'Clodagh', 'Dearbhla', 'Deirdre', 'Doireann', 'Éabha', 'Éadaoin', 'Eimear', 'Eithne', 'Fiadh', 'Fionnuala',
    'Gráinne', 'Íde', 'Laoise', 'Máire', 'Méabh', 'Muireann', 'Neasa', 'Niamh', 'Nuala', 'Órla',
    'Órlaith', 'Ríona', 'Róisín', 'Sadhbh', 'Saoirse', 'Sinéad', 'Síofra', 'Siobhán', 'Sorcha', 'Treasa',
    'Úna', 'Ailish', 'Maeve', 'Ashling', 'Nora', 'Brigid', 'Kathleen', 'Ita', 'Oonagh', 'Blanaid',
  ],
  male: [
    'Aodhán', 'Cathal', 'Cian', 'Ciarán', 'Cillian', 'Colm', 'Conall', 'Conor', 'Cormac', 'Críostóir',
    'Dáithí', 'Darragh', 'Diarmuid', 'Dónal', 'Donnacha', 'Éamon', 'Éanna', 'Éimhín', 'Eoghan', 'Eoin',
    'Fearghal', 'Ferdia', 'Fiachra', 'Fionn', 'Lorcan', 'Niall', 'Odhrán', 'Oisín', 'Pádraig', 'Peadar',
    'Rónán', 'Ruairí', 'Ruadhán', 'Seán', 'Séamus', 'Senan', 'Tadhg', 'Tiernan', 'Turlough', 'Ultan',
    'Kieran', 'Liam', 'Declan', 'Brendan', 'Kevin', 'Killian', 'Fergus', 'Malachy', 'Quinlan', 'Kian',
  ],
  unisex: ['Naoise', 'Rory', 'Quinn', 'Shannon', 'Casey', 'Riley'],
};

export const ICELANDIC: GenderedNames = {
  female: [
    'Ágústa', 'Álfheiður', 'Ásdís', 'Áslaug', 'Ásta', 'Björk', 'Brynja', 'Dagný', 'Elín', 'Embla',
    'Eydís', 'Eyrún', 'Freyja', 'Guðrún', 'Halldóra', 'Hekla', 'Helga', 'Hildur', 'Íris', 'Ísold',
    'Ingibjörg', 'Jóhanna', 'Katrín', 'Kolbrún', 'Kristín', 'Lilja', 'Margrét', 'Ólafía', 'Ólöf', 'Ósk',
    'Ragnheiður', 'Rakel', 'Salka', 'Sigríður', 'Snædís', 'Sóley', 'Telma', 'Þóra', 'Þórdís', 'Úlfhildur',
    'Una', 'Úrsúla', 'Védís', 'Vigdís', 'Ýr', 'Yrsa', 'Æsa', 'Ösp', 'Auður', 'Hrefna',
  ],
  male: [
    'Ágúst', 'Áki', 'Árni', 'Ásgeir', 'Birkir', 'Bjarki', 'Davíð', 'Egill', 'Einar', 'Elvar',
    'Fannar', 'Grettir', 'Guðmundur', 'Gunnar', 'Hákon', 'Hallgrímur', 'Haraldur', 'Hrafn', 'Ingólfur', 'Ísak',
    'Ívar', 'Jón', 'Kári', 'Kristján', 'Leifur', 'Logi', 'Magnús', 'Njáll', 'Óðinn', 'Ólafur',
    'Ómar', 'Óskar', 'Önundur', 'Örn', 'Örvar', 'Pétur', 'Ragnar', 'Ríkharður', 'Sigurður', 'Sindri',
    'Snorri', 'Stefán', 'Sveinn', 'Tryggvi', 'Úlfar', 'Úlfur', 'Unnar', 'Valur', 'Ýmir', 'Ægir',
    'Ævar', 'Yngvi', 'Þór', 'Þorsteinn', 'Xavier',
  ],
  unisex: ['Blær', 'Sólberg'],
};

/** French names with an accented initial; faker's French list has few or none. */
export const FRENCH_EXTRA: GenderedNames = {
  female: ['Élodie', 'Éloïse', 'Émilie', 'Émeline', 'Élise', 'Évelyne', 'Éléonore', 'Zoé', 'Xavière', 'Yvette'],
  male: ['Émile', 'Étienne', 'Édouard', 'Éric', 'Élie', 'Évrard', 'Xavier', 'Yannick', 'Zacharie', 'Quentin'],
  unisex: [],
};

/** Spanish and Italian names that keep Q, X, Y and Z well stocked. */
export const SPANISH_EXTRA: GenderedNames = {
  female: ['Ximena', 'Xiomara', 'Yolanda', 'Zaira', 'Zoe', 'Yesenia'],
  male: ['Xavier', 'Ximeno', 'Quique', 'Yago', 'Zacarías', 'Joaquín'],
  unisex: [],
};
export const ITALIAN_EXTRA: GenderedNames = {
  female: ['Quirina', 'Zita', 'Ylenia'],
  male: ['Quirino', 'Quinto', 'Zeno', 'Saverio'],
  unisex: [],
};
