DROP TABLE results;
DROP TABLE game_acts;
DROP TABLE games;
DROP TABLE seatings;
DROP TABLE play_tables;
