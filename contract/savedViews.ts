// Wire contract of saved views and grid preferences on Manage Names, User Management and Audit Logs.
//
// - A saved view is what an operator named of one page's list: its filters and search, its sort and page size where
//   the page has them (User Management; Manage Names is ordered by the server and scrolls, Audit Logs is newest first
//   and reads on), and the grid's visible columns and density. It is stored on the server by operator (the account's
//   uid: this backend's, or the Firebase uid on the hosted API), so it survives signing out, another browser and
//   another instance. Shared views are listed to every admin, marked with their owner's e-mail; only the owner
//   renames, overwrites, shares, unshares or deletes one.
//   GET /api/views?page=... lists the caller's own views and those others shared; POST /api/views makes one;
//   PUT /api/views/:id changes one (If-Match: the version it was shown with; 409 with the view as it is now
//   otherwise); DELETE /api/views/:id removes one.
// - Grid preferences are one operator's column choice and density per page, saved as they change (the console
//   waits for a pause) and applied on the next visit from any browser: GET/PUT /api/views/preferences/:page.
//   The last write wins: they are the operator's own, and two of their browsers disagreeing is no conflict worth
//   a question.
// - Every write is on the console-action trail (SAVED_VIEW_ACTIONS), in the transaction that makes it.
//
// `state` is checked per page by the schemas in schemas/savedViews.ts (constants only here: the console
// imports this file without loading TypeBox) (closed objects, every text and list bounded), so a view is
// at most a few kilobytes and cannot carry fields the console would not read.

export const SAVED_VIEW_PAGES = ['names', 'users', 'auditLogs'] as const;
export type SavedViewPage = (typeof SAVED_VIEW_PAGES)[number];

/** Most saved views one operator keeps, all pages together. */
export const MAX_SAVED_VIEWS_PER_OPERATOR = 50;
export const MAX_VIEW_NAME_LENGTH = 60;
/** Most columns a visibility model names (the widest grid has about a dozen). */
export const MAX_GRID_COLUMNS = 40;

export const GRID_DENSITIES = ['compact', 'standard', 'comfortable'] as const;
export type GridDensityChoice = (typeof GRID_DENSITIES)[number];

/** The console-action trail's names for what this contract does. */
export const SAVED_VIEW_ACTIONS = {
  create: 'view.create',
  update: 'view.update',
  delete: 'view.delete',
  preferences: 'grid_preferences.update',
} as const;

/** The `error` of refusals the console treats apart. */
export const SAVED_VIEW_ERRORS = {
  nameTaken: 'view_name_taken',
  limit: 'view_limit',
  notOwner: 'not_owner',
  wrongPage: 'wrong_page',
} as const;
