#include "services/season/league_compute.h"

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "services/season/league_days.h"

namespace skat::service {
namespace {

void LeagueRowProto(const season::LeagueRow& row, v1::LeagueRow* out) {
  out->set_rank(row.rank);
  out->set_tied(row.tied);
  out->set_club(row.club);
  out->set_played(row.played);
  out->set_won(row.won);
  out->set_drawn(row.drawn);
  out->set_lost(row.lost);
  out->set_match_points(row.match_points);
  out->set_score_difference(row.score_difference);
  for (const season::LeagueMatch& m : row.matches) {
    v1::LeagueMatch* match = out->add_matches();
    match->set_event("events/" + m.event);
    match->set_display_name(m.display_name);
    match->set_score(m.score);
    match->set_opponent_score(m.opponent_score);
    match->set_match_points(m.match_points);
    match->set_outcome(std::string(season::MatchOutcomeName(m.outcome)));
  }
}

}  // namespace

season::LeagueRules LeagueRulesOf(const store::SeasonRecord& season) {
  season::LeagueRules rules;
  if (season.win_points != 0 || season.draw_points != 0 || season.loss_points != 0) {
    rules.win_points = season.win_points;
    rules.draw_points = season.draw_points;
    rules.loss_points = season.loss_points;
  }
  if (!season.placing_points.empty()) rules.placing_points = season.placing_points;
  return rules;
}

Status LeagueTableOf(const store::SeasonRecord& season, const EventScoresSource& source,
                     v1::LeagueTable* out, bool* not_a_league) {
  *not_a_league = false;
  std::vector<season::MatchDay> days;
  for (const std::string& event_id : season.event_ids) {
    Result<std::shared_ptr<const SeasonEventScores>> scores = source(event_id);
    if (!scores.ok()) return scores.status();
    std::optional<season::MatchDay> day = MatchDayOf(**scores);
    if (day) days.push_back(std::move(*day));
  }
  if (days.empty()) {
    const std::string rule = " (docs/seasons.md \"League table\")";
    *not_a_league = true;
    return Status(ErrorCode::kNotAllowed,
                  "season seasons/" + season.id + " has no event of two clubs with players" + rule);
  }
  Result<std::vector<season::LeagueRow>> rows = season::LeagueTable(days, LeagueRulesOf(season));
  // Two clubs of one event that are one club by name: the season's data, not the request, is at
  // fault.
  if (!rows.ok()) return Status(ErrorCode::kNotAllowed, rows.status().message());
  out->set_name("seasons/" + season.id + "/leagueTable");
  out->set_season("seasons/" + season.id);
  out->set_display_name(season.name);
  for (const season::LeagueRow& row : *rows) LeagueRowProto(row, out->add_rows());
  out->mutable_compute_time()->set_seconds(std::chrono::duration_cast<std::chrono::seconds>(
                                               std::chrono::system_clock::now().time_since_epoch())
                                               .count());
  return Status::Ok();
}

}  // namespace skat::service
