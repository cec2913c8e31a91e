import { allLocales } from '@faker-js/faker';
import type { Queryable } from '../../server/src/db/types';
import { realNames } from './realNames';

/** Real surnames of a few locales (faker's lists), to go with the real first names. */
function surnames(): string[] {
  const lists = ['en', 'de', 'sv', 'fr', 'it', 'es'].flatMap((locale) => {
    const names = allLocales[locale as keyof typeof allLocales]?.person?.last_name as { generic?: string[] } | string[] | undefined;
    return Array.isArray(names) ? names : (names?.generic ?? []);
  });
  return [...new Set(lists)];
}

export const BENCH_EVENTS = ['USER_CREATED', 'SUBSCRIPTION_START', 'SUBSCRIPTION_END', 'CANCELLATION', 'ACCOUNT_DELETED'];

/**
 * Fills users and audit_logs set-based: the name lists travel once as arrays and generate_series picks from
 * them, so 100,000 users and a million events cost one INSERT ... SELECT each. Users are `bu<n>` padded to
 * Firebase's 28 characters, created over two years, 20 % premium, 90 % active, 30 % connected, 8 % never active.
 * Events spread over a year, most of them USER_CREATED and subscription events.
 */
export async function loadUsersAndAudit(db: Queryable, users: number, auditLogs: number, consoleActions: number): Promise<void> {
  const first = realNames();
  const last = surnames();
  await db.query(
    `INSERT INTO users (uid, email, username, display_name, is_premium, account_active, connected_user_id,
                        preferred_gender, preferred_nationality, created_at, updated_at, last_active_date, last_swipe_date)
     SELECT uid,
            lower(f.name || '.' || l.name || i) || '@example.com',
            lower(f.name) || '_' || i,
            f.name || ' ' || l.name,
            i % 5 = 0,
            i % 10 <> 3,
            CASE WHEN i % 10 < 3 THEN 'bu' || lpad(((i + 1) % $5::int)::text, 26, '0') END,
            (ARRAY['all', 'female', 'male', 'unisex'])[1 + i % 4],
            CASE WHEN i % 3 = 0 THEN 'all' ELSE f.nationality END,
            created, created,
            CASE WHEN i % 12 <> 7 THEN created + (i % 700) * interval '1 day' * 0.5 END,
            CASE WHEN i % 12 <> 7 THEN created + (i % 700) * interval '1 day' * 0.5 END
     FROM generate_series(0, $5::int - 1) AS i
     CROSS JOIN LATERAL (SELECT 'bu' || lpad(i::text, 26, '0') AS uid, now() - (i % 730) * interval '1 day' - (i % 86400) * interval '1 second' AS created) u
     JOIN unnest($1::text[], $2::text[]) WITH ORDINALITY AS f(name, nationality, k) ON f.k = (i::bigint * 7919 % $3::int) + 1
     JOIN unnest($4::text[]) WITH ORDINALITY AS l(name, k) ON l.k = (i::bigint * 104729 % $6::int) + 1`,
    [first.map((n) => n.name), first.map((n) => n.nationality), first.length, last, users, last.length],
  );
  await db.query(
    `INSERT INTO audit_logs (timestamp, event, user_id, last_swipe_date, total_active_time_formatted)
     SELECT ts, ($1::text[])[1 + (CASE WHEN i % 10 < 4 THEN 0 WHEN i % 10 < 7 THEN 1 WHEN i % 10 < 9 THEN 2 ELSE 3 + i % 2 END)],
            'bu' || lpad((i % $2::int)::text, 26, '0'), ts - interval '1 hour',
            (i % 40) || 'h ' || (i % 60) || 'm ' || (i % 59) || 's'
     FROM generate_series(0, $3::int - 1) AS i
     CROSS JOIN LATERAL (SELECT now() - (i::float8 / $3::int) * interval '365 days' AS ts) t`,
    [BENCH_EVENTS, users, auditLogs],
  );
  // The console's own trail: far fewer rows (people make them), spread over the same year.
  await db.query(
    `INSERT INTO console_actions (timestamp, actor_uid, actor_email, action, target_type, target_id, before, after)
     SELECT now() - (i::float8 / $1::int) * interval '365 days', 'demo-admin', 'admin@babynames.test',
            (ARRAY['user.update', 'name.update', 'name.create', 'user.delete'])[1 + i % 4], 'user', 'bu' || lpad((i * 31 % $2::int)::text, 26, '0'),
            '{"isPremium": false}', '{"isPremium": true}'
     FROM generate_series(0, $1::int - 1) AS i`,
    [consoleActions, users],
  );
  await db.query('ANALYZE users');
  await db.query('ANALYZE console_actions');
  await db.query('ANALYZE audit_logs');
  await db.query('ANALYZE audit_event_daily_counts');
}
