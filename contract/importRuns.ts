// Wire types of import runs: the server records every CSV import as a run, ties each
// batch to it, and can undo it. Types (Static<> of the endpoint schemas) and constants: shared by the console and the server.

export const IMPORT_RUN_STATES = ['running', 'done', 'failed', 'cancelled', 'interrupted', 'undone'] as const;
export type ImportRunState = (typeof IMPORT_RUN_STATES)[number];

/** How the console ends a run it started. */
export const IMPORT_RUN_FINISH_STATES = ['done', 'failed', 'cancelled'] as const;
export type ImportRunFinishState = (typeof IMPORT_RUN_FINISH_STATES)[number];

/** A running run with no batch for this long is shown (and stored) as interrupted. */
export const IMPORT_RUN_STALE_MS = 60_000;

/** Runs GET /admin/import-runs returns by default, newest first. */
export const RECENT_IMPORT_RUNS = 20;

/** The reason a POST /names or PUT /names/:id duplicate gets (409), shown after the spec's texts. */
export const NAME_EXISTS_REASON = 'already exists';

/** Largest `names` list POST /admin/names/bulk-import accepts in one request. */
export const BULK_IMPORT_MAX_ROWS = 5000;
