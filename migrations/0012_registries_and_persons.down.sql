DROP INDEX players_person_once;
ALTER TABLE players DROP COLUMN person_id, DROP COLUMN registry_id;
ALTER TABLE events DROP COLUMN rated, DROP COLUMN registry_id;
DROP TABLE registry_log;
DROP TABLE persons;
DROP TABLE registries;
