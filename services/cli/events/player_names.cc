#include "services/cli/events/player_names.h"

#include <cctype>
#include <string>
#include <vector>

namespace skat::cli {
namespace {

std::string Folded(std::string_view text) {
  size_t begin = 0, end = text.size();
  while (begin < end && std::isspace(static_cast<unsigned char>(text[begin]))) ++begin;
  while (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1]))) --end;
  std::string out;
  for (char c : text.substr(begin, end - begin)) {
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

bool AllDigits(const std::string& text) {
  if (text.empty() || text.size() > 6) return false;
  for (char c : text) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

}  // namespace

Result<std::string> ResolvePlayer(const v1::ListPlayersResponse& known, std::string_view typed) {
  const std::string wanted = Folded(typed);
  if (wanted.empty()) return Status::InvalidArgument("an empty player name");
  for (const v1::Player& p : known.players()) {
    const std::string& name = p.name();
    const std::string id = name.substr(name.rfind('/') + 1);
    if (typed == name || typed == id) return name;
  }
  if (AllDigits(wanted)) {
    const int number = std::stoi(wanted);
    if (number >= 1 && number <= known.players_size()) return known.players(number - 1).name();
    return Status::NotFound("no player number " + wanted + " (the event has " +
                            std::to_string(known.players_size()) +
                            " players; skat players list numbers them)");
  }
  std::vector<const v1::Player*> matches;
  for (const v1::Player& p : known.players()) {
    if (Folded(p.display_name()) == wanted) matches.push_back(&p);
  }
  if (matches.size() == 1) return matches[0]->name();
  if (matches.empty()) {
    return Status::NotFound("no player \"" + std::string(typed) +
                            "\" in the event (skat players list shows their names)");
  }
  std::string which;
  for (const v1::Player* p : matches) which += (which.empty() ? "" : ", ") + p->name();
  return Status::InvalidArgument("\"" + std::string(typed) + "\" names " +
                                 std::to_string(matches.size()) + " players (" + which +
                                 "); give the number or the resource name");
}

}  // namespace skat::cli
