-- Fails while an event compares 'synchron' (the older CHECK refuses it).
ALTER TABLE events DROP CONSTRAINT events_ranking_fits_comparison, DROP COLUMN ranking;
ALTER TABLE events DROP CONSTRAINT events_comparison_check;
ALTER TABLE events
  ADD CONSTRAINT events_comparison_check
    CHECK (comparison IN ('matchpoints', 'datum', 'total', 'session-total'));
