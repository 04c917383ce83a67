-- An event's ranking key (docs/comparative.md "Ranking") and the synchron comparison
-- (docs/comparative.md "Synchron-Skat"). 'percentage' is the comparison's own key (the percentage
-- under matchpoints and session-total, the sum of diffs under datum and synchron, the total under
-- total), so events stored before rank as they did. A key is counted in the comparison's unit:
-- 'matchpoint-sum' only with a matchpoint comparison, 'total' only with one in points.
ALTER TABLE events DROP CONSTRAINT events_comparison_check;
ALTER TABLE events
  ADD CONSTRAINT events_comparison_check
    CHECK (comparison IN ('matchpoints', 'datum', 'total', 'session-total', 'synchron')),
  ADD COLUMN ranking text NOT NULL DEFAULT 'percentage'
    CONSTRAINT events_ranking_check CHECK (ranking IN ('percentage', 'matchpoint-sum', 'total')),
  ADD CONSTRAINT events_ranking_fits_comparison CHECK (
    ranking = 'percentage'
    OR (ranking = 'matchpoint-sum' AND comparison IN ('matchpoints', 'session-total'))
    OR (ranking = 'total' AND comparison IN ('total', 'datum', 'synchron')));
