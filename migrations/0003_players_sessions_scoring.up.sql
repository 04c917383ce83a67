-- Clubs, players, sessions with their movement, director adjustments, each event's scoring
-- options, and a notification on every change of a result (issue 6; docs/comparative.md "Director adjustments").

ALTER TABLE events
  ADD COLUMN board_score text NOT NULL DEFAULT 'settled'
    CHECK (board_score IN ('pad', 'settled', 'seeger-fabian')),
  ADD COLUMN comparison text NOT NULL DEFAULT 'matchpoints'
    CHECK (comparison IN ('matchpoints', 'datum', 'total', 'session-total')),
  -- Comma-separated chain after the percentage: 'diff', 'lot', 'shared'.
  ADD COLUMN tie_breaks text NOT NULL DEFAULT 'diff,shared'
    CHECK (tie_breaks ~ '^(diff|lot|shared)(,(diff|lot|shared))*$');

CREATE TABLE clubs (
  event_id text NOT NULL REFERENCES events (id),
  id text NOT NULL CHECK (id ~ '^cl-[a-z0-9]{10}$'),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
  position integer NOT NULL,  -- the order of adding
  PRIMARY KEY (event_id, id),
  UNIQUE (event_id, name)
);

CREATE TABLE players (
  event_id text NOT NULL REFERENCES events (id),
  id text NOT NULL CHECK (id ~ '^pl-[a-z0-9]{10}$'),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
  club_id text,
  bot boolean NOT NULL DEFAULT false,
  position integer NOT NULL,  -- the order of adding: the recorded lot
  PRIMARY KEY (event_id, id),
  UNIQUE (event_id, name),
  FOREIGN KEY (event_id, club_id) REFERENCES clubs (event_id, id)
);

CREATE TABLE sessions (
  event_id text NOT NULL REFERENCES events (id),
  id text NOT NULL CHECK (id ~ '^se-[a-z0-9]{10}$'),
  number integer NOT NULL CHECK (number >= 1),
  set_id text NOT NULL,
  movement text NOT NULL CHECK (movement IN ('individual', 'inter-club', 'congress')),
  -- The validator's warnings (one per line) and its printout.
  warnings text NOT NULL DEFAULT '',
  validation text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, id),
  UNIQUE (event_id, number),
  FOREIGN KEY (event_id, set_id) REFERENCES board_sets (event_id, id)
);

-- A table opened for a session knows its round and number; forehand_chair 0 is the rotation by
-- board number, 1..4 a fixed chair (table_service.proto OpenTableRequest.forehand_chair).
ALTER TABLE play_tables
  ADD COLUMN session_id text,
  ADD COLUMN round integer CHECK (round >= 1),
  ADD COLUMN table_number integer CHECK (table_number >= 1),
  ADD COLUMN forehand_chair integer NOT NULL DEFAULT 0 CHECK (forehand_chair BETWEEN 0 AND 4),
  ADD CONSTRAINT play_tables_session FOREIGN KEY (event_id, session_id)
    REFERENCES sessions (event_id, id),
  ADD CONSTRAINT play_tables_session_place
    CHECK ((session_id IS NULL) = (round IS NULL) AND (round IS NULL) = (table_number IS NULL));
CREATE UNIQUE INDEX play_tables_session_round ON play_tables (event_id, session_id, round,
  table_number) WHERE session_id IS NOT NULL;

ALTER TABLE seatings
  ADD COLUMN player_id text,
  ADD CONSTRAINT seatings_player FOREIGN KEY (event_id, player_id)
    REFERENCES players (event_id, id);

-- Declarer games keep their matadors (with n: n, without n: -n; NULL for Null games, whose
-- matadors do not count) and the level counted: the 1909 prizes rank games won "without" by them.
ALTER TABLE results
  ADD COLUMN matadors integer CHECK (matadors <> 0 AND matadors BETWEEN -11 AND 11),
  ADD COLUMN level integer CHECK (level >= 0);

-- Director adjustments (docs/comparative.md "Director adjustments"), never updated or deleted.
CREATE TABLE adjustments (
  id bigserial PRIMARY KEY,
  event_id text NOT NULL REFERENCES events (id),
  kind text NOT NULL CHECK (kind IN ('assigned', 'artificial', 'penalty', 'fouled')),
  session integer NOT NULL DEFAULT 1 CHECK (session >= 1),
  board_number integer CHECK (board_number >= 1),
  table_id text,
  direction integer CHECK (direction BETWEEN 0 AND 2),
  player_id text,
  assigned_score bigint,
  artificial_percent integer CHECK (artificial_percent IN (40, 50, 60)),
  penalty text,  -- exact decimal, e.g. '2' or '0.5'
  -- fouled: the version of the board this table played (docs/comparative.md "Fouled boards").
  version integer CHECK (version >= 1),
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 500),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (event_id, table_id) REFERENCES play_tables (event_id, id),
  FOREIGN KEY (event_id, player_id) REFERENCES players (event_id, id),
  CHECK (kind <> 'assigned' OR (table_id IS NOT NULL AND board_number IS NOT NULL AND
    direction IS NOT NULL AND assigned_score IS NOT NULL)),
  CHECK (kind <> 'artificial' OR (table_id IS NOT NULL AND board_number IS NOT NULL AND
    direction IS NOT NULL AND artificial_percent IS NOT NULL)),
  CHECK (kind <> 'penalty' OR (player_id IS NOT NULL AND penalty IS NOT NULL)),
  CHECK (kind <> 'fouled' OR (table_id IS NOT NULL AND board_number IS NOT NULL AND
    version IS NOT NULL))
);
CREATE INDEX adjustments_event ON adjustments (event_id);

-- Every change of an event's results or adjustments notifies channel 'skat_scores' with the
-- event id as payload, delivered at commit (ScoringService.WatchStandings listens).
CREATE FUNCTION notify_scores() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('skat_scores', NEW.event_id);
  RETURN NULL;
END;
$$;
CREATE TRIGGER results_notify AFTER INSERT OR UPDATE ON results
  FOR EACH ROW EXECUTE FUNCTION notify_scores();
CREATE TRIGGER adjustments_notify AFTER INSERT ON adjustments
  FOR EACH ROW EXECUTE FUNCTION notify_scores();
