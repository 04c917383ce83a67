-- Seasons (docs/seasons.md): a named series of events of one registry with the rules of its
-- season table, its league table and its money (amounts in cents, shares in per mille); its
-- events in the order they were added; and the team sheets of its match days (a club's players,
-- a substitute naming the player replaced and the first round played).
CREATE TABLE seasons (
  id text PRIMARY KEY CHECK (id ~ '^se-[a-z0-9]{10}$'),
  registry_id text NOT NULL REFERENCES registries (id),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  aggregate text NOT NULL DEFAULT 'sum' CHECK (aggregate IN ('sum', 'average')),
  best_of integer NOT NULL DEFAULT 0 CHECK (best_of BETWEEN 0 AND 100),
  min_attendance integer NOT NULL DEFAULT 0 CHECK (min_attendance BETWEEN 0 AND 100),
  win_points integer NOT NULL DEFAULT 2 CHECK (win_points BETWEEN 0 AND 100),
  draw_points integer NOT NULL DEFAULT 1 CHECK (draw_points BETWEEN 0 AND 100),
  loss_points integer NOT NULL DEFAULT 0 CHECK (loss_points BETWEEN 0 AND 100),
  placing_points integer[] NOT NULL DEFAULT '{3,2,1,0}'
    CHECK (cardinality(placing_points) BETWEEN 1 AND 20),
  entry_fee_cents bigint NOT NULL DEFAULT 0 CHECK (entry_fee_cents BETWEEN 0 AND 100000000),
  prize_split_permille integer[] NOT NULL DEFAULT '{}'
    CHECK (cardinality(prize_split_permille) <= 100),
  pot_permille integer NOT NULL DEFAULT 0 CHECK (pot_permille BETWEEN 0 AND 1000),
  pot_split_permille integer[] NOT NULL DEFAULT '{}'
    CHECK (cardinality(pot_split_permille) <= 100),
  loss_fee_cents bigint NOT NULL DEFAULT 0 CHECK (loss_fee_cents BETWEEN 0 AND 100000000),
  loss_fee_games integer NOT NULL DEFAULT 0 CHECK (loss_fee_games BETWEEN 0 AND 1000),
  loss_fee_after_cents bigint NOT NULL DEFAULT 0
    CHECK (loss_fee_after_cents BETWEEN 0 AND 100000000)
);
CREATE INDEX seasons_by_registry ON seasons (registry_id, created_at DESC, id);

CREATE TABLE season_events (
  season_id text NOT NULL REFERENCES seasons (id) ON DELETE CASCADE,
  event_id text NOT NULL REFERENCES events (id),
  seq bigserial NOT NULL,  -- the order of adding
  PRIMARY KEY (season_id, event_id)
);
CREATE INDEX season_events_by_event ON season_events (event_id);

CREATE TABLE team_sheet_entries (
  season_id text NOT NULL,
  event_id text NOT NULL,
  club_id text NOT NULL,
  player_id text NOT NULL,
  position integer NOT NULL CHECK (position BETWEEN 1 AND 50),
  replaces text,  -- a player id of the same sheet; NULL for a starting player
  from_round integer NOT NULL DEFAULT 1 CHECK (from_round BETWEEN 1 AND 1000),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (season_id, event_id, club_id, player_id),
  FOREIGN KEY (season_id, event_id) REFERENCES season_events (season_id, event_id)
    ON DELETE CASCADE
);
