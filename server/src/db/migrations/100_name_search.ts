export const id = '100_name_search';

// Searching names: GET /api/names?q= (contract/nameSearch.ts says what matches; server/src/names/nameSearch.ts
// runs it). Every name keeps its folded search form in names.search_key, computed by name_search_key(), an
// SQL function generated from the contract's fold table (server/src/names/searchKeySql.ts makes this text;
// server/test/nameSearch.fold.test.ts checks that it still does and that it folds as the contract does).
//
// A generated column rather than a trigger: PostgreSQL computes it on every INSERT and UPDATE of name, whoever
// writes (the app, an import, a restore from the trash or a backup), and adding it fills the existing rows in
// the table rewrite of ALTER TABLE, without an UPDATE that would bump every name's version (migration 061) and
// run the counters' UPDATE triggers (015) over the whole table. Writers list their columns; the trash's restore
// leaves generated columns out (server/src/names/trash.ts).
//
// COLLATE "C": the key compares byte by byte (code point order), whatever the database's locale, so
// "starts with" is a range of the btree index (key >= text AND key < text with its last character incremented)
// and the order of the answer is the same on PGlite and PostgreSQL. The (search_key, id) index serves that range
// in the answer's order; the trigram index (pg_trgm, found or created as in migration 040) serves "contains"
// (LIKE '%text%') and close spellings (similarity). Without pg_trgm, search still works: "contains" then reads
// the names, and no close spellings are offered.
export const sql = /* sql */ `
CREATE FUNCTION name_search_key(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN octet_length($1) = char_length($1) THEN lower($1 COLLATE "C") ELSE
    translate(translate(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower($1 COLLATE "C"), 'Æ', 'ae'), 'Þ', 'th'), 'ß', 'ss'), 'æ', 'ae'), 'þ', 'th'), 'Ĳ', 'ij'), 'ĳ', 'ij'), 'Œ', 'oe'), 'œ', 'oe'), 'Ǆ', 'dz'), 'ǅ', 'dz'), 'ǆ', 'dz'), 'Ǉ', 'lj'), 'ǈ', 'lj'), 'ǉ', 'lj'), 'Ǌ', 'nj'), 'ǋ', 'nj'), 'ǌ', 'nj'), 'Ǣ', 'ae'), 'ǣ', 'ae'), 'Ǳ', 'dz'), 'ǲ', 'dz'), 'ǳ', 'dz'), 'Ǽ', 'ae'), 'ǽ', 'ae'), 'ẞ', 'ss'),
      'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïðñòóôõöøùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĴĵĶķĹĺĻļĽľĿŀŁłŃńŅņŇňŊŋŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſƁƊƑƒƘƙƠơƯưƳƴǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǤǥǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻǾǿȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳɓɗʼḀḁḂḃḄḅḆḇḈḉḊḋḌḍḎḏḐḑḒḓḔḕḖḗḘḙḚḛḜḝḞḟḠḡḢḣḤḥḦḧḨḩḪḫḬḭḮḯḰḱḲḳḴḵḶḷḸḹḺḻḼḽḾḿṀṁṂṃṄṅṆṇṈṉṊṋṌṍṎṏṐṑṒṓṔṕṖṗṘṙṚṛṜṝṞṟṠṡṢṣṤṥṦṧṨṩṪṫṬṭṮṯṰṱṲṳṴṵṶṷṸṹṺṻṼṽṾṿẀẁẂẃẄẅẆẇẈẉẊẋẌẍẎẏẐẑẒẓẔẕẖẗẘẙẛẠạẢảẤấẦầẨẩẪẫẬậẮắẰằẲẳẴẵẶặẸẹẺẻẼẽẾếỀềỂểỄễỆệỈỉỊịỌọỎỏỐốỒồỔổỖỗỘộỚớỜờỞởỠỡỢợỤụỦủỨứỪừỬửỮữỰựỲỳỴỵỶỷỸỹ‐‑‘’',
      'aaaaaaceeeeiiiidnoooooouuuuyaaaaaaceeeeiiiidnoooooouuuuyyaaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiijjkkllllllllllnnnnnnnnoooooorrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzsbdffkkoouuyyaaiioouuuuuuuuuuaaaaggggkkoooojggnnaaooaaaaeeeeiiiioooorrrruuuusstthhaaeeooooooooyybd''aabbbbbbccddddddddddeeeeeeeeeeffgghhhhhhhhhhiiiikkkkkkllllllllmmmmmmnnnnnnnnoooooooopppprrrrrrrrssssssssssttttttttuuuuuuuuuuvvvvwwwwwwwwwwxxxxyyzzzzzzhtwysaaaaaaaaaaaaaaaaaaaaaaaaeeeeeeeeeeeeeeeeiiiioooooooooooooooooooooooouuuuuuuuuuuuuuyyyyyyyy--'''''),
      U&'!0300!0301!0302!0303!0304!0305!0306!0307!0308!0309!030a!030b!030c!030d!030e!030f!0310!0311!0312!0313!0314!0315!0316!0317!0318!0319!031a!031b!031c!031d!031e!031f!0320!0321!0322!0323!0324!0325!0326!0327!0328!0329!032a!032b!032c!032d!032e!032f!0330!0331!0332!0333!0334!0335!0336!0337!0338!0339!033a!033b!033c!033d!033e!033f!0340!0341!0342!0343!0344!0345!0346!0347!0348!0349!034a!034b!034c!034d!034e!034f!0350!0351!0352!0353!0354!0355!0356!0357!0358!0359!035a!035b!035c!035d!035e!035f!0360!0361!0362!0363!0364!0365!0366!0367!0368!0369!036a!036b!036c!036d!036e!036f' UESCAPE '!', '')
  END
$$;

ALTER TABLE names ADD COLUMN search_key text COLLATE "C" GENERATED ALWAYS AS (name_search_key(name)) STORED;
CREATE INDEX names_search_key_idx ON names (search_key, id);

DO $$
DECLARE
  trgm_schema text;
BEGIN
  SELECT n.nspname INTO trgm_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  IF trgm_schema IS NULL AND EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION pg_trgm WITH SCHEMA public;
      trgm_schema := 'public';
    EXCEPTION WHEN insufficient_privilege OR undefined_file OR feature_not_supported THEN
      RAISE NOTICE 'pg_trgm unavailable (%): name search runs without its trigram index', SQLERRM;
    END;
  END IF;
  IF trgm_schema IS NOT NULL THEN
    EXECUTE format('CREATE INDEX names_search_trgm_idx ON names USING gin (search_key %I.gin_trgm_ops)', trgm_schema);
  END IF;
END
$$;
`;
