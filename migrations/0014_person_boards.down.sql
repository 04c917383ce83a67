DROP TABLE game_studies;
DROP TABLE person_board_stamps;
DROP TABLE person_boards;
