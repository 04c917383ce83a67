DROP TRIGGER chair_totals_changed_xid ON chair_totals;
DROP TRIGGER adjustments_changed_xid ON adjustments;
DROP TRIGGER results_changed_xid ON results;
ALTER TABLE chair_totals DROP COLUMN changed_xid;
ALTER TABLE adjustments DROP COLUMN changed_xid;
ALTER TABLE results DROP COLUMN changed_xid;
DROP FUNCTION stamp_changed_xid();
