-- Table codes (docs/tables.md "Table codes"): a physical table's short credential, printed on its
-- table card beside the QR code. Only the SHA-256 of the code is stored, as for seat tokens; it
-- is replaced with the table's seat tokens, and only a physical table has one (NULL: none, e.g.
-- a table opened before this migration or by OpenTable).
ALTER TABLE play_tables ADD COLUMN code_sha256 text UNIQUE
  CHECK (code_sha256 ~ '^[0-9a-f]{64}$'),
  ADD CONSTRAINT play_tables_code_physical CHECK (code_sha256 IS NULL OR mode = 'physical');
