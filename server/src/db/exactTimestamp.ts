// Keyset cursors carry a timestamp: it must survive the round trip to the client exactly. timestamptz holds
// microseconds and a JS Date only milliseconds, so the database writes the cursor's text itself, in UTC.

/** SQL turning a timestamptz column into '2026-11-22T20:18:35.123456Z'. */
export const exactTimestampSql = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The form exactTimestampSql writes; a cursor's timestamp is accepted back only in it. */
export const EXACT_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
