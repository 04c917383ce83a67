-- isko now settles giving up by the International Skat Order (docs/rules-decisions.md D73-D75);
-- the International Skat Server's rules, under which every isko event so far was played and
-- imported, are the variant isko+iss. An event keeps the rules it was played under: its stored
-- act logs (a defender's concession answered by his partner, play after one defender's resign)
-- replay only under them. Events created after this migration choose isko or isko+iss.
UPDATE events SET profile = 'isko+iss' WHERE profile = 'isko';
