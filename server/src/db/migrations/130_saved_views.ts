export const id = '130_saved_views';

// Saved views and grid preferences (contract/savedViews.ts), both keyed by the operator's uid: this backend's
// account uid, or the Firebase uid when the server is the hosted API (its operators have no accounts row here, as
// import_checks.created_by_uid, migration 110). The owner's e-mail is kept as the trail keeps it, so a shared view
// names its owner without a join that Firebase mode could not make. A view's name is unique per operator and page
// whatever its case; `version` grows with each write (the If-Match of PUT and DELETE).
export const sql = /* sql */ `
CREATE TABLE saved_views (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_uid   text NOT NULL,
  owner_email text NOT NULL,
  page        text NOT NULL CHECK (page IN ('names', 'users', 'auditLogs')),
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  state       jsonb NOT NULL,
  shared      boolean NOT NULL DEFAULT false,
  version     integer NOT NULL DEFAULT 1,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX saved_views_owner_page_name_key ON saved_views (owner_uid, page, lower(name));
-- What GET /api/views?page= reads besides the caller's own: the shared views of that page.
CREATE INDEX saved_views_shared_idx ON saved_views (page) WHERE shared;

CREATE TABLE grid_preferences (
  owner_uid  text NOT NULL,
  page       text NOT NULL CHECK (page IN ('names', 'users', 'auditLogs')),
  columns    jsonb NOT NULL,
  density    text NOT NULL CHECK (density IN ('compact', 'standard', 'comfortable')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner_uid, page)
);
`;
