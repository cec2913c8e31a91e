// Settings every database session of the server starts with, on PostgreSQL (each pooled connection as it opens) and on
// PGlite (its one connection). Only what a query cannot say itself belongs here.
import { NAME_SEARCH_MIN_SIMILARITY } from '../../../contract/nameSearch';

/**
 * pg_trgm.similarity_threshold: pg_trgm's `%` reads its threshold from this setting, and the trigram index prunes its
 * candidates by it: the close spellings of GET /names?q= are cheap only when the index prunes at the search's own
 * threshold (names/nameSearch.ts also checks similarity() itself, so what matches never depends on this setting, only
 * how fast it is found). Set before pg_trgm is loaded, it is kept as a placeholder that pg_trgm adopts when it loads.
 * Behind a pooler in transaction mode a session setting may not follow the query: answers stay the same, searches get
 * slower.
 *
 * jit: off. Every statement of this server reads a page, a bounded group or a summary table, where compiling costs
 * more than it saves. PostgreSQL compiles a statement whose estimated cost passes jit_above_cost, and at ten million
 * names a search's estimate did: tens of ms of compiling for a statement that runs in 1-3. The same search statements
 * on 10M names (one connection, 200 texts of each kind, p95 with JIT / without, 2026-11-28): the start of a name
 * 33.3 / 2.4 ms, 4 letters inside one 50.3 / 18.2 ms, a misspelling 99.8 / 95.7 ms (docs/names.md).
 */
export const SESSION_SETTINGS: Readonly<Record<string, string>> = {
  'pg_trgm.similarity_threshold': String(NAME_SEARCH_MIN_SIMILARITY),
  jit: 'off',
};

/** The settings as SQL, for a connection already open (PGlite's one). */
export const SESSION_SETTINGS_SQL = Object.entries(SESSION_SETTINGS)
  .map(([name, value]) => `SET ${name} = ${value};`)
  .join(' ');

/**
 * The settings as a connection's startup options (`-c name=value`), so PostgreSQL applies them as the session opens:
 * no query has to be queued on a new pooled connection before the one it was opened for.
 */
export function sessionStartupOptions(extra: Readonly<Record<string, string>> = {}): string {
  return Object.entries({ ...SESSION_SETTINGS, ...extra })
    .map(([name, value]) => `-c ${name}=${value.replace(/[\\ ]/g, (c) => `\\${c}`)}`)
    .join(' ');
}
