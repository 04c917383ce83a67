-- ISS records are replayed and imported under isko+iss, isko with the International Skat
-- Server's rules for giving up (docs/rules-decisions.md D75); isko itself settles giving up by
-- the International Skat Order (D73, D74). Events that hold imported tables were made under isko
-- and replay their act logs under their profile, so they move to isko+iss.
UPDATE events SET profile = 'isko+iss'
  WHERE profile = 'isko'
    AND EXISTS (SELECT 1 FROM play_tables t WHERE t.event_id = events.id AND t.mode = 'imported');
