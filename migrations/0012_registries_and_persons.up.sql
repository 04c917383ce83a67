-- Persons above events (docs/persons.md): registries (a club's, a league's or a federation's list
-- of persons, managed with a registry token stored as SHA-256 only), their persons (display name,
-- optional club, optional member number unique among the registry's unmerged persons, a hidden
-- flag, and once merged the person merged into) in the order of adding, and the registry's log.
CREATE TABLE registries (
  id text PRIMARY KEY CHECK (id ~ '^rg-[a-z0-9]{10}$'),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
  token_sha256 text NOT NULL CHECK (token_sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE persons (
  registry_id text NOT NULL REFERENCES registries (id),
  id text NOT NULL CHECK (id ~ '^pe-[a-z0-9]{10}$'),
  seq bigserial NOT NULL UNIQUE,  -- the order of adding
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
  club text NOT NULL DEFAULT '' CHECK (char_length(club) <= 200),
  member_number text CHECK (char_length(member_number) BETWEEN 1 AND 50),
  hidden boolean NOT NULL DEFAULT false,
  merged_into text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (registry_id, id),
  FOREIGN KEY (registry_id, merged_into) REFERENCES persons (registry_id, id),
  CONSTRAINT persons_merged_into_another CHECK (merged_into IS NULL OR merged_into <> id)
);
CREATE UNIQUE INDEX persons_member_number ON persons (registry_id, member_number)
  WHERE member_number IS NOT NULL AND merged_into IS NULL;
CREATE INDEX persons_name_club ON persons (registry_id, lower(name), club);

CREATE TABLE registry_log (
  registry_id text NOT NULL REFERENCES registries (id),
  seq bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  act text NOT NULL
    CHECK (act IN ('add', 'import', 'update', 'merge', 'rotate-token', 'link', 'rate')),
  person_id text NOT NULL DEFAULT '',
  other_id text NOT NULL DEFAULT '',
  detail text NOT NULL DEFAULT '' CHECK (char_length(detail) <= 2000)
);
CREATE INDEX registry_log_by_registry ON registry_log (registry_id, seq);

-- An event's registry (optional; set at creation) and whether the registry rates it (the
-- registry's decision, before the event's first session); an event's player linked to a person
-- of that registry (the director's act, logged in the registry's log as 'link').
ALTER TABLE events ADD COLUMN registry_id text REFERENCES registries (id),
  ADD COLUMN rated boolean NOT NULL DEFAULT false,
  ADD CONSTRAINT events_rated_in_a_registry CHECK (NOT rated OR registry_id IS NOT NULL);
ALTER TABLE players ADD COLUMN registry_id text, ADD COLUMN person_id text,
  ADD CONSTRAINT players_person_fkey FOREIGN KEY (registry_id, person_id)
    REFERENCES persons (registry_id, id),
  ADD CONSTRAINT players_person_with_registry CHECK ((registry_id IS NULL) = (person_id IS NULL));
CREATE UNIQUE INDEX players_person_once ON players (event_id, person_id)
  WHERE person_id IS NOT NULL;
