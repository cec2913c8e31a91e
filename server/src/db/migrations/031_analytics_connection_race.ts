import { keysOfPairs, reconcileMatches } from './030_analytics_summaries';

export const id = '031_analytics_connection_race';

// A connection accepted while one of the two partners likes a name, in two transactions at once on a
// real PostgreSQL: the acceptance's trigger (migration 030) could not see the uncommitted like, the
// like's trigger could not see the uncommitted acceptance, and the match was never recorded. Now the
// connection trigger first locks both partners' users rows FOR UPDATE, which conflicts with the KEY SHARE
// lock every swipe insert takes on its user (the foreign key check): whichever comes second waits for the
// first to commit, and its reconciling statement (a fresh snapshot) then sees the other's change. Rows
// are locked in uid order.
const pairsOf = (src: string) =>
  `(SELECT DISTINCT least(from_user_id, to_user_id) AS a, greatest(from_user_id, to_user_id) AS b FROM ${src})`;
const lockPartners = (src: string) => `
    PERFORM 1 FROM users
      WHERE uid IN (SELECT from_user_id FROM ${src} UNION SELECT to_user_id FROM ${src})
      ORDER BY uid FOR UPDATE;`;

export const sql = /* sql */ `
CREATE OR REPLACE FUNCTION analytics_connections_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    ${lockPartners('new_rows')}
    ${reconcileMatches(keysOfPairs(pairsOf('new_rows')))}
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    ${lockPartners('old_rows')}
    ${reconcileMatches(keysOfPairs(pairsOf('old_rows')))}
  END IF;
  RETURN NULL;
END
$$;
`;
