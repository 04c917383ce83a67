-- An event's language and deck (docs/i18n.md "Printed sheets", docs/cards.md "Decks"): the
-- language its printed sheets are written in ('en', 'de') and the deck its printed sheets and
-- result pages draw the cards in ('french', 'four', 'german': the ids of the pages' deck
-- switch). Events stored before read as English and French cards.
ALTER TABLE events
  ADD COLUMN language text NOT NULL DEFAULT 'en'
    CONSTRAINT events_language_check CHECK (language IN ('en', 'de')),
  ADD COLUMN deck text NOT NULL DEFAULT 'french'
    CONSTRAINT events_deck_check CHECK (deck IN ('french', 'four', 'german'));
