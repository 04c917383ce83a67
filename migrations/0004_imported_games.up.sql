-- Imported games (issue 8 "ISS game records", `skat import-iss`): a file of International Skat
-- Server game records becomes one board set of its event (source 'imported', the records' deals as
-- its boards), one session of movement 'imported' over it, and per record one table of three
-- chairs (mode 'imported') with one game: its act log (the engine's act lines of the replayed
-- record) and its result (source 'imported', confirmed by the engine's replay).
--
-- An imported set has no generator and no seed: the boards come from the records, not from a
-- seed, so generator_version is 0 ("none"), the seed is 64 zeros, the set is public from the start
-- (revealed, no beacon), and the commitment is the SHA-256 of the imported file (source_sha256:
-- as the importer stated it; the server receives the file in batches). Every game keeps its
-- record's line, text and SHA-256 in imported_games, where the server checked them.

ALTER TABLE board_sets
  ADD COLUMN source text NOT NULL DEFAULT 'generated' CHECK (source IN ('generated', 'imported')),
  -- The imported file's name (as given, without directories) and its SHA-256 (lower-case hex).
  ADD COLUMN source_file text CHECK (char_length(source_file) BETWEEN 1 AND 200),
  ADD COLUMN source_sha256 text CHECK (source_sha256 ~ '^[0-9a-f]{64}$'),
  DROP CONSTRAINT board_sets_generator_version_check,
  ADD CONSTRAINT board_sets_generator_version_check
    CHECK (generator_version >= 1 OR (source = 'imported' AND generator_version = 0)),
  ADD CONSTRAINT board_sets_source_fields CHECK ((source = 'imported') =
    (source_file IS NOT NULL AND source_sha256 IS NOT NULL)),
  ADD CONSTRAINT board_sets_imported_shape CHECK (source = 'generated' OR (
    generator_version = 0 AND commitment = source_sha256 AND secret_seed = repeat('0', 64) AND
    revealed AND beacon_source = '' AND beacon_value IS NULL AND table_size = 3));

ALTER TABLE play_tables DROP CONSTRAINT play_tables_mode_check,
  ADD CONSTRAINT play_tables_mode_check CHECK (mode IN ('online', 'physical', 'imported'));

ALTER TABLE sessions DROP CONSTRAINT sessions_movement_check,
  ADD CONSTRAINT sessions_movement_check
    CHECK (movement IN ('individual', 'inter-club', 'congress', 'imported'));

-- One row per imported record: where it came from and what was read. game_key identifies the game
-- within the event ('iss:' and the record's ID[...], or 'sha256:' and the SHA-256 of the record as
-- written back by the engine when it has no ID), so importing a record twice into one event
-- imports it once.
CREATE TABLE imported_games (
  event_id text NOT NULL,
  table_id text NOT NULL,
  set_id text NOT NULL,
  board_number integer NOT NULL,
  line integer NOT NULL CHECK (line >= 1),  -- the record's line in the imported file
  game_key text NOT NULL CHECK (char_length(game_key) BETWEEN 5 AND 300),
  record text NOT NULL CHECK (record <> ''),  -- the line as imported, without its line break
  record_sha256 text NOT NULL CHECK (record_sha256 ~ '^[0-9a-f]{64}$'),
  played_at text NOT NULL DEFAULT '',  -- DT[...] as written, e.g. '2010-12-06/18:59:24/UTC'
  PRIMARY KEY (event_id, table_id),
  UNIQUE (event_id, game_key),
  UNIQUE (event_id, set_id, board_number),
  FOREIGN KEY (event_id, table_id) REFERENCES play_tables (event_id, id),
  FOREIGN KEY (event_id, set_id, board_number) REFERENCES boards (event_id, set_id, number)
);
