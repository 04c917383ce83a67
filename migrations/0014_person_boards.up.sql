-- A person's boards (docs/persons.md "Boards"): one row per board a linked player played in an
-- event, as everyone may see it (open boards only), derived from the event's scores and rebuilt
-- whole for an event whenever the event's stamp (the scoring service's, docs/persons.md) differs
-- from the one recorded with its rows; person_id is the player's linked person when the rows were
-- built (merges are followed when reading). The par contract is joined from par_tables on read.
CREATE TABLE person_boards (
  event_id text NOT NULL REFERENCES events (id),
  player_id text NOT NULL,
  registry_id text NOT NULL,
  person_id text NOT NULL,
  event_time timestamptz NOT NULL,
  profile text NOT NULL,
  set_id text NOT NULL,
  session integer NOT NULL CHECK (session >= 1),
  round integer NOT NULL CHECK (round >= 1),
  board integer NOT NULL CHECK (board >= 1),
  direction text NOT NULL CHECK (direction IN ('forehand', 'middlehand', 'rearhand')),
  table_id text NOT NULL,
  role text NOT NULL CHECK (role IN ('declarer', 'defender', 'no-game')),
  game_type text NOT NULL CHECK (game_type IN
    ('diamonds', 'hearts', 'spades', 'clubs', 'grand', 'null', 'ramsch', 'passed', '')),
  summary text NOT NULL,
  board_score bigint NOT NULL,
  matchpoints text NOT NULL,
  top text NOT NULL,
  diff double precision NOT NULL,
  -- The matchpoints and top as numbers, for totals; whether the declarer won (NULL: no game).
  matchpoints_value double precision NOT NULL,
  top_value double precision NOT NULL,
  declarer_won boolean,
  PRIMARY KEY (event_id, player_id, session, board)
);
CREATE INDEX person_boards_by_person
  ON person_boards (registry_id, person_id, event_time DESC, event_id DESC, session DESC,
                    board DESC);

-- The stamp each event's rows were built from.
CREATE TABLE person_board_stamps (
  event_id text PRIMARY KEY REFERENCES events (id),
  stamp text NOT NULL,
  built_at timestamptz NOT NULL DEFAULT now()
);

-- What each table's play of a board lost against open-hand play (docs/par.md "The study of a
-- played game"), kept when a traveller's analysis studies it, under the engine's par version, so
-- that a person's boards can show it (docs/persons.md "Boards"). A study is a function of the act log, which
-- never changes: rows are only inserted.
CREATE TABLE game_studies (
  event_id text NOT NULL REFERENCES events (id),
  table_id text NOT NULL,
  board integer NOT NULL CHECK (board >= 1),
  version integer NOT NULL CHECK (version > 0),
  declarer_lost integer NOT NULL CHECK (declarer_lost BETWEEN 0 AND 120),
  defenders_lost integer NOT NULL CHECK (defenders_lost BETWEEN 0 AND 120),
  PRIMARY KEY (event_id, table_id, board, version)
);
