export const id = '041_audit_event_daily_counts';

// Audit statistics without counting a million rows per request: how many events of each type
// happened per UTC day, kept by statement-level triggers in the same transaction as the audit_logs change
// (a bulk insert updates each (day, event) once, from its transition table). A range's figures are the
// whole days from here plus the first, partial day counted from audit_logs (server/src/audit/auditStats.ts).
export const sql = /* sql */ `
CREATE TABLE audit_event_daily_counts (
  day   date   NOT NULL,
  event text   NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (day, event)
);

INSERT INTO audit_event_daily_counts (day, event, count)
SELECT (timestamp AT TIME ZONE 'UTC')::date, event, count(*) FROM audit_logs GROUP BY 1, 2;

CREATE FUNCTION audit_event_daily_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_event_daily_counts (day, event, count)
  SELECT (timestamp AT TIME ZONE 'UTC')::date, event, count(*) FROM audit_new_rows GROUP BY 1, 2
  ON CONFLICT (day, event) DO UPDATE SET count = audit_event_daily_counts.count + excluded.count;
  RETURN NULL;
END
$$;

CREATE FUNCTION audit_event_daily_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE audit_event_daily_counts c SET count = c.count - gone.n
  FROM (SELECT (timestamp AT TIME ZONE 'UTC')::date AS day, event, count(*) AS n FROM audit_old_rows GROUP BY 1, 2) gone
  WHERE c.day = gone.day AND c.event = gone.event;
  DELETE FROM audit_event_daily_counts WHERE count <= 0;
  RETURN NULL;
END
$$;

CREATE TRIGGER audit_logs_daily_counts_insert AFTER INSERT ON audit_logs
  REFERENCING NEW TABLE AS audit_new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_event_daily_counts_add();
CREATE TRIGGER audit_logs_daily_counts_delete AFTER DELETE ON audit_logs
  REFERENCING OLD TABLE AS audit_old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_event_daily_counts_remove();
-- An UPDATE moves counts from the old (day, event) to the new one.
CREATE TRIGGER audit_logs_daily_counts_update_old AFTER UPDATE ON audit_logs
  REFERENCING OLD TABLE AS audit_old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_event_daily_counts_remove();
CREATE TRIGGER audit_logs_daily_counts_update_new AFTER UPDATE ON audit_logs
  REFERENCING NEW TABLE AS audit_new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_event_daily_counts_add();
`;
