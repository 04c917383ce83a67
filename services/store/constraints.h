// What each constraint of the schema (migrations/*.up.sql: primary keys, UNIQUE, REFERENCES,
// CHECK, unique indexes) means to a caller, as a code and a sentence of the domain. pg_error.cc
// answers a violation with it instead of PostgreSQL's text (store.h "Errors"). Internal to
// services/store/ and its tests.
#ifndef SKAT_SERVICES_STORE_CONSTRAINTS_H_
#define SKAT_SERVICES_STORE_CONSTRAINTS_H_

#include <string>
#include <string_view>
#include <vector>

#include "engine/status.h"

namespace skat::store {

// One constraint and its meaning. The sentence names no values: a store operation that knows
// them gives its own Refusal for the constraints it can meet (pg_error.h).
struct Refusal {
  std::string constraint;  // PostgreSQL's name of it: "players_event_id_name_key"
  ErrorCode code;          // kAlreadyExists, kNotFound or kInvalidArgument
  std::string message;     // "a player of that name is in the event already"
};

// Every constraint of the schema, by name. The database tests check that each constraint of a
// migrated database is listed (a migration that adds one adds its sentence here).
const std::vector<Refusal>& SchemaRefusals();

// The refusal among `refusals` whose constraint the first line of PostgreSQL's message names
// first (the name standing alone, not as a part of a longer name); nullptr when it names none of
// them. Only the first line: PostgreSQL names the constraint there, and the lines after it
// ("DETAIL: Key (event_id, name)=...") quote the values, which may spell any name.
const Refusal* FindRefusal(std::string_view server_message, const std::vector<Refusal>& refusals);

}  // namespace skat::store

#endif  // SKAT_SERVICES_STORE_CONSTRAINTS_H_
