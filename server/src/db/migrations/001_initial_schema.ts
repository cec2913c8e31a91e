// Migrations are TypeScript modules (not .sql files read from disk) so that the server, its Jest
// suite and the benchmark all load them the same way, with no path lookup.
export const id = '001_initial_schema';

export const sql = /* sql */ `
CREATE TABLE accounts (
  uid           text PRIMARY KEY,
  email         text NOT NULL,
  password_hash text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX accounts_email_key ON accounts (lower(email));

-- The end-user record (spec 3), keyed by the authentication user id.
CREATE TABLE users (
  uid                          text PRIMARY KEY,
  email                        text,
  username                     text,
  display_name                 text,
  account_active               boolean NOT NULL DEFAULT true,
  is_premium                   boolean NOT NULL DEFAULT false,
  created_at                   timestamptz NOT NULL DEFAULT now(),
  updated_at                   timestamptz NOT NULL DEFAULT now(),
  last_login                   timestamptz,
  last_active_date             timestamptz,
  preferred_gender             text NOT NULL DEFAULT 'all',
  preferred_nationality        text NOT NULL DEFAULT 'all',
  preferred_language           text NOT NULL DEFAULT 'english',
  connected_user_id            text,
  connection_status            text,
  connection_request_sent      boolean NOT NULL DEFAULT false,
  daily_swipe_count            integer NOT NULL DEFAULT 0,
  last_swipe_date              timestamptz,
  is_admin                     boolean NOT NULL DEFAULT false,
  notification_settings        jsonb NOT NULL DEFAULT '{"matchedName":true,"connectionRequest":true,"connectionConfirmed":true,"connectionRejected":true,"partnerDisconnected":true,"dailyReminder":false}',
  total_active_time_formatted  text NOT NULL DEFAULT '0h 0m 0s'
);
CREATE INDEX users_created_at_idx ON users (created_at);

CREATE TABLE names (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name         text NOT NULL CHECK (length(btrim(name)) > 0),
  gender       text NOT NULL CHECK (gender IN ('male', 'female', 'unisex')),
  nationality  text NOT NULL CHECK (length(btrim(nationality)) > 0),
  -- Upper-cased first character, computed by the server (not by SQL upper(), whose result for
  -- Á/Æ/Ö depends on the database's collation): the letter filter's Á is its own letter.
  first_letter text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
-- A filtered page is "WHERE <filters> ORDER BY name, id LIMIT 50 OFFSET n": one index per filter shape.
CREATE INDEX names_name_idx ON names (name, id);
CREATE INDEX names_letter_name_idx ON names (first_letter, name, id);
CREATE INDEX names_gender_name_idx ON names (gender, name, id);
CREATE INDEX names_nationality_name_idx ON names (nationality, name, id);
CREATE INDEX names_nat_gender_letter_name_idx ON names (nationality, gender, first_letter, name, id);
CREATE INDEX names_gender_letter_name_idx ON names (gender, first_letter, name, id);

CREATE TABLE swipes (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id          text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  name_id          bigint NOT NULL REFERENCES names (id) ON DELETE CASCADE,
  liked            boolean NOT NULL,
  decision_time_ms integer,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX swipes_user_idx ON swipes (user_id, created_at);
CREATE INDEX swipes_name_idx ON swipes (name_id);

CREATE TABLE connection_requests (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  from_user_id text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  to_user_id   text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  status       text NOT NULL DEFAULT 'pending',
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX connection_requests_status_idx ON connection_requests (status);

CREATE TABLE connections (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_a     text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  user_b     text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  status     text NOT NULL DEFAULT 'confirmed',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE audit_logs (
  id                          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  timestamp                   timestamptz NOT NULL DEFAULT now(),
  event                       text NOT NULL,
  user_id                     text,
  last_swipe_date             timestamptz,
  total_active_time_formatted text
);
CREATE INDEX audit_logs_timestamp_idx ON audit_logs (timestamp DESC, id DESC);
CREATE INDEX audit_logs_event_timestamp_idx ON audit_logs (event, timestamp DESC, id DESC);
`;
