-- Back to isko for every isko+iss event (before this migration isko had the ISS's rules).
UPDATE events SET profile = 'isko' WHERE profile = 'isko+iss';
