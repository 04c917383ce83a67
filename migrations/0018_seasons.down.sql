DROP TABLE team_sheet_entries;
DROP TABLE season_events;
DROP TABLE seasons;
