#include "services/scoring/scoring_proto.h"

#include "engine/scoring/prizes.h"
#include "services/common/game_proto.h"
#include "services/common/names.h"
#include "services/common/scoring_options.h"

namespace skat::service {
namespace {

std::string PlayerResource(const EventScores& s, const std::string& id) {
  if (s.player_by_id.count(id) == 0) return "";
  return ChildResourceName(s.event.id, "players", id);
}

std::string DisplayName(const EventScores& s, const std::string& id) {
  auto it = s.player_by_id.find(id);
  return it == s.player_by_id.end() ? "(empty chair)" : it->second->name;
}

std::string ClubName(const EventScores& s, const std::string& club_id) {
  auto it = s.club_name.find(club_id);
  return it == s.club_name.end() ? "" : it->second;
}

void StandingProto(const EventScores& s, const scoring::Standing& in, v1::Standing* out) {
  out->set_rank(in.rank);
  out->set_tied(in.tied);
  out->set_player(PlayerResource(s, in.player));
  out->set_display_name(DisplayName(s, in.player));
  out->set_club(ClubName(s, in.club));
  out->set_boards(in.boards);
  for (int n : in.direction_boards) out->add_direction_boards(n);
  out->set_matchpoints(in.matchpoints.ToString());
  out->set_top(in.top.ToString());
  out->set_percentage(in.percentage);
  out->set_diff(in.diff);
  out->set_total(in.total);
  out->set_own_points(in.own_points);
  for (const auto& [round, pct] : in.percentage_by_round) {
    v1::RoundPercentage* r = out->add_rounds();
    r->set_round(round);
    r->set_percentage(pct);
  }
}

}  // namespace

Result<const SessionScores*> FindSession(const EventScores& scores, int session) {
  const int number = session == 0 ? 1 : session;
  for (const SessionScores& s : scores.sessions) {
    if (s.session.number == number) return &s;
  }
  return Status::NotFound("event " + scores.event.id + " has no session " + std::to_string(number) +
                          " (it has " + std::to_string(scores.sessions.size()) + ")");
}

Status StandingsProto(const EventScores& scores, int session, v1::Standings* out) {
  out->set_event(EventName(scores.event.id));
  out->set_display_name(scores.event.name);
  out->set_board_score(BoardScoreProto(scores.event.board_score));
  out->set_comparison(ComparisonProto(scores.event.comparison));
  out->set_deck(scores.event.deck);
  out->set_ranking(RankingProto(scores.event.ranking));
  out->set_results(scores.results_counted);
  out->set_results_expected(scores.results_expected);
  const scoring::Scoresheet* sheet = nullptr;
  if (session != 0 || scores.sessions.size() == 1) {
    Result<const SessionScores*> s = FindSession(scores, session);
    if (!s.ok()) return s.status();
    sheet = (*s)->sheet.get();
  }
  const std::vector<scoring::Standing>& overall = sheet ? sheet->overall : scores.overall;
  for (const scoring::Standing& st : overall) StandingProto(scores, st, out->add_overall());
  if (sheet != nullptr) {
    for (int d = 0; d < kDirectionCount; ++d) {
      v1::DirectionStandings* dir = out->add_by_direction();
      dir->set_direction(ToProto(static_cast<Direction>(d)));
      for (const scoring::Standing& st : sheet->by_direction[d]) {
        StandingProto(scores, st, dir->add_standings());
      }
    }
    for (const scoring::Note& note : sheet->notes) {
      out->add_notes(note.text);
      v1::Note* code = out->add_note_codes();
      code->set_code(note.code);
      for (const std::string& arg : note.args) code->add_args(arg);
    }
  }
  out->mutable_compute_time()->set_seconds(std::chrono::duration_cast<std::chrono::seconds>(
                                               std::chrono::system_clock::now().time_since_epoch())
                                               .count());
  return Status::Ok();
}

Status TravellerProto(const EventScores& scores, int session, int board_number, const Board& board,
                      v1::Traveller* out) {
  Result<const SessionScores*> found = FindSession(scores, session);
  if (!found.ok()) return found.status();
  const SessionScores& s = **found;
  auto planned = s.planned.find(board_number);
  if (planned == s.planned.end()) {
    return Status::NotFound("no table of session " + std::to_string(s.session.number) +
                            " plays board " + std::to_string(board_number));
  }
  if (!BoardOpen(s, board_number)) {
    auto finished = s.finished.find(board_number);
    const int done = finished == s.finished.end() ? 0 : finished->second;
    return Status(ErrorCode::kBoardInPlay,
                  "board " + std::to_string(board_number) + " is finished at " +
                      std::to_string(done) + " of " + std::to_string(planned->second) +
                      " tables; its traveller opens when every table has finished it "
                      "(docs/events-and-scoring.md \"Information during an event\")");
  }
  out->set_event(EventName(scores.event.id));
  out->set_session(s.session.number);
  out->set_board(board_number);
  out->set_deal_number(DealNumber(board));
  for (int d = 0; d < kDirectionCount; ++d) {
    out->add_hands(ToString(board.hand(static_cast<Direction>(d))));
  }
  out->set_skat(ToString(board.skat[0]) + " " + ToString(board.skat[1]));
  for (const scoring::Traveller& t : s.travellers) {
    if (t.board != board_number) continue;
    v1::DirectionTraveller* dir = out->add_directions();
    dir->set_direction(ToProto(t.direction));
    dir->set_version(t.version);
    dir->set_planned(t.planned);
    dir->set_datum(t.datum);
    for (const scoring::TravellerRow& row : t.rows) {
      v1::TravellerRow* r = dir->add_rows();
      r->set_table(TableResourceName(scores.event.id, row.table));
      auto table = scores.tables.find(row.table);
      if (table != scores.tables.end()) r->set_table_label(table->second.label);
      r->set_player(PlayerResource(scores, row.player));
      r->set_display_name(DisplayName(scores, row.player));
      r->set_board_score(row.board_score);
      r->set_matchpoints(row.matchpoints.ToString());
      r->set_top(row.top.ToString());
      r->set_diff(row.diff);
      r->set_assigned(row.assigned);
      r->set_artificial(row.artificial);
      auto result = scores.results.find({row.table, board_number});
      if (result != scores.results.end()) {
        ToProto(result->second.game, r->mutable_result());
        r->mutable_result()->set_summary(result->second.summary);
      }
    }
  }
  return Status::Ok();
}

Status TeamMatchProto(const EventScores& scores, int session, v1::TeamMatch* out) {
  out->set_event(EventName(scores.event.id));
  std::vector<const SessionScores*> sessions;
  if (session == 0) {
    for (const SessionScores& s : scores.sessions) sessions.push_back(&s);
  } else {
    Result<const SessionScores*> s = FindSession(scores, session);
    if (!s.ok()) return s.status();
    sessions.push_back(*s);
  }
  for (const SessionScores* s : sessions) {
    const scoring::TeamMatch& team = s->sheet->team;
    if (team.club_a.empty() || team.club_b.empty()) continue;
    out->set_club_a(ClubName(scores, team.club_a));
    out->set_club_b(ClubName(scores, team.club_b));
    for (const scoring::TeamLine& line : team.lines) {
      v1::TeamLine* l = out->add_lines();
      l->set_board(line.board);
      l->set_direction(ToProto(line.direction));
      l->set_club_a(line.club_a);
      l->set_club_b(line.club_b);
      l->set_net(line.net);
    }
    out->set_total_a(out->total_a() + team.total_a);
    out->set_total_b(out->total_b() + team.total_b);
    out->set_net(out->net() + team.net);
  }
  if (out->club_a().empty()) {
    return Status(
        ErrorCode::kNotAllowed,
        "event " + scores.event.id + " has no team match: no session seats players of two clubs");
  }
  return Status::Ok();
}

void PrizeListProto(const EventScores& scores, int prizes_per_sitting, v1::PrizeList* out) {
  out->set_event(EventName(scores.event.id));
  std::vector<std::vector<scoring::TableResult>> sittings;
  for (const SessionScores& s : scores.sessions) sittings.push_back(s.results.ToVector());
  for (const scoring::Prize& prize :
       scoring::PrizeList(sittings, prizes_per_sitting == 0 ? 7 : prizes_per_sitting)) {
    v1::Prize* p = out->add_prizes();
    p->set_sitting(prize.sitting);
    p->set_place(prize.place);
    p->set_category(prize.category);
    p->set_player(PlayerResource(scores, prize.player));
    p->set_display_name(prize.player.empty() ? "" : DisplayName(scores, prize.player));
    p->set_detail(prize.detail);
    p->mutable_detail_code()->set_code(prize.detail_code);
    for (const std::string& arg : prize.detail_args) p->mutable_detail_code()->add_args(arg);
  }
}

Status ScorecardProto(const EventScores& scores, const std::string& player_id, v1::Scorecard* out) {
  if (scores.player_by_id.count(player_id) == 0) {
    return Status::NotFound("player events/" + scores.event.id + "/players/" + player_id +
                            " not found");
  }
  out->set_event(EventName(scores.event.id));
  for (const scoring::Standing& st : scores.overall) {
    if (st.player == player_id) StandingProto(scores, st, out->mutable_standing());
  }
  for (const SessionScores& s : scores.sessions) {
    for (const scoring::Traveller& t : s.travellers) {
      for (const scoring::TravellerRow& row : t.rows) {
        if (row.player != player_id) continue;
        v1::ScorecardRow* r = out->add_rows();
        r->set_session(s.session.number);
        r->set_round(row.round);
        r->set_board(t.board);
        r->set_direction(ToProto(t.direction));
        r->set_table(TableResourceName(scores.event.id, row.table));
        r->set_board_score(row.board_score);
        r->set_matchpoints(row.matchpoints.ToString());
        r->set_top(row.top.ToString());
        r->set_diff(row.diff);
        auto result = scores.results.find({row.table, t.board});
        if (result != scores.results.end()) r->set_summary(result->second.summary);
      }
    }
  }
  return Status::Ok();
}

}  // namespace skat::service
