-- Par tables (issue 9 "Par for a board"; docs/par.md): the open-hand analysis of a deal under a
-- profile, cached by deal number, profile and the engine's par version (engine/analysis/par.h
-- kParVersion: a newer engine never reads an older table). A par table is a function of its key
-- alone, so
-- rows are only ever inserted (the first writer wins; a second computes the same table) and
-- never refer to an event: boards of every event, imported ones included, share them.
CREATE TABLE par_tables (
  deal_number bigint NOT NULL CHECK (deal_number BETWEEN 0 AND 5506588817009279),
  profile text NOT NULL CHECK (profile <> ''),
  version integer NOT NULL CHECK (version > 0),
  -- The par contract: its game type ("grand", "hearts", "null", ...) and handling ("tournee",
  -- "hand", ...), or 'all-pass' and '' when no seat secures a win; and its one-line summary.
  par_game text NOT NULL CHECK (par_game <> ''),
  par_handling text NOT NULL,
  par_summary text NOT NULL CHECK (par_summary <> ''),
  -- The whole table as the scoring service writes it (proto3 JSON of skat.v1.ParTable).
  analysis text NOT NULL CHECK (analysis <> ''),
  computed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (deal_number, profile, version)
);
