-- Manual movements (the director's own seating, engine/movement/movement.h Manual) and chair
-- totals: the session total of one chair of a physical table, as the BSA's Duplikat Skat on paper
-- hands it in (docs/events-and-scoring.md 4.12). A changed total replaces the current row and
-- keeps it, marked with the row that replaced it.
ALTER TABLE sessions DROP CONSTRAINT sessions_movement_check,
  ADD CONSTRAINT sessions_movement_check
    CHECK (movement IN ('individual', 'inter-club', 'congress', 'imported', 'manual'));

CREATE TABLE chair_totals (
  id bigserial PRIMARY KEY,
  event_id text NOT NULL,
  table_id text NOT NULL,
  chair integer NOT NULL CHECK (chair BETWEEN 1 AND 4),
  total bigint NOT NULL CHECK (total BETWEEN -100000 AND 100000),
  entered_at timestamptz NOT NULL DEFAULT now(),
  replaced_by bigint REFERENCES chair_totals (id) DEFERRABLE INITIALLY DEFERRED,
  FOREIGN KEY (event_id, table_id) REFERENCES play_tables (event_id, id)
);
CREATE UNIQUE INDEX chair_totals_current ON chair_totals (event_id, table_id, chair)
  WHERE replaced_by IS NULL;
CREATE TRIGGER chair_totals_notify AFTER INSERT OR UPDATE ON chair_totals
  FOR EACH ROW EXECUTE FUNCTION notify_scores();
