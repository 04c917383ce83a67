-- Reports of physical play that the table service refused (docs/tables.md "Results from
-- physical play"): kept so that the director sees every attempt, and counted so that a board
-- whose reports were refused three times takes further reports from the director only. The
-- refusal's reason and message are stored as answered; rows are never updated or deleted.
CREATE TABLE refused_reports (
  id bigserial PRIMARY KEY,
  event_id text NOT NULL,
  table_id text NOT NULL,
  board_index integer NOT NULL CHECK (board_index >= 0),
  board_number integer NOT NULL CHECK (board_number >= 1),
  report_json text NOT NULL,
  entered_by text NOT NULL CHECK (entered_by <> ''),
  entered_at timestamptz NOT NULL DEFAULT now(),
  reason text NOT NULL CHECK (reason <> ''),
  message text NOT NULL,
  FOREIGN KEY (event_id, table_id) REFERENCES play_tables (event_id, id)
);
CREATE INDEX refused_reports_board ON refused_reports (event_id, table_id, board_index);
