#include "services/common/names.h"

#include <algorithm>

namespace skat::service {
namespace {

// An id: 1..64 characters of [a-z0-9-].
bool ValidId(std::string_view id) {
  if (id.empty() || id.size() > 64) return false;
  for (char c : id) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  }
  return true;
}

Status Malformed(std::string_view name, std::string_view pattern) {
  std::string shown(name.substr(0, 80));
  return Status::InvalidArgument("resource name '" + shown + "' is not of the form " +
                                 std::string(pattern));
}

// "events/{event}/<collection>/{id}" -> {event, id}.
Result<std::pair<std::string, std::string>> ParseChild(std::string_view name,
                                                       std::string_view collection) {
  const std::string pattern = "events/{event}/" + std::string(collection) + "/{id}";
  const std::string middle = "/" + std::string(collection) + "/";
  const size_t at = name.find(middle);
  if (at == std::string_view::npos) return Malformed(name, pattern);
  Result<std::string> event = ParseEventName(name.substr(0, at));
  const std::string_view id = name.substr(at + middle.size());
  if (!event.ok() || !ValidId(id)) return Malformed(name, pattern);
  return std::pair(*event, std::string(id));
}

}  // namespace

std::optional<std::map<std::string, std::string>> MatchName(std::string_view name,
                                                            std::string_view pattern) {
  std::map<std::string, std::string> ids;
  for (;;) {
    const size_t name_end = std::min(name.find('/'), name.size());
    const size_t pattern_end = std::min(pattern.find('/'), pattern.size());
    const std::string_view segment = name.substr(0, name_end);
    const std::string_view wanted = pattern.substr(0, pattern_end);
    if (wanted.size() > 2 && wanted.front() == '{' && wanted.back() == '}') {
      if (!ValidId(segment)) return std::nullopt;
      ids[std::string(wanted.substr(1, wanted.size() - 2))] = std::string(segment);
    } else if (segment != wanted) {
      return std::nullopt;
    }
    const bool name_done = name_end == name.size();
    const bool pattern_done = pattern_end == pattern.size();
    if (name_done || pattern_done) {
      if (name_done && pattern_done) return ids;
      return std::nullopt;
    }
    name.remove_prefix(name_end + 1);
    pattern.remove_prefix(pattern_end + 1);
  }
}

std::string SessionScopedName(std::string_view event_name, int session, std::string_view leaf) {
  std::string name(event_name);
  if (session != 0) name += "/sessions/" + std::to_string(session);
  return name + "/" + std::string(leaf);
}

std::string TravellerName(std::string_view event_name, int session, int board) {
  return std::string(event_name) + "/sessions/" + std::to_string(session == 0 ? 1 : session) +
         "/travellers/" + std::to_string(board);
}

std::string EventName(std::string_view event_id) { return "events/" + std::string(event_id); }

std::string BoardSetResourceName(std::string_view event_id, std::string_view set_id) {
  return EventName(event_id) + "/boardSets/" + std::string(set_id);
}

Result<std::string> ParseEventName(std::string_view name) {
  constexpr std::string_view kPrefix = "events/";
  if (!name.starts_with(kPrefix) || !ValidId(name.substr(kPrefix.size()))) {
    return Malformed(name, "events/{event}");
  }
  return std::string(name.substr(kPrefix.size()));
}

std::string TableResourceName(std::string_view event_id, std::string_view table_id) {
  return EventName(event_id) + "/tables/" + std::string(table_id);
}

Result<BoardSetName> ParseBoardSetName(std::string_view name) {
  Result<std::pair<std::string, std::string>> parts = ParseChild(name, "boardSets");
  if (!parts.ok()) return parts.status();
  return BoardSetName{parts->first, parts->second};
}

Result<TableName> ParseTableName(std::string_view name) {
  Result<std::pair<std::string, std::string>> parts = ParseChild(name, "tables");
  if (!parts.ok()) return parts.status();
  return TableName{parts->first, parts->second};
}

std::string ChildResourceName(std::string_view event_id, std::string_view collection,
                              std::string_view id) {
  return EventName(event_id) + "/" + std::string(collection) + "/" + std::string(id);
}

Status CheckStorableText(std::string_view field, std::string_view text) {
  const size_t at = text.find('\0');
  if (at == std::string_view::npos) return Status::Ok();
  return Status::InvalidArgument(std::string(field) + " has a NUL byte at byte " +
                                 std::to_string(at) + "; text cannot hold one");
}

Result<ChildName> ParseChildName(std::string_view name, std::string_view collection) {
  Result<std::pair<std::string, std::string>> parts = ParseChild(name, collection);
  if (!parts.ok()) return parts.status();
  return ChildName{parts->first, parts->second};
}

Result<std::string> ParseRegistryName(std::string_view name) {
  auto ids = MatchName(name, "registries/{registry}");
  if (!ids) {
    return Status::InvalidArgument("resource name '" + std::string(name.substr(0, 80)) +
                                   "' is not of the form registries/{registry}");
  }
  return ids->at("registry");
}

Result<PersonName> ParsePersonName(std::string_view name) {
  auto ids = MatchName(name, "registries/{registry}/persons/{person}");
  if (!ids) {
    return Status::InvalidArgument("resource name '" + std::string(name.substr(0, 80)) +
                                   "' is not of the form registries/{registry}/persons/{person}");
  }
  return PersonName{ids->at("registry"), ids->at("person")};
}

std::string PersonResourceName(const std::string& registry_id, const std::string& person_id) {
  return "registries/" + registry_id + "/persons/" + person_id;
}

}  // namespace skat::service
