-- Refuses (a CHECK fails) while imported sets, tables or sessions exist: delete them first; a
-- migration never destroys games on its way down.
DROP TABLE imported_games;
ALTER TABLE sessions DROP CONSTRAINT sessions_movement_check,
  ADD CONSTRAINT sessions_movement_check
    CHECK (movement IN ('individual', 'inter-club', 'congress'));
ALTER TABLE play_tables DROP CONSTRAINT play_tables_mode_check,
  ADD CONSTRAINT play_tables_mode_check CHECK (mode IN ('online', 'physical'));
ALTER TABLE board_sets DROP CONSTRAINT board_sets_imported_shape,
  DROP CONSTRAINT board_sets_source_fields,
  DROP CONSTRAINT board_sets_generator_version_check,
  ADD CONSTRAINT board_sets_generator_version_check CHECK (generator_version >= 1),
  DROP COLUMN source_sha256, DROP COLUMN source_file, DROP COLUMN source;
