#include "services/cli/tables/table_names.h"

#include <cctype>
#include <set>
#include <string>
#include <vector>

namespace skat::cli {
namespace {

// The numbers in `text` ("round 2 table 3", "r2t3", "2/3" -> {2, 3}); empty when it has words
// other than "round", "table", "r" and "t", or a number above 100,000.
std::vector<int> Numbers(std::string_view text) {
  std::vector<std::string> tokens;  // runs of digits and runs of letters
  for (char c : text) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (!std::isalnum(u)) {
      tokens.emplace_back();
      continue;
    }
    const bool digit = std::isdigit(u);
    if (tokens.empty() || tokens.back().empty() ||
        (std::isdigit(static_cast<unsigned char>(tokens.back().back())) != 0) != digit) {
      tokens.emplace_back();
    }
    tokens.back() += static_cast<char>(std::tolower(u));
  }
  std::vector<int> numbers;
  for (const std::string& token : tokens) {
    if (token.empty()) continue;
    if (std::isdigit(static_cast<unsigned char>(token[0]))) {
      if (token.size() > 6 || std::stoi(token) > 100000) return {};
      numbers.push_back(std::stoi(token));
    } else if (token != "round" && token != "table" && token != "r" && token != "t") {
      return {};
    }
  }
  return numbers;
}

}  // namespace

Result<v1::SessionTable> ResolveTable(const v1::Session& session, std::string_view typed,
                                      int round) {
  for (const v1::SessionTable& t : session.tables()) {
    if (t.table() == typed) return t;
  }
  const std::vector<int> numbers = Numbers(typed);
  std::set<int> rounds;
  for (const v1::SessionTable& t : session.tables()) rounds.insert(t.round());
  int wanted_round = round, wanted_table = -1;
  if (numbers.size() == 2) {
    wanted_round = numbers[0];
    wanted_table = numbers[1];
  } else if (numbers.size() == 1) {
    wanted_table = numbers[0];
    if (wanted_round == 0 && rounds.size() == 1) wanted_round = *rounds.begin();
    if (wanted_round == 0) {
      return Status::InvalidArgument("table \"" + std::string(typed) + "\": " + session.name() +
                                     " has " + std::to_string(rounds.size()) +
                                     " rounds; say which (\"round 2 table " +
                                     std::to_string(wanted_table) + "\", or --round)");
    }
  } else {
    return Status::InvalidArgument("table \"" + std::string(typed) +
                                   "\" is not a table's resource name, \"round R table T\" or a "
                                   "table number");
  }
  for (const v1::SessionTable& t : session.tables()) {
    if (t.round() == wanted_round && t.table_number() == wanted_table) return t;
  }
  return Status::NotFound("no table " + std::to_string(wanted_table) + " in round " +
                          std::to_string(wanted_round) + " of " + session.name() +
                          " (skat tables list --session shows them)");
}

}  // namespace skat::cli
