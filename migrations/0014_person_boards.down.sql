DROP TABLE person_board_stamps;
DROP TABLE person_boards;
