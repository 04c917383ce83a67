ALTER TABLE play_tables DROP COLUMN code_sha256;
