// Shared by the printout tests: each card's direction worked out independently of the printouts
// code, and attribute values read from the HTML.
#ifndef SKAT_TESTS_SERVICES_PRINTOUTS_TEST_UTIL_H_
#define SKAT_TESTS_SERVICES_PRINTOUTS_TEST_UTIL_H_

#include <string>
#include <string_view>

#include "engine/board.h"

namespace skat::testing_printouts {

// "F", "M", "R", "S1" or "S2": where the card goes on this board.
inline std::string Expected(const Board& board, Card card) {
  if (board.hand(Direction::kForehand).contains(card)) return "F";
  if (board.hand(Direction::kMiddlehand).contains(card)) return "M";
  if (board.hand(Direction::kRearhand).contains(card)) return "R";
  if (board.skat[0] == card) return "S1";
  if (board.skat[1] == card) return "S2";
  return "?";
}

// The value of attribute `name` in the tag text `tag`, "" when absent.
inline std::string Attr(std::string_view tag, std::string_view name) {
  const std::string key = " " + std::string(name) + "=\"";
  const size_t at = tag.find(key);
  if (at == std::string_view::npos) return "";
  const size_t start = at + key.size();
  return std::string(tag.substr(start, tag.find('"', start) - start));
}

}  // namespace skat::testing_printouts

#endif  // SKAT_TESTS_SERVICES_PRINTOUTS_TEST_UTIL_H_
