-- StartSession's request id (AIP-155; docs/events-and-scoring.md "Seat tokens"): a session
-- started with a request_id keeps it with the SHA-256 of the request it came with, so that a retry
-- with the same request_id returns this session instead of starting another, and a different
-- request reusing the id is refused. Sessions started without one (and imported ones) keep NULL.
ALTER TABLE sessions
  ADD COLUMN request_id text CHECK (request_id ~ '^[A-Za-z0-9_-]{1,64}$'),
  ADD COLUMN request_sha256 text CHECK (request_sha256 ~ '^[0-9a-f]{64}$'),
  ADD CONSTRAINT sessions_request CHECK ((request_id IS NULL) = (request_sha256 IS NULL)),
  ADD CONSTRAINT sessions_event_id_request_id_key UNIQUE (event_id, request_id);
