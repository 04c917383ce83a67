#include "services/common/scoring_options.h"

#include <array>
#include <set>
#include <sstream>
#include <utility>

#include "engine/scoring/options.h"

namespace skat::service {
namespace {

constexpr std::array<std::pair<v1::BoardScore, const char*>, 3> kBoardScores = {{
    {v1::BOARD_SCORE_PAD, "pad"},
    {v1::BOARD_SCORE_SETTLED, "settled"},
    {v1::BOARD_SCORE_SEEGER_FABIAN, "seeger-fabian"},
}};
constexpr std::array<std::pair<v1::Comparison, const char*>, 5> kComparisons = {{
    {v1::COMPARISON_MATCHPOINTS, "matchpoints"},
    {v1::COMPARISON_DATUM, "datum"},
    {v1::COMPARISON_TOTAL, "total"},
    {v1::COMPARISON_SESSION_TOTAL, "session-total"},
    {v1::COMPARISON_SYNCHRON, "synchron"},
}};
constexpr std::array<std::pair<v1::Ranking, const char*>, 3> kRankings = {{
    {v1::RANKING_PERCENTAGE, "percentage"},
    {v1::RANKING_MATCHPOINT_SUM, "matchpoint-sum"},
    {v1::RANKING_TOTAL, "total"},
}};
constexpr std::array<std::pair<v1::TieBreak, const char*>, 3> kTieBreaks = {{
    {v1::TIE_BREAK_DIFF, "diff"},
    {v1::TIE_BREAK_LOT, "lot"},
    {v1::TIE_BREAK_SHARED, "shared"},
}};

template <typename E, size_t N>
Result<std::string> TextOf(const std::array<std::pair<E, const char*>, N>& table, int value,
                           const char* field) {
  for (const auto& [e, text] : table) {
    if (static_cast<int>(e) == value) return std::string(text);
  }
  return Status::InvalidArgument(std::string(field) + " " + std::to_string(value) +
                                 " is not a known value");
}

template <typename E, size_t N>
E ProtoOf(const std::array<std::pair<E, const char*>, N>& table, const std::string& text) {
  for (const auto& [e, t] : table) {
    if (text == t) return e;
  }
  return E{};
}

}  // namespace

Result<std::string> BoardScoreText(v1::BoardScore score) {
  if (score == v1::BOARD_SCORE_UNSPECIFIED) return std::string("settled");
  return TextOf(kBoardScores, score, "board_score");
}

Result<std::string> ComparisonText(v1::Comparison comparison) {
  if (comparison == v1::COMPARISON_UNSPECIFIED) return std::string("matchpoints");
  return TextOf(kComparisons, comparison, "comparison");
}

Result<std::string> RankingText(v1::Ranking ranking, const std::string& comparison) {
  Result<std::string> text = ranking == v1::RANKING_UNSPECIFIED
                                 ? Result<std::string>(std::string("percentage"))
                                 : TextOf(kRankings, ranking, "ranking");
  if (!text.ok()) return text;
  Result<scoring::ComparisonKind> c = scoring::ParseComparisonKind(comparison);
  if (!c.ok()) return c.status();
  if (Status s = scoring::CheckRanking(*c, *scoring::ParseRankingKey(*text)); !s.ok()) return s;
  return text;
}

Result<std::string> TieBreaksText(const google::protobuf::RepeatedField<int>& tie_breaks) {
  if (tie_breaks.empty()) return std::string("diff,shared");
  std::string text;
  std::set<int> seen;
  for (int t : tie_breaks) {
    Result<std::string> one = TextOf(kTieBreaks, t, "tie_breaks:");
    if (!one.ok()) return one;
    if (!seen.insert(t).second) {
      return Status::InvalidArgument("tie_breaks: " + *one + " is listed twice");
    }
    text += (text.empty() ? "" : ",") + *one;
  }
  return text;
}

v1::BoardScore BoardScoreProto(const std::string& text) { return ProtoOf(kBoardScores, text); }

v1::Comparison ComparisonProto(const std::string& text) { return ProtoOf(kComparisons, text); }

v1::Ranking RankingProto(const std::string& text) { return ProtoOf(kRankings, text); }

void TieBreaksProto(const std::string& text, google::protobuf::RepeatedField<int>* out) {
  std::stringstream in(text);
  std::string one;
  while (std::getline(in, one, ',')) out->Add(ProtoOf(kTieBreaks, one));
}

}  // namespace skat::service
