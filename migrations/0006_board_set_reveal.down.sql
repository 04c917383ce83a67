-- Forgets when and how sets were revealed; the revealed flag stays.
ALTER TABLE board_sets DROP CONSTRAINT board_sets_reveal_shape,
  DROP COLUMN reveal_reason, DROP COLUMN reveal_forced, DROP COLUMN revealed_at;
