-- The change mark of an event's frame (docs/performance.md "Standings that grow with the
-- change"): every write to the event's clubs, players or sessions, and every write to its tables
-- and seatings that changes what scoring reads of them, sets changed_xid to the writing
-- transaction's id. A reader compares the mark (with the events row's own xmin) instead of
-- digesting the frame's rows: one row read per refresh, not one per table and seating. A
-- transaction that wrote the frame leaves a mark no other transaction leaves, so two reads of
-- the mark are equal only if no frame write committed between them.
CREATE TABLE score_frame_changes (
  event_id text PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
  changed_xid xid8 NOT NULL
);

INSERT INTO score_frame_changes (event_id, changed_xid) SELECT id, pg_current_xact_id() FROM events;

-- Nothing for an event being deleted (its rows go by cascade; its mark goes with it).
CREATE FUNCTION mark_score_frame(event text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO score_frame_changes (event_id, changed_xid)
    SELECT id, pg_current_xact_id() FROM events WHERE id = event
  ON CONFLICT (event_id) DO UPDATE SET changed_xid = EXCLUDED.changed_xid
    WHERE score_frame_changes.changed_xid <> EXCLUDED.changed_xid;
$$;

CREATE FUNCTION score_frame_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM mark_score_frame(OLD.event_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.event_id IS DISTINCT FROM OLD.event_id) THEN
    PERFORM mark_score_frame(NEW.event_id);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER clubs_score_frame AFTER INSERT OR UPDATE OR DELETE ON clubs
  FOR EACH ROW EXECUTE FUNCTION score_frame_changed();
CREATE TRIGGER players_score_frame AFTER INSERT OR UPDATE OR DELETE ON players
  FOR EACH ROW EXECUTE FUNCTION score_frame_changed();
CREATE TRIGGER sessions_score_frame AFTER INSERT OR UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION score_frame_changed();
-- Tables and seatings: what the frame digest read of them before (the columns scoring reads).
CREATE TRIGGER play_tables_score_frame AFTER INSERT OR DELETE ON play_tables
  FOR EACH ROW EXECUTE FUNCTION score_frame_changed();
CREATE TRIGGER play_tables_score_frame_update AFTER UPDATE ON play_tables
  FOR EACH ROW WHEN ((OLD.event_id, OLD.id, OLD.label, OLD.set_id, OLD.boards, OLD.chairs,
                      OLD.mode, OLD.created_at, OLD.forehand_chair, OLD.session_id, OLD.round,
                      OLD.table_number)
                     IS DISTINCT FROM
                     (NEW.event_id, NEW.id, NEW.label, NEW.set_id, NEW.boards, NEW.chairs,
                      NEW.mode, NEW.created_at, NEW.forehand_chair, NEW.session_id, NEW.round,
                      NEW.table_number))
  EXECUTE FUNCTION score_frame_changed();
CREATE TRIGGER seatings_score_frame AFTER INSERT OR DELETE ON seatings
  FOR EACH ROW EXECUTE FUNCTION score_frame_changed();
CREATE TRIGGER seatings_score_frame_update AFTER UPDATE ON seatings
  FOR EACH ROW WHEN ((OLD.event_id, OLD.table_id, OLD.chair, OLD.player_name, OLD.player_id)
                     IS DISTINCT FROM
                     (NEW.event_id, NEW.table_id, NEW.chair, NEW.player_name, NEW.player_id))
  EXECUTE FUNCTION score_frame_changed();
