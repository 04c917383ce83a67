-- The change horizon of an event's scored rows (docs/performance.md "Standings that grow with the
-- change"): results, adjustments and chair totals each record the id of the transaction that
-- last wrote them. A reader that took a snapshot whose oldest running transaction was X reads
-- next the rows with changed_xid >= X: every write its snapshot did not see is among them.
CREATE FUNCTION stamp_changed_xid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_xid := pg_current_xact_id();
  RETURN NEW;
END;
$$;

ALTER TABLE results ADD COLUMN changed_xid xid8 NOT NULL DEFAULT pg_current_xact_id();
ALTER TABLE adjustments ADD COLUMN changed_xid xid8 NOT NULL DEFAULT pg_current_xact_id();
ALTER TABLE chair_totals ADD COLUMN changed_xid xid8 NOT NULL DEFAULT pg_current_xact_id();

CREATE TRIGGER results_changed_xid BEFORE INSERT OR UPDATE ON results
  FOR EACH ROW EXECUTE FUNCTION stamp_changed_xid();
CREATE TRIGGER adjustments_changed_xid BEFORE INSERT OR UPDATE ON adjustments
  FOR EACH ROW EXECUTE FUNCTION stamp_changed_xid();
CREATE TRIGGER chair_totals_changed_xid BEFORE INSERT OR UPDATE ON chair_totals
  FOR EACH ROW EXECUTE FUNCTION stamp_changed_xid();

CREATE INDEX results_changed ON results (event_id, changed_xid);
CREATE INDEX adjustments_changed ON adjustments (event_id, changed_xid);
CREATE INDEX chair_totals_changed ON chair_totals (event_id, changed_xid);
