ALTER TABLE adjustments DROP CONSTRAINT adjustments_direction_check;
ALTER TABLE adjustments
  ALTER COLUMN direction TYPE integer
    USING array_position(ARRAY['forehand', 'middlehand', 'rearhand'], direction) - 1;
ALTER TABLE adjustments
  ADD CONSTRAINT adjustments_direction_check CHECK (direction BETWEEN 0 AND 2);

ALTER TABLE results
  DROP CONSTRAINT results_declarer_check,
  DROP CONSTRAINT results_handling_check,
  DROP CONSTRAINT results_game_type_check,
  DROP CONSTRAINT results_announced_check;
ALTER TABLE results
  ALTER COLUMN declarer TYPE integer
    USING array_position(ARRAY['forehand', 'middlehand', 'rearhand'], declarer) - 1,
  ALTER COLUMN handling TYPE integer
    USING array_position(ARRAY['hand', 'tournee', 'passt-mir-nicht', 'guckser', 'pickup', 'frage',
                               'revolution', 'uno', 'duo'], handling) - 1,
  ALTER COLUMN game_type TYPE integer
    USING array_position(ARRAY['diamonds', 'hearts', 'spades', 'clubs', 'grand', 'null'],
                         game_type) - 1,
  ALTER COLUMN announced TYPE integer
    USING array_position(ARRAY['none', 'schneider', 'schwarz'], announced) - 1;
ALTER TABLE results
  ADD CONSTRAINT results_declarer_check CHECK (declarer BETWEEN 0 AND 2),
  ADD CONSTRAINT results_handling_check CHECK (handling >= 0),
  ADD CONSTRAINT results_game_type_check CHECK (game_type >= 0),
  ADD CONSTRAINT results_announced_check CHECK (announced BETWEEN 0 AND 2);
