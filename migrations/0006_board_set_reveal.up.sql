-- How a board set was revealed (docs/board-sets.md "Reveal"; proto DealService.RevealBoardSet):
-- when, and whether the director forced it (the reveal is refused while a table of the set has a
-- board without a counting result, unless forced with a reason), with the reason. Sets revealed
-- before this migration keep revealed_at NULL (the time was not recorded); imported sets, public
-- from the start, take their creation time.
ALTER TABLE board_sets
  ADD COLUMN revealed_at timestamptz,
  ADD COLUMN reveal_forced boolean NOT NULL DEFAULT false,
  -- 1 to 500 bytes when forced, '' otherwise.
  ADD COLUMN reveal_reason text NOT NULL DEFAULT '' CHECK (octet_length(reveal_reason) <= 500),
  ADD CONSTRAINT board_sets_reveal_shape CHECK (
    (revealed OR (revealed_at IS NULL AND NOT reveal_forced)) AND
    (reveal_forced = (reveal_reason <> '')));
UPDATE board_sets SET revealed_at = created_at WHERE source = 'imported';
