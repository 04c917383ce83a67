-- Tables, their seats, games with their append-only act logs, and results (issue 5).
-- Acts are stored as the engine's act lines ("M bid 18", docs/game-records.md).

CREATE TABLE play_tables (
  event_id text NOT NULL REFERENCES events (id),
  id text NOT NULL CHECK (id ~ '^tb-[a-z0-9]{10}$'),
  label text NOT NULL DEFAULT '' CHECK (char_length(label) <= 200),
  set_id text NOT NULL,
  boards integer[] NOT NULL CHECK (cardinality(boards) BETWEEN 1 AND 1000),
  chairs integer NOT NULL CHECK (chairs IN (3, 4)),
  mode text NOT NULL CHECK (mode IN ('online', 'physical')),
  -- The lease (docs/architecture.md "Scale beyond one machine"): the table server that may accept
  -- acts, until when, and a version every acquisition bumps. Every act's insert is fenced by
  -- (owner, lease_version).
  -- Both NULL while nobody holds the table (never acquired, or released).
  owner text CHECK (owner <> ''),
  lease_version bigint NOT NULL DEFAULT 0,
  lease_expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, id),
  CHECK ((owner IS NULL) = (lease_expires_at IS NULL)),
  FOREIGN KEY (event_id, set_id) REFERENCES board_sets (event_id, id)
);

CREATE TABLE seatings (
  event_id text NOT NULL,
  table_id text NOT NULL,
  chair integer NOT NULL CHECK (chair BETWEEN 1 AND 4),
  player_name text NOT NULL DEFAULT '' CHECK (char_length(player_name) <= 200),
  -- SHA-256 of the seat token, lower-case hex; the token itself is never stored.
  token_sha256 text NOT NULL UNIQUE CHECK (token_sha256 ~ '^[0-9a-f]{64}$'),
  PRIMARY KEY (event_id, table_id, chair),
  FOREIGN KEY (event_id, table_id) REFERENCES play_tables (event_id, id)
);

-- One row per board a table plays, created when the table opens.
CREATE TABLE games (
  event_id text NOT NULL,
  table_id text NOT NULL,
  board_index integer NOT NULL CHECK (board_index >= 0),
  board_number integer NOT NULL CHECK (board_number >= 1),
  source text NOT NULL CHECK (source IN ('online', 'physical', 'imported')),
  finished_at timestamptz,
  PRIMARY KEY (event_id, table_id, board_index),
  FOREIGN KEY (event_id, table_id) REFERENCES play_tables (event_id, id)
);

-- Append-only: rows are never updated or deleted.
CREATE TABLE game_acts (
  event_id text NOT NULL,
  table_id text NOT NULL,
  board_index integer NOT NULL,
  act_index integer NOT NULL CHECK (act_index >= 0),
  chair integer NOT NULL CHECK (chair BETWEEN 1 AND 4),
  sequence bigint NOT NULL CHECK (sequence >= 1),
  act text NOT NULL CHECK (act <> ''),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, table_id, board_index, act_index),
  UNIQUE (event_id, table_id, chair, sequence),
  FOREIGN KEY (event_id, table_id, board_index) REFERENCES games (event_id, table_id, board_index)
);

-- Results of games, online (entered when the game ends, confirmed by the engine) or physical
-- (entered by a chair, confirmed by another). A correction inserts a new row and marks the old
-- one replaced, with who and why; nothing is deleted. Scoring reads only rows that are
-- confirmed and not replaced.
CREATE TABLE results (
  id bigserial PRIMARY KEY,
  event_id text NOT NULL,
  table_id text NOT NULL,
  board_index integer NOT NULL,
  board_number integer NOT NULL,
  source text NOT NULL CHECK (source IN ('online', 'physical', 'imported')),
  kind text NOT NULL CHECK (kind IN ('declarer', 'ramsch', 'passed-in')),
  -- Declarer games only (NULL otherwise): the declarer's direction (0 forehand .. 2 rearhand) and
  -- the declaration as the engine's enum values (engine/declaration.h SkatHandling, GameType,
  -- Announcement).
  declarer integer CHECK (declarer BETWEEN 0 AND 2),
  handling integer CHECK (handling >= 0),
  game_type integer CHECK (game_type >= 0),
  ouvert boolean,
  announced integer CHECK (announced BETWEEN 0 AND 2),
  -- The declarer game's valuation; false and 0 for Ramsch and passed-in boards (the pad counts).
  won boolean NOT NULL,
  value integer NOT NULL CHECK (value >= 0),
  -- Forehand, middlehand, rearhand[, resting dealer] (RULES S1).
  pad integer[] NOT NULL CHECK (cardinality(pad) IN (3, 4)),
  card_points integer[] NOT NULL CHECK (cardinality(card_points) = 3),
  tricks integer[] NOT NULL CHECK (cardinality(tricks) = 3),
  summary text NOT NULL,
  report_json text,  -- physical: the report as entered
  entered_by text NOT NULL,
  entered_at timestamptz NOT NULL DEFAULT now(),
  confirmed_by text,
  confirmed_at timestamptz,
  -- Checked at commit: a correction names its replacement's id before inserting it, since the
  -- replaced row must stop being current (results_one_current) before the new one is inserted.
  replaced_by bigint REFERENCES results (id) DEFERRABLE INITIALLY DEFERRED,
  replaced_at timestamptz,
  corrected_by text,
  correction_reason text,
  FOREIGN KEY (event_id, table_id, board_index) REFERENCES games (event_id, table_id, board_index),
  CHECK ((kind = 'declarer') = (declarer IS NOT NULL AND handling IS NOT NULL AND
    game_type IS NOT NULL AND ouvert IS NOT NULL AND announced IS NOT NULL)),
  CHECK (kind = 'declarer' OR (NOT won AND value = 0)),
  CHECK ((confirmed_by IS NULL) = (confirmed_at IS NULL)),
  CHECK ((replaced_by IS NULL) = (replaced_at IS NULL)),
  CHECK (replaced_by IS NULL OR (correction_reason <> '' AND corrected_by <> ''))
);
CREATE UNIQUE INDEX results_one_current ON results (event_id, table_id, board_index)
  WHERE replaced_by IS NULL;
CREATE INDEX results_event ON results (event_id);
