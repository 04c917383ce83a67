DROP TABLE registry_log;
DROP TABLE persons;
DROP TABLE registries;
