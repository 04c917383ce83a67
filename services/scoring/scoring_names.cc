#include "services/scoring/scoring_names.h"

#include <charconv>

#include "services/common/names.h"

namespace skat::service {
namespace {

// 1..2^31-1 in decimal without a sign or leading zero, else 0.
int PositiveNumber(std::string_view text) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || text.front() == '0' ||
      value < 1) {
    return 0;
  }
  return value;
}

}  // namespace

Result<ScoringName> ParseScoringName(std::string_view name,
                                     std::initializer_list<std::string_view> patterns) {
  for (std::string_view pattern : patterns) {
    auto ids = MatchName(name, pattern);
    if (!ids) continue;
    ScoringName parsed{
        .event = (*ids)["event"], .session = (*ids)["session"], .player = (*ids)["player"]};
    if (ids->count("board") != 0) {
      parsed.board = PositiveNumber((*ids)["board"]);
      if (parsed.board == 0) {
        return Status::InvalidArgument("resource name '" + std::string(name.substr(0, 120)) +
                                       "': the board is a number from 1");
      }
    }
    return parsed;
  }
  std::string expected;
  for (std::string_view pattern : patterns) {
    expected += (expected.empty() ? "" : " or ") + std::string(pattern);
  }
  return Status::InvalidArgument("resource name '" + std::string(name.substr(0, 120)) +
                                 "' is not of the form " + expected);
}

Result<int> SessionNumber(const EventScores& scores, std::string_view session) {
  if (session.empty()) return 0;
  const int number = PositiveNumber(session);
  for (const SessionScores& s : scores.sessions) {
    if (s.session.id == session || (number != 0 && s.session.number == number)) {
      return s.session.number;
    }
  }
  return Status::NotFound("event " + scores.event.id + " has no session " +
                          std::string(session.substr(0, 64)) + " (it has " +
                          std::to_string(scores.sessions.size()) + ")");
}

std::string ScoringParent(const EventScores& scores, int number) {
  for (const SessionScores& s : scores.sessions) {
    if (s.session.number == number)
      return ChildResourceName(scores.event.id, "sessions", s.session.id);
  }
  return EventName(scores.event.id);
}

}  // namespace skat::service
