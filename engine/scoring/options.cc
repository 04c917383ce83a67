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
constexpr std::array<std::pair<ComparisonKind, const char*>, 5> kComparisonNames = {{
    {ComparisonKind::kMatchpoints, "matchpoints"},
    {ComparisonKind::kDatum, "datum"},
    {ComparisonKind::kTotal, "total"},
    {ComparisonKind::kSessionTotal, "session-total"},
    {ComparisonKind::kSynchron, "synchron"},
}};
constexpr std::array<std::pair<TieBreak, const char*>, 3> kTieBreakNames = {{
    {TieBreak::kDiff, "diff"},
    {TieBreak::kLot, "lot"},
    {TieBreak::kShared, "shared"},
}};
constexpr std::array<std::pair<RankingKey, const char*>, 3> kRankingNames = {{
    {RankingKey::kPercentage, "percentage"},
    {RankingKey::kMatchpointSum, "matchpoint-sum"},
    {RankingKey::kTotal, "total"},
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
const char* Name(RankingKey ranking) { return NameOf(kRankingNames, ranking); }

Result<BoardScoreKind> ParseBoardScoreKind(std::string_view name) {
  return ParseOf(kBoardScoreNames, name, "board score");
}
Result<ComparisonKind> ParseComparisonKind(std::string_view name) {
  return ParseOf(kComparisonNames, name, "comparison");
}
Result<TieBreak> ParseTieBreak(std::string_view name) {
  return ParseOf(kTieBreakNames, name, "tie-break");
}
Result<RankingKey> ParseRankingKey(std::string_view name) {
  return ParseOf(kRankingNames, name, "ranking");
}

Status CheckRanking(ComparisonKind comparison, RankingKey ranking) {
  const bool matchpoints =
      comparison == ComparisonKind::kMatchpoints || comparison == ComparisonKind::kSessionTotal;
  if (ranking == RankingKey::kMatchpointSum && !matchpoints) {
    return Status::InvalidArgument(
        std::string("ranking \"matchpoint-sum\" needs a matchpoint comparison (matchpoints, "
                    "session-total), not \"") +
        Name(comparison) + "\" (docs/comparative.md \"Ranking\")");
  }
  if (ranking == RankingKey::kTotal && matchpoints) {
    return Status::InvalidArgument(
        std::string("ranking \"total\" needs a comparison in points (total, datum, synchron), "
                    "not \"") +
        Name(comparison) + "\" (docs/comparative.md \"Ranking\")");
  }
  return Status::Ok();
}

}  // namespace skat::scoring
