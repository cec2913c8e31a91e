import type { Queryable } from '../db/types';
import type { NamesFilter } from '../names/validation';

/** The totals triggers keep in row_counters (migration 015). */
export type CounterName = 'names' | 'swipes' | 'users' | 'accepted_connections';

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

/**
 * How many names match GET /names's filters, exactly: a sum over the per-(gender, nationality, letter)
 * counts of name_group_counts (migration 015), a few hundred rows at most, not a count over the names.
 */
export async function countMatchingNames(db: Queryable, filter: Pick<NamesFilter, 'gender' | 'nationality' | 'letter'>): Promise<number> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (column: string, value: unknown) => {
    params.push(value);
    where.push(`${column} = $${params.length}`);
  };
  if (filter.nationality !== undefined) add('nationality', filter.nationality);
  if (filter.gender !== undefined) add('gender', filter.gender);
  if (filter.letter !== undefined) add('first_letter', filter.letter);
  if (where.length === 0) return (await readCounters(db, ['names'])).names;
  const { rows } = await db.query<{ total: number }>(
    `SELECT coalesce(sum(n), 0)::bigint AS total FROM name_group_counts WHERE ${where.join(' AND ')}`,
    params,
  );
  return Number(rows[0]?.total ?? 0);
}
