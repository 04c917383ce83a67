-- The cache holds nothing that cannot be computed again.
DROP TABLE par_tables;
