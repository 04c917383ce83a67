// Resource names (googleapis AIP-122): "events/{event}", "events/{event}/boardSets/{set}" and
// "events/{event}/tables/{table}".
#ifndef SKAT_SERVICES_COMMON_NAMES_H_
#define SKAT_SERVICES_COMMON_NAMES_H_

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "engine/status.h"

namespace skat::service {

struct BoardSetName {
  std::string event;
  std::string set;
};

// The longest player, file or display name the services accept, in bytes.
inline constexpr size_t kMaxDisplayName = 200;

std::string EventName(std::string_view event_id);
std::string BoardSetResourceName(std::string_view event_id, std::string_view set_id);
std::string TableResourceName(std::string_view event_id, std::string_view table_id);
// kInvalidArgument naming the expected pattern.
Result<std::string> ParseEventName(std::string_view name);
Result<BoardSetName> ParseBoardSetName(std::string_view name);

struct TableName {
  std::string event;
  std::string table;
};
Result<TableName> ParseTableName(std::string_view name);

// Free text (display names, labels, reasons): kInvalidArgument naming `field` when `text` holds
// a NUL byte, which PostgreSQL text cannot store (the store would cut the text short there or
// fail; docs/reliability.md "Hostile input").
Status CheckStorableText(std::string_view field, std::string_view text);

// Other children of an event (docs/events-and-scoring.md): "events/{event}/clubs/{id}",
// ".../players/{id}",
// ".../sessions/{id}".
struct ChildName {
  std::string event;
  std::string id;
};
std::string ChildResourceName(std::string_view event_id, std::string_view collection,
                              std::string_view id);
// kInvalidArgument naming the expected pattern.
Result<ChildName> ParseChildName(std::string_view name, std::string_view collection);

// Registries of persons (registry_service.proto): "registries/{registry}" and
// "registries/{registry}/persons/{person}"; kInvalidArgument naming the pattern.
Result<std::string> ParseRegistryName(std::string_view name);
struct PersonName {
  std::string registry, person;
};
Result<PersonName> ParsePersonName(std::string_view name);
std::string PersonResourceName(const std::string& registry_id, const std::string& person_id);

// Names of the ScoringService's resources for clients (scoring_service.proto): under
// `event_name` ("events/{event}"), `leaf` ("standings", "teamMatch", "seriesLists") of session
// `session`, or of every session combined for 0.
std::string SessionScopedName(std::string_view event_name, int session, std::string_view leaf);
// "events/{event}/sessions/{session}/travellers/{board}" (session 0: session 1).
std::string TravellerName(std::string_view event_name, int session, int board);

// `name` matched against `pattern`, a resource name with placeholders
// ("events/{event}/sessions/{session}/travellers/{board}"): the id of each placeholder, by its
// name without braces; nullopt unless every literal segment matches and every id is 1..64
// characters of [a-z0-9-].
std::optional<std::map<std::string, std::string>> MatchName(std::string_view name,
                                                            std::string_view pattern);

}  // namespace skat::service

#endif  // SKAT_SERVICES_COMMON_NAMES_H_
