export const id = '042_user_group_counts';

// The user list's total without counting 100,000 rows per page: users per combination of the list's
// equality filters (premium, active, connected, preferred gender, preferred nationality), kept by
// statement-level triggers in the writing transaction. A total with only those filters is a sum over at
// most a few hundred groups (server/src/users/userList.ts); a search or a date range still counts rows.
// Transition tables cannot go with an UPDATE OF column list, so every UPDATE of users runs the two small
// statements (moving its rows between groups, a no-op for a login's last_login).
// The table is locked while the triggers are created and the counts back-filled, so no write slips between.
export const sql = /* sql */ `
LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE;

CREATE TABLE user_group_counts (
  is_premium            boolean NOT NULL,
  account_active        boolean NOT NULL,
  connected             boolean NOT NULL,
  preferred_gender      text    NOT NULL,
  preferred_nationality text    NOT NULL,
  count                 bigint  NOT NULL,
  PRIMARY KEY (is_premium, account_active, connected, preferred_gender, preferred_nationality)
);

INSERT INTO user_group_counts
SELECT is_premium, account_active, connected_user_id IS NOT NULL, preferred_gender, preferred_nationality, count(*)
FROM users GROUP BY 1, 2, 3, 4, 5;

CREATE FUNCTION user_group_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_group_counts
  SELECT is_premium, account_active, connected_user_id IS NOT NULL, preferred_gender, preferred_nationality, count(*)
  FROM user_group_new_rows GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (is_premium, account_active, connected, preferred_gender, preferred_nationality)
  DO UPDATE SET count = user_group_counts.count + excluded.count;
  RETURN NULL;
END
$$;

CREATE FUNCTION user_group_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_group_counts g SET count = g.count - gone.n
  FROM (SELECT is_premium, account_active, connected_user_id IS NOT NULL AS connected, preferred_gender, preferred_nationality, count(*) AS n
        FROM user_group_old_rows GROUP BY 1, 2, 3, 4, 5) gone
  WHERE g.is_premium = gone.is_premium AND g.account_active = gone.account_active AND g.connected = gone.connected
    AND g.preferred_gender = gone.preferred_gender AND g.preferred_nationality = gone.preferred_nationality;
  DELETE FROM user_group_counts WHERE count <= 0;
  RETURN NULL;
END
$$;

CREATE TRIGGER users_group_counts_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS user_group_new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_group_counts_add();
CREATE TRIGGER users_group_counts_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS user_group_old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_group_counts_remove();
CREATE TRIGGER users_group_counts_update_new AFTER UPDATE ON users
  REFERENCING NEW TABLE AS user_group_new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_group_counts_add();
CREATE TRIGGER users_group_counts_update_old AFTER UPDATE ON users
  REFERENCING OLD TABLE AS user_group_old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_group_counts_remove();
`;
