DROP TRIGGER adjustments_notify ON adjustments;
DROP TRIGGER results_notify ON results;
DROP FUNCTION notify_scores();
DROP TABLE adjustments;
ALTER TABLE results DROP COLUMN level, DROP COLUMN matadors;
ALTER TABLE seatings DROP CONSTRAINT seatings_player, DROP COLUMN player_id;
DROP INDEX play_tables_session_round;
ALTER TABLE play_tables DROP CONSTRAINT play_tables_session_place,
  DROP CONSTRAINT play_tables_session, DROP COLUMN forehand_chair, DROP COLUMN table_number,
  DROP COLUMN round, DROP COLUMN session_id;
DROP TABLE sessions;
DROP TABLE players;
DROP TABLE clubs;
ALTER TABLE events DROP COLUMN tie_breaks, DROP COLUMN comparison, DROP COLUMN board_score;
