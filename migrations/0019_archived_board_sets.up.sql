-- Board sets imported from an event archive (docs/event-archive.md "Board sets"): a set exported
-- before its reveal leaves its secret seed behind, so the imported set keeps its boards and its
-- commitment but cannot be revealed on this server (secret_seed then holds 64 zeros).
ALTER TABLE board_sets
  ADD COLUMN seed_withheld boolean NOT NULL DEFAULT false,
  ADD CONSTRAINT board_sets_seed_withheld_unrevealed CHECK (NOT (seed_withheld AND revealed));
