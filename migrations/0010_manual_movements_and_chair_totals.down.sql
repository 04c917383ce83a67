DROP TABLE chair_totals;
-- Fails while a manual session exists (the constraint does not hold for it).
ALTER TABLE sessions DROP CONSTRAINT sessions_movement_check,
  ADD CONSTRAINT sessions_movement_check
    CHECK (movement IN ('individual', 'inter-club', 'congress', 'imported'));
