export const id = '010_name_identity';

// The same name, gender and nationality (case-insensitive) is stored once. Duplicates an
// existing database already holds are merged first, never dropped silently: the oldest row of each
// group is kept (created_at, then id), the swipes of the others are moved to it, and every removed row
// is written to name_merges, which the server reports in its log when this migration runs
// (names/mergeReport.ts). lower() on both text columns: gender is already lower-case by its CHECK.
export const sql = /* sql */ `
CREATE TABLE name_merges (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merged_at           timestamptz NOT NULL DEFAULT now(),
  kept_id             bigint NOT NULL,
  removed_id          bigint NOT NULL,
  name                text NOT NULL,
  gender              text NOT NULL,
  nationality         text NOT NULL,
  removed_name        text NOT NULL,
  removed_nationality text NOT NULL,
  removed_created_at  timestamptz NOT NULL,
  swipes_moved        integer NOT NULL
);

INSERT INTO name_merges (kept_id, removed_id, name, gender, nationality, removed_name, removed_nationality, removed_created_at, swipes_moved)
SELECT d.keep_id, d.id, k.name, k.gender, k.nationality, d.name, d.nationality, d.created_at,
       (SELECT count(*) FROM swipes s WHERE s.name_id = d.id)
FROM (
  SELECT id, name, nationality, created_at,
         first_value(id) OVER (PARTITION BY lower(name), gender, lower(nationality) ORDER BY created_at, id) AS keep_id
  FROM names
) d
JOIN names k ON k.id = d.keep_id
WHERE d.id <> d.keep_id;

UPDATE swipes s SET name_id = m.kept_id FROM name_merges m WHERE s.name_id = m.removed_id;
DELETE FROM names n USING name_merges m WHERE n.id = m.removed_id;

CREATE UNIQUE INDEX names_identity_key ON names (lower(name), gender, lower(nationality));
`;
