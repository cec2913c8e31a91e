/**
 * A timestamptz column as ISO 8601 text in UTC, 2026-11-22T20:00:00.123456+00:00, written by PostgreSQL: the
 * export's created_at, the same in the page reads and the streamed CSV whatever the session's time zone.
 * Cheaper per row than to_json() (~0.3 s less per million rows) or to_char() (twice the cost of a page).
 */
export const utcInstantText = (column: string) => `replace((${column} AT TIME ZONE 'UTC')::text, ' ', 'T') || '+00:00'`;
