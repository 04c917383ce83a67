-- Events and their board sets (issue 4). Cards are text in the engine notation ("C-J H-10");
-- a board is stored as its deal number plus the readable hands (docs/architecture.md "Store").

CREATE TABLE events (
  id text PRIMARY KEY CHECK (id ~ '^ev-[a-z0-9]{10}$'),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
  profile text NOT NULL CHECK (profile <> ''),
  -- SHA-256 of the director token, lower-case hex; the token itself is never stored.
  director_token_sha256 text NOT NULL CHECK (director_token_sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE board_sets (
  event_id text NOT NULL REFERENCES events (id),
  id text NOT NULL CHECK (id ~ '^bs-[a-z0-9]{10}$'),
  label text NOT NULL,
  generator_version integer NOT NULL CHECK (generator_version >= 1),
  commitment text NOT NULL CHECK (commitment ~ '^[0-9a-f]{64}$'),
  beacon_source text NOT NULL DEFAULT '',  -- '' when the set uses no beacon
  beacon_value text CHECK (beacon_value <> ''),  -- NULL until the director enters it
  secret_seed text NOT NULL CHECK (secret_seed ~ '^[0-9a-f]{64}$'),
  revealed boolean NOT NULL DEFAULT false,
  table_size integer NOT NULL CHECK (table_size IN (3, 4)),
  board_count integer NOT NULL CHECK (board_count >= 1),
  version bigint NOT NULL DEFAULT 1,  -- optimistic concurrency: every UPDATE bumps it
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, id),
  CHECK (beacon_value IS NULL OR beacon_source <> '')
);

CREATE TABLE boards (
  event_id text NOT NULL,
  set_id text NOT NULL,
  number integer NOT NULL CHECK (number >= 1),
  -- [0, 32!/(10!^3)) as in engine/board.h and docs/cards.md.
  deal_number bigint NOT NULL CHECK (deal_number BETWEEN 0 AND 5506588817009279),
  forehand text NOT NULL,
  middlehand text NOT NULL,
  rearhand text NOT NULL,
  skat text NOT NULL,  -- the two skat cards in order, skat card 1 first (RULES C4)
  PRIMARY KEY (event_id, set_id, number),
  FOREIGN KEY (event_id, set_id) REFERENCES board_sets (event_id, id)
);
