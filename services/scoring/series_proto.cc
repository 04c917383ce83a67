#include "services/scoring/series_proto.h"

#include "engine/scoring/series_list.h"
#include "services/common/names.h"
#include "services/common/scoring_options.h"
#include "services/scoring/scoring_proto.h"

namespace skat::service {
namespace {

// The table's seated players, chair order, as the results name them (an empty chair as a
// placeholder that never merges with a player).
std::vector<std::string> Seated(const store::TableRecord& t) {
  std::vector<std::string> out;
  if (t.boards.empty()) {
    for (const std::string& id : t.player_ids) {
      if (!id.empty()) out.push_back(id);
    }
    return out;
  }
  const int board = t.boards.front();
  for (int d = 0; d < kDirectionCount; ++d) out.push_back(PlayerAt(t, board, Direction(d)));
  if (t.chairs == 4) out.push_back(RestingDealerAt(t, board));
  return out;
}

void AddList(const EventScores& scores, const SessionScores& s, const store::TableRecord& t,
             v1::SeriesLists* out) {
  std::vector<scoring::TableResult> results;
  for (const scoring::TableResult& r : s.results) {
    if (r.table == t.id) results.push_back(r);
  }
  const scoring::SeriesList list = scoring::Serie(results, Seated(t), scores.event.id);
  v1::SeriesList* l = out->add_lists();
  l->set_session(s.session.number);
  l->set_round(t.round);
  l->set_table(TableResourceName(scores.event.id, t.id));
  l->set_table_label(t.label);
  l->set_four_players(t.chairs == 4 || list.four_players);
  l->set_results(static_cast<int>(results.size()));
  for (const scoring::SeriesRow& row : list.rows) {
    v1::SeriesRow* r = l->add_rows();
    r->set_rank(row.rank);
    auto player = scores.player_by_id.find(row.player);
    if (player != scores.player_by_id.end()) {
      r->set_player(ChildResourceName(scores.event.id, "players", row.player));
      r->set_display_name(player->second->name);
    } else {
      r->set_display_name("(empty chair)");
    }
    r->set_game_points(row.game_points);
    r->set_won(row.won);
    r->set_lost(row.lost);
    r->set_opponents_lost(row.opponents_lost);
    r->set_opponents_points(row.opponents_points);
    r->set_total(row.total);
    r->set_lot(row.lot);
  }
}

}  // namespace

Status SeriesListsProto(const EventScores& scores, int session, v1::SeriesLists* out) {
  out->set_event(EventName(scores.event.id));
  out->set_board_score(BoardScoreProto(scores.event.board_score));
  if (session != 0) {
    Result<const SessionScores*> s = FindSession(scores, session);
    if (!s.ok()) return s.status();
  }
  for (const SessionScores& s : scores.sessions) {
    if (session != 0 && s.session.number != session) continue;
    for (const store::TableRecord& t : s.session.tables) AddList(scores, s, t, out);
  }
  return Status::Ok();
}

}  // namespace skat::service
