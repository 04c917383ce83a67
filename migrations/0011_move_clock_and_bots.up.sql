-- Online play with a move clock and bots for absent players (docs/rules-decisions.md D72,
-- docs/tables.md "Move clock and bots"): a table's own clock (0: the profile's), the chairs a bot
-- plays for at the director's word, and who made each logged act: the chair's client ("seat",
-- with its sequence number), the move clock ("clock") or the bot ("bot"), both with sequence 0.
ALTER TABLE play_tables ADD COLUMN move_seconds integer NOT NULL DEFAULT 0
  CHECK (move_seconds BETWEEN 0 AND 3600);

ALTER TABLE seatings ADD COLUMN bot boolean NOT NULL DEFAULT false;

ALTER TABLE game_acts ADD COLUMN made_by text NOT NULL DEFAULT 'seat'
    CHECK (made_by IN ('seat', 'clock', 'bot')),
  DROP CONSTRAINT game_acts_sequence_check,
  ADD CONSTRAINT game_acts_sequence_check
    CHECK (CASE WHEN made_by = 'seat' THEN sequence >= 1 ELSE sequence = 0 END),
  DROP CONSTRAINT IF EXISTS game_acts_event_id_table_id_chair_sequence_key;
-- After this migration's down the old uniqueness is an index of that name (see the down).
DROP INDEX IF EXISTS game_acts_event_id_table_id_chair_sequence_key;
CREATE UNIQUE INDEX game_acts_chair_sequence ON game_acts (event_id, table_id, chair, sequence)
  WHERE made_by = 'seat';
