DROP TABLE boards;
DROP TABLE board_sets;
DROP TABLE events;
