-- Back to isko for every isko+iss event (before this migration isko replayed ISS records).
UPDATE events SET profile = 'isko' WHERE profile = 'isko+iss';
