ALTER TABLE sessions
  DROP COLUMN request_sha256,
  DROP COLUMN request_id;
