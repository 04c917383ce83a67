#include "engine/scoring/options.h"

#include <array>
#include <utility>

namespace skat::scoring {
namespace {

constexpr std::array<std::pair<BoardScoreKind, const char*>, 3> kBoardScoreNames = {{
    {BoardScoreKind::kPad, "pad"},
    {BoardScoreKind::kSettled, "settled"},
    {BoardScoreKind::kSeegerFabian, "seeger-fabian"},
}};
constexpr std::array<std::pair<ComparisonKind, const char*>, 4> kComparisonNames = {{
    {ComparisonKind::kMatchpoints, "matchpoints"},
    {ComparisonKind::kDatum, "datum"},
    {ComparisonKind::kTotal, "total"},
    {ComparisonKind::kSessionTotal, "session-total"},
}};
constexpr std::array<std::pair<TieBreak, const char*>, 3> kTieBreakNames = {{
    {TieBreak::kDiff, "diff"},
    {TieBreak::kLot, "lot"},
    {TieBreak::kShared, "shared"},
}};

template <typename E, size_t N>
const char* NameOf(const std::array<std::pair<E, const char*>, N>& names, E value) {
  for (const auto& [e, name] : names) {
    if (e == value) return name;
  }
  return "?";
}

template <typename E, size_t N>
Result<E> ParseOf(const std::array<std::pair<E, const char*>, N>& names, std::string_view word,
                  const char* what) {
  for (const auto& [e, name] : names) {
    if (word == name) return e;
  }
  return Status::InvalidArgument(std::string(what) + " \"" + std::string(word) + "\" is not known");
}

}  // namespace

const char* Name(BoardScoreKind kind) { return NameOf(kBoardScoreNames, kind); }
const char* Name(ComparisonKind kind) { return NameOf(kComparisonNames, kind); }
const char* Name(TieBreak tie_break) { return NameOf(kTieBreakNames, tie_break); }

Result<BoardScoreKind> ParseBoardScoreKind(std::string_view name) {
  return ParseOf(kBoardScoreNames, name, "board score");
}
Result<ComparisonKind> ParseComparisonKind(std::string_view name) {
  return ParseOf(kComparisonNames, name, "comparison");
}
Result<TieBreak> ParseTieBreak(std::string_view name) {
  return ParseOf(kTieBreakNames, name, "tie-break");
}

}  // namespace skat::scoring
