ALTER TABLE board_sets DROP COLUMN seed_withheld;
