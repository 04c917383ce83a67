// An event's scoring options between their proto enums (event_service.proto BoardScore,
// Comparison, TieBreak, Ranking) and their stored text, which is the engine's names (engine/scoring
// options.h: "settled", "matchpoints", "diff", ...).
#ifndef SKAT_SERVICES_COMMON_SCORING_OPTIONS_H_
#define SKAT_SERVICES_COMMON_SCORING_OPTIONS_H_

#include <string>

#include "engine/status.h"
#include "skat/v1/event_service.pb.h"

namespace skat::service {

// UNSPECIFIED reads as the default ("settled", "matchpoints"); kInvalidArgument for a value
// outside the enum.
Result<std::string> BoardScoreText(v1::BoardScore score);
Result<std::string> ComparisonText(v1::Comparison comparison);
// UNSPECIFIED reads as "percentage"; kInvalidArgument for a value outside the enum, and for a
// ranking that does not fit the comparison (`comparison`: the stored text; engine CheckRanking).
Result<std::string> RankingText(v1::Ranking ranking, const std::string& comparison);
// An empty list reads as "diff,shared".
Result<std::string> TieBreaksText(const google::protobuf::RepeatedField<int>& tie_breaks);

v1::BoardScore BoardScoreProto(const std::string& text);
v1::Comparison ComparisonProto(const std::string& text);
v1::Ranking RankingProto(const std::string& text);
// Appends the stored chain to `out`.
void TieBreaksProto(const std::string& text, google::protobuf::RepeatedField<int>* out);

}  // namespace skat::service

#endif  // SKAT_SERVICES_COMMON_SCORING_OPTIONS_H_
