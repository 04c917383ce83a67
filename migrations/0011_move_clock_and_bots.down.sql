-- The acts of the clock and of bots stay, with sequence 0, which the old schema did not know: the
-- old checks come back for the other rows only (NOT VALID, a partial index), and a server of the
-- old schema refuses to replay a table with such an act ("out of order").
DROP INDEX game_acts_chair_sequence;
ALTER TABLE game_acts DROP CONSTRAINT game_acts_sequence_check,
  ADD CONSTRAINT game_acts_sequence_check CHECK (sequence >= 1) NOT VALID,
  DROP COLUMN made_by;
CREATE UNIQUE INDEX game_acts_event_id_table_id_chair_sequence_key
  ON game_acts (event_id, table_id, chair, sequence) WHERE sequence >= 1;
ALTER TABLE seatings DROP COLUMN bot;
ALTER TABLE play_tables DROP COLUMN move_seconds;
