-- Enumerations stored by name. A result's declarer, skat handling, game type and announcement,
-- and an adjustment's direction, were stored as the position of the value in the engine's C++
-- enum, so that reordering an enum (a new skat handling in the middle) would have changed what
-- every stored result means. They are stored as the engine's names of the values now
-- ("middlehand", "passt-mir-nicht", "grand", "schneider"; engine/declaration.h, engine/board.h),
-- and the store writes and reads them through those names. The constraint names stay the same.
ALTER TABLE results
  DROP CONSTRAINT results_declarer_check,
  DROP CONSTRAINT results_handling_check,
  DROP CONSTRAINT results_game_type_check,
  DROP CONSTRAINT results_announced_check;
ALTER TABLE results
  ALTER COLUMN declarer TYPE text
    USING (ARRAY['forehand', 'middlehand', 'rearhand'])[declarer + 1],
  ALTER COLUMN handling TYPE text
    USING (ARRAY['hand', 'tournee', 'passt-mir-nicht', 'guckser', 'pickup', 'frage', 'revolution',
                 'uno', 'duo'])[handling + 1],
  ALTER COLUMN game_type TYPE text
    USING (ARRAY['diamonds', 'hearts', 'spades', 'clubs', 'grand', 'null'])[game_type + 1],
  ALTER COLUMN announced TYPE text
    USING (ARRAY['none', 'schneider', 'schwarz'])[announced + 1];
ALTER TABLE results
  ADD CONSTRAINT results_declarer_check
    CHECK (declarer IN ('forehand', 'middlehand', 'rearhand')),
  ADD CONSTRAINT results_handling_check
    CHECK (handling IN ('hand', 'tournee', 'passt-mir-nicht', 'guckser', 'pickup', 'frage',
                        'revolution', 'uno', 'duo')),
  ADD CONSTRAINT results_game_type_check
    CHECK (game_type IN ('diamonds', 'hearts', 'spades', 'clubs', 'grand', 'null')),
  ADD CONSTRAINT results_announced_check
    CHECK (announced IN ('none', 'schneider', 'schwarz'));

ALTER TABLE adjustments DROP CONSTRAINT adjustments_direction_check;
ALTER TABLE adjustments
  ALTER COLUMN direction TYPE text
    USING (ARRAY['forehand', 'middlehand', 'rearhand'])[direction + 1];
ALTER TABLE adjustments
  ADD CONSTRAINT adjustments_direction_check
    CHECK (direction IN ('forehand', 'middlehand', 'rearhand'));
