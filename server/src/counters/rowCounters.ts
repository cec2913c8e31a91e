import type { Queryable } from '../db/types';
import type { NamesFilter } from '../names/nameInput';

/** The totals triggers keep in row_counters (migrations 015 and 032). */
export type CounterName =
  | 'names'
  | 'swipes'
  | 'users'
  | 'accepted_connections'
  | 'accepted_pairs'
  | 'connected_likes'
  | 'pairs_with_matches'
  | 'pair_matches'
  | 'swiping_users';

/** The current totals: a sum over at most 8 shard rows each, whatever the tables hold. */
export async function readCounters<K extends CounterName>(db: Queryable, counters: readonly K[]): Promise<Record<K, number>> {
  const { rows } = await db.query<{ counter: K; value: number }>(
    'SELECT counter, sum(value)::bigint AS value FROM row_counters WHERE counter = ANY($1::text[]) GROUP BY counter',
    [counters],
  );
  const totals = Object.fromEntries(counters.map((c) => [c, 0])) as Record<K, number>;
  for (const row of rows) totals[row.counter] = Number(row.value);
  return totals;
}

/** The equality conditions of GET /names's filters, on columns names and name_group_counts share. */
export function nameFilterConditions(filter: Pick<NamesFilter, 'gender' | 'nationality' | 'letter'>, params: unknown[]): string[] {
  const where: string[] = [];
  const add = (column: string, value: unknown) => {
    params.push(value);
    where.push(`${column} = $${params.length}`);
  };
  if (filter.nationality !== undefined) add('nationality', filter.nationality);
  if (filter.gender !== undefined) add('gender', filter.gender);
  if (filter.letter !== undefined) add('first_letter', filter.letter);
  return where;
}

/**
 * SQL for how many names match those conditions, exactly: the names counter when there are none, else a
 * sum over the per-(gender, nationality, letter) counts of name_group_counts (migration 015), a few
 * hundred rows at most, never a count over the names.
 */
export function matchingNamesCountSql(where: readonly string[]): string {
  return where.length === 0
    ? `SELECT coalesce(sum(value), 0)::bigint AS total FROM row_counters WHERE counter = 'names'`
    : `SELECT coalesce(sum(n), 0)::bigint AS total FROM name_group_counts WHERE ${where.join(' AND ')}`;
}

export async function countMatchingNames(db: Queryable, filter: Pick<NamesFilter, 'gender' | 'nationality' | 'letter'>): Promise<number> {
  const params: unknown[] = [];
  const { rows } = await db.query<{ total: number }>(matchingNamesCountSql(nameFilterConditions(filter, params)), params);
  return Number(rows[0]?.total ?? 0);
}
