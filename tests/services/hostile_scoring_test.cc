// Hostile requests for every RPC of ScoringService (docs/reliability.md "Hostile input"): malformed
// and unknown events, sessions, boards and players, out-of-range numbers, missing and wrong tokens,
// UNSPECIFIED adjustment kinds and directions, 1 MB reasons and penalties. Each case checks the
// status code, a message naming the field or value, and that no row was written
// (tests/services/hostile_test_util.h).
#include <climits>

#include "services/common/names.h"
#include "tests/services/hostile_test_util.h"
#include "tests/services/scoring_test_util.h"

namespace skat::service {
namespace {

using grpc::StatusCode;
using testing_hostile::Call;
using testing_hostile::Case;
using testing_hostile::Huge;
using testing_hostile::kForgedPageToken;
using testing_hostile::Stream;
using testing_table::Context;
using SS = v1::ScoringService::Stub;

constexpr StatusCode kInvalidArgument = StatusCode::INVALID_ARGUMENT;

class HostileScoringTest : public testing_scoring::ScoringServiceTest {
 protected:
  void SetUp() override {
    ScoringServiceTest::SetUp();
    CreateEventAndSet(16);
    AddClubs();
    v1::StartSessionResponse session;
    ASSERT_TRUE(StartInterClub(&session, director_).ok());
    session_table_ = session.session().tables(0).table();
    v1::OpenTableResponse opened;
    ASSERT_TRUE(OpenTable({1}, &opened).ok());
    table_ = opened.table().name();
    seats_.assign(opened.seat_tokens().begin(), opened.seat_tokens().end());
  }

  std::vector<Case> ScoringCases() {
    auto standings = [this](std::string event, int session) {
      return [=, this] {
        v1::GetStandingsRequest r;
        r.set_name(SessionScopedName(event, session, "standings"));
        return Call(*scoring_stub_, &SS::GetStandings, r, "");
      };
    };
    auto traveller = [this](int session, int board) {
      return [=, this] {
        v1::GetTravellerRequest r;
        r.set_name(TravellerName(event_, session, board));
        return Call(*scoring_stub_, &SS::GetTraveller, r, "");
      };
    };
    auto team = [this](std::string event, int session) {
      return [=, this] {
        v1::GetTeamMatchRequest r;
        r.set_name(SessionScopedName(event, session, "teamMatch"));
        return Call(*scoring_stub_, &SS::GetTeamMatch, r, "");
      };
    };
    auto prizes = [this](std::string event, int per_sitting) {
      return [=, this] {
        v1::GetPrizeListRequest r;
        r.set_name(std::string(event) + "/prizeList");
        r.set_prizes_per_sitting(per_sitting);
        return Call(*scoring_stub_, &SS::GetPrizeList, r, "");
      };
    };
    auto series = [this](std::string event, int session) {
      return [=, this] {
        v1::GetSeriesListsRequest r;
        r.set_name(SessionScopedName(event, session, "seriesLists"));
        return Call(*scoring_stub_, &SS::GetSeriesLists, r, "");
      };
    };
    auto scorecard = [this](std::string player) {
      return [=, this] {
        v1::GetScorecardRequest r;
        r.set_name(player + "/scorecard");
        return Call(*scoring_stub_, &SS::GetScorecard, r, "");
      };
    };
    auto watch = [this](std::string event, int session) {
      return [=, this] {
        v1::WatchStandingsRequest r;
        r.set_name(SessionScopedName(event, session, "standings"));
        return Stream<v1::Standings>(
            "", [&](grpc::ClientContext* c) { return scoring_stub_->WatchStandings(c, r); });
      };
    };
    // An artificial adjustment of board 1 at the session's first table, edited by `edit`.
    auto adjust = [this](std::function<void(v1::Adjustment&)> edit, std::string token = "-") {
      return [=, this] {
        v1::AddAdjustmentRequest r;
        r.set_parent(event_);
        v1::Adjustment* a = r.mutable_adjustment();
        a->set_kind(v1::Adjustment::KIND_ARTIFICIAL);
        a->set_board(1);
        a->set_table(session_table_);
        a->set_direction(v1::DIRECTION_FOREHAND);
        a->set_artificial_percent(60);
        a->set_reason("late arrival");
        edit(*a);
        return Call(*scoring_stub_, &SS::AddAdjustment, r, token == "-" ? director_ : token);
      };
    };
    auto list = [this](std::string event, int page_size = 0, std::string page_token = "") {
      return [=, this] {
        v1::ListAdjustmentsRequest r;
        r.set_parent(event);
        r.set_page_size(page_size);
        r.set_page_token(page_token);
        return Call(*scoring_stub_, &SS::ListAdjustments, r, "");
      };
    };
    auto analysis = [this](int session, int board) {
      return [=, this] {
        v1::GetBoardAnalysisRequest r;
        r.set_name(TravellerName(event_, session, board) + "/analysis");
        return Call(*scoring_stub_, &SS::GetBoardAnalysis, r, "");
      };
    };
    auto search = [this](std::function<void(v1::SearchBoardsRequest&)> edit) {
      return [=, this] {
        v1::SearchBoardsRequest r;
        edit(r);
        return Call(*scoring_stub_, &SS::SearchBoards, r, "");
      };
    };
    auto par = [this](std::string set, int number) {
      return [=, this] {
        v1::GetParTableRequest r;
        r.set_board_set(set);
        r.set_number(number);
        return Call(*scoring_stub_, &SS::GetParTable, r, "");
      };
    };
    auto travellers = [this](std::string parent, int page_size = 0, std::string token = "") {
      return [=, this] {
        v1::ListTravellersRequest r;
        r.set_parent(parent);
        r.set_page_size(page_size);
        r.set_page_token(token);
        return Call(*scoring_stub_, &SS::ListTravellers, r, "");
      };
    };
    auto ratings = [this](std::string parent, int page_size = 0, std::string token = "") {
      return [=, this] {
        v1::ListRatingsRequest r;
        r.set_parent(parent);
        r.set_page_size(page_size);
        r.set_page_token(token);
        return Call(*scoring_stub_, &SS::ListRatings, r, "");
      };
    };
    auto history = [this](std::string parent, int page_size = 0, std::string token = "") {
      return [=, this] {
        v1::ListPersonEventsRequest r;
        r.set_parent(parent);
        r.set_page_size(page_size);
        r.set_page_token(token);
        return Call(*scoring_stub_, &SS::ListPersonEvents, r, "");
      };
    };
    auto boards = [this](std::string parent,
                         std::function<void(v1::ListPersonBoardsRequest&)> set) {
      return [=, this] {
        v1::ListPersonBoardsRequest r;
        r.set_parent(parent);
        set(r);
        return Call(*scoring_stub_, &SS::ListPersonBoards, r, "");
      };
    };
    auto progress = [this](std::string name) {
      return [=, this] {
        v1::GetSessionProgressRequest r;
        r.set_name(name);
        return Call(*scoring_stub_, &SS::GetSessionProgress, r, "");
      };
    };
    auto totals = [this](std::string name) {
      return [=, this] {
        v1::GetPersonTotalsRequest r;
        r.set_name(name);
        return Call(*scoring_stub_, &SS::GetPersonTotals, r, "");
      };
    };
    const std::string no_event = "events/ev-nope";
    const std::string nobody = "registries/rg-nope/persons/pe-nope";
    return {
        {"ScoringService.ListRatings", "an event name", kInvalidArgument, "registries/{registry}",
         ratings(event_)},
        {"ScoringService.ListRatings", "unknown registry", StatusCode::NOT_FOUND, "rg-nope",
         ratings("registries/rg-nope")},
        {"ScoringService.ListRatings", "page_size -1", kInvalidArgument, "page_size",
         ratings("registries/rg-nope", -1)},
        {"ScoringService.ListRatings", "a made-up page token", kInvalidArgument, "page_token",
         ratings("registries/rg-nope", 0, "bm90IGEgdG9rZW4")},
        {"ScoringService.ListPersonEvents", "a registry name", kInvalidArgument,
         "registries/{registry}/persons/{person}", history("registries/rg-nope")},
        {"ScoringService.ListPersonEvents", "unknown person", StatusCode::NOT_FOUND, "pe-nope",
         history("registries/rg-nope/persons/pe-nope")},
        {"ScoringService.ListPersonEvents", "page_size -1", kInvalidArgument, "page_size",
         history("registries/rg-nope/persons/pe-nope", -1)},
        {"ScoringService.ListPersonBoards", "an event name", kInvalidArgument,
         "registries/{registry}/persons/{person}", boards(no_event, [](auto&) {})},
        {"ScoringService.ListPersonBoards", "unknown person", StatusCode::NOT_FOUND, "pe-nope",
         boards(nobody, [](auto&) {})},
        {"ScoringService.ListPersonBoards", "page_size -1", kInvalidArgument, "page_size",
         boards(nobody, [](auto& r) { r.set_page_size(-1); })},
        {"ScoringService.ListPersonBoards", "role 9", kInvalidArgument, "role 9",
         boards(nobody, [](auto& r) { r.set_role(static_cast<v1::PersonBoard::Role>(9)); })},
        {"ScoringService.ListPersonBoards", "a formula as game type", kInvalidArgument, "game_type",
         boards(nobody, [](auto& r) { r.set_game_type("=HYPERLINK(1)"); })},
        {"ScoringService.ListPersonBoards", "the year 300 billion", kInvalidArgument,
         "from 1970 to 9999",
         boards(nobody, [](auto& r) { r.mutable_start_time()->set_seconds(1ll << 53); })},
        {"ScoringService.ListPersonBoards", "a table as event", kInvalidArgument, "events/",
         boards(nobody, [](auto& r) { r.set_event("events/ev-nope/tables/x"); })},
        {"ScoringService.GetSessionProgress", "a session's standings", kInvalidArgument, "progress",
         progress(no_event + "/sessions/1/standings")},
        {"ScoringService.GetSessionProgress", "unknown event", StatusCode::NOT_FOUND, "ev-nope",
         progress(no_event + "/sessions/1/progress")},
        {"ScoringService.GetPersonTotals", "a person's own name", kInvalidArgument,
         "persons/{person}/totals", totals(nobody)},
        {"ScoringService.GetPersonTotals", "unknown person", StatusCode::NOT_FOUND, "pe-nope",
         totals(nobody + "/totals")},
        {"ScoringService.GetPersonTotals", "an event's totals", kInvalidArgument,
         "registries/{registry}/persons/{person}", totals("events/ev-nope/totals")},
        {"ScoringService.GetBoardAnalysis", "board 0", kInvalidArgument, "travellers/0",
         analysis(1, 0)},
        {"ScoringService.GetBoardAnalysis", "session 2", StatusCode::NOT_FOUND, "no session 2",
         analysis(2, 1)},
        // It shows every hand: closed while a table has yet to play the board (D48), and no par
        // table is computed or cached for it.
        {"ScoringService.GetBoardAnalysis", "a board in play", StatusCode::FAILED_PRECONDITION,
         "finished at 0 of", analysis(1, 1)},
        {"ScoringService.SearchBoards", "holding 'X-9'", kInvalidArgument, "holding 'X-9'",
         search([](auto& r) { r.set_holding("X-9"); })},
        {"ScoringService.SearchBoards", "1 MB holding", kInvalidArgument, "holding",
         search([](auto& r) { r.set_holding(Huge()); })},
        {"ScoringService.SearchBoards", "par 'banana'", kInvalidArgument, "par 'banana'",
         search([](auto& r) { r.set_par("banana"); })},
        {"ScoringService.SearchBoards", "order 'random'", kInvalidArgument, "order 'random'",
         search([](auto& r) { r.set_order("random"); })},
        {"ScoringService.SearchBoards", "limit -1", kInvalidArgument, "limit -1",
         search([](auto& r) { r.set_limit(-1); })},
        {"ScoringService.SearchBoards", "limit 2^31-1", kInvalidArgument, "limit 2147483647",
         search([](auto& r) { r.set_limit(INT_MAX); })},
        {"ScoringService.GetParTable", "a malformed set name", kInvalidArgument, "boardSets",
         par("sets/x", 1)},
        {"ScoringService.GetParTable", "an unknown set", StatusCode::NOT_FOUND, "bs-nope",
         par(event_ + "/boardSets/bs-nope", 1)},
        // A par table tells much about the hands: none for a set whose cards may be in play.
        {"ScoringService.GetParTable", "a set not revealed", StatusCode::FAILED_PRECONDITION,
         "not revealed", par(set_, 1)},
        {"ScoringService.GetStandings", "no event", kInvalidArgument, "events/{event}",
         standings("", 0)},
        {"ScoringService.GetStandings", "unknown event", StatusCode::NOT_FOUND, "ev-nope",
         standings(no_event, 0)},
        {"ScoringService.GetStandings", "session 99", StatusCode::NOT_FOUND, "no session 99",
         standings(event_, 99)},
        {"ScoringService.GetStandings", "session -1", StatusCode::NOT_FOUND, "session -1",
         standings(event_, -1)},
        {"ScoringService.GetTraveller", "board 0", kInvalidArgument, "travellers/0",
         traveller(1, 0)},
        {"ScoringService.GetTraveller", "board 007", kInvalidArgument, "travellers/007",
         [this] {
           v1::GetTravellerRequest r;
           r.set_name(event_ + "/sessions/1/travellers/007");
           return Call(*scoring_stub_, &SS::GetTraveller, r, "");
         }},
        {"ScoringService.GetTraveller", "an event name", kInvalidArgument,
         "events/{event}/sessions/{session}/travellers/{board}",
         [this] {
           v1::GetTravellerRequest r;
           r.set_name(event_);
           return Call(*scoring_stub_, &SS::GetTraveller, r, "");
         }},
        {"ScoringService.ListTravellers", "malformed parent", kInvalidArgument,
         "events/{event}/sessions/{session}", travellers(event_)},
        {"ScoringService.ListTravellers", "unknown session", StatusCode::NOT_FOUND,
         "no session se-nope", travellers(event_ + "/sessions/se-nope")},
        {"ScoringService.ListTravellers", "page_size -1", kInvalidArgument, "page_size -1",
         travellers(event_ + "/sessions/1", -1)},
        {"ScoringService.ListTravellers", "a forged page_token", kInvalidArgument, "page_token",
         travellers(event_ + "/sessions/1", 0, kForgedPageToken)},
        {"ScoringService.GetTraveller", "board 2^31-1", StatusCode::NOT_FOUND, "board 2147483647",
         traveller(1, INT_MAX)},
        {"ScoringService.GetTraveller", "session 2", StatusCode::NOT_FOUND, "no session 2",
         traveller(2, 1)},
        {"ScoringService.GetTeamMatch", "unknown event", StatusCode::NOT_FOUND, "ev-nope",
         team(no_event, 1)},
        {"ScoringService.GetTeamMatch", "session 7", StatusCode::NOT_FOUND, "no session 7",
         team(event_, 7)},
        {"ScoringService.GetPrizeList", "prizes_per_sitting -1", kInvalidArgument,
         "prizes_per_sitting -1", prizes(event_, -1)},
        {"ScoringService.GetPrizeList", "prizes_per_sitting 2^31-1", kInvalidArgument,
         "prizes_per_sitting 2147483647", prizes(event_, INT_MAX)},
        {"ScoringService.GetPrizeList", "1 MB event", kInvalidArgument, "events/{event}",
         prizes("events/" + Huge(), 3)},
        {"ScoringService.GetSeriesLists", "1 MB event", kInvalidArgument, "events/{event}",
         series("events/" + Huge(), 0)},
        {"ScoringService.GetSeriesLists", "unknown event", StatusCode::NOT_FOUND, "ev-nope",
         series(no_event, 0)},
        {"ScoringService.GetSeriesLists", "session -1", StatusCode::NOT_FOUND, "no session -1",
         series(event_, -1)},
        {"ScoringService.GetSeriesLists", "session 2^31-1", StatusCode::NOT_FOUND,
         "no session 2147483647", series(event_, INT_MAX)},
        {"ScoringService.GetScorecard", "no player", kInvalidArgument, "players/{player}",
         scorecard("")},
        {"ScoringService.GetScorecard", "unknown player", StatusCode::NOT_FOUND, "pl-nope",
         scorecard(event_ + "/players/pl-nope")},
        {"ScoringService.GetScorecard", "player of an unknown event", StatusCode::NOT_FOUND,
         "ev-other", scorecard("events/ev-other/players/pl-x")},
        {"ScoringService.WatchStandings", "malformed event", kInvalidArgument, "events/{event}",
         watch("events/A B", 0)},
        {"ScoringService.WatchStandings", "unknown event", StatusCode::NOT_FOUND, "ev-nope",
         watch(no_event, 0)},
        {"ScoringService.AddAdjustment", "no token", StatusCode::UNAUTHENTICATED, "token",
         adjust([](auto&) {}, "")},
        {"ScoringService.AddAdjustment", "a seat token", StatusCode::PERMISSION_DENIED, event_,
         adjust([](auto&) {}, seats_[0])},
        {"ScoringService.AddAdjustment", "kind UNSPECIFIED", kInvalidArgument, "adjustment.kind 0",
         adjust([](auto& a) { a.clear_kind(); })},
        {"ScoringService.AddAdjustment", "no reason", kInvalidArgument, "adjustment.reason",
         adjust([](auto& a) { a.clear_reason(); })},
        {"ScoringService.AddAdjustment", "1 MB reason", kInvalidArgument, "adjustment.reason",
         adjust([](auto& a) { a.set_reason(Huge()); })},
        {"ScoringService.AddAdjustment", "session -4", kInvalidArgument, "adjustment.session -4",
         adjust([](auto& a) { a.set_session(-4); })},
        {"ScoringService.AddAdjustment", "session 9", kInvalidArgument, "adjustment.session",
         adjust([](auto& a) { a.set_session(9); })},
        {"ScoringService.AddAdjustment", "board 0", kInvalidArgument, "adjustment.board 0",
         adjust([](auto& a) { a.set_board(0); })},
        {"ScoringService.AddAdjustment", "board not played there", kInvalidArgument,
         "adjustment.board 9", adjust([](auto& a) { a.set_board(9); })},
        {"ScoringService.AddAdjustment", "malformed table", kInvalidArgument, "tables/{id}",
         adjust([](auto& a) { a.set_table(Huge()); })},
        {"ScoringService.AddAdjustment", "a table of no session", kInvalidArgument,
         "adjustment.table", adjust([this](auto& a) { a.set_table(table_); })},
        {"ScoringService.AddAdjustment", "direction UNSPECIFIED", kInvalidArgument,
         "adjustment.direction", adjust([](auto& a) { a.clear_direction(); })},
        {"ScoringService.AddAdjustment", "assigned_score 2^32+5", kInvalidArgument,
         "adjustment.assigned_score 4294967301", adjust([](auto& a) {
           a.set_kind(v1::Adjustment::KIND_ASSIGNED);
           a.set_assigned_score((int64_t{1} << 32) + 5);
         })},
        {"ScoringService.AddAdjustment", "assigned_score -2^63", kInvalidArgument,
         "adjustment.assigned_score -9223372036854775808", adjust([](auto& a) {
           a.set_kind(v1::Adjustment::KIND_ASSIGNED);
           a.set_assigned_score(INT64_MIN);
         })},
        {"ScoringService.AddAdjustment", "artificial_percent 45", kInvalidArgument,
         "adjustment.artificial_percent 45", adjust([](auto& a) { a.set_artificial_percent(45); })},
        {"ScoringService.AddAdjustment", "penalty 'abc'", kInvalidArgument, "adjustment.penalty",
         adjust([this](auto& a) {
           a.set_kind(v1::Adjustment::KIND_PENALTY);
           a.set_player(players_[0]);
           a.set_penalty("abc");
         })},
        {"ScoringService.AddAdjustment", "a 1 MB penalty", kInvalidArgument, "adjustment.penalty",
         adjust([this](auto& a) {
           a.set_kind(v1::Adjustment::KIND_PENALTY);
           a.set_player(players_[0]);
           a.set_penalty(std::string(1 << 20, '9'));
         })},
        {"ScoringService.AddAdjustment", "fouled version 0", kInvalidArgument,
         "adjustment.version 0", adjust([](auto& a) { a.set_kind(v1::Adjustment::KIND_FOULED); })},
        {"ScoringService.ListAdjustments", "malformed event", kInvalidArgument, "events/{event}",
         list("events/../../etc")},
        {"ScoringService.ListAdjustments", "unknown event", StatusCode::NOT_FOUND, "ev-nope",
         list(no_event)},
        {"ScoringService.ListAdjustments", "page_size -1", kInvalidArgument, "page_size -1",
         list(event_, -1)},
        {"ScoringService.ListAdjustments", "a forged page_token", kInvalidArgument, "page_token",
         list(event_, 0, kForgedPageToken)},
    };
  }

  std::string session_table_;
  std::string table_;
  std::vector<std::string> seats_;
};

TEST_F(HostileScoringTest, EveryRpcRefusesHostileRequestsAndWritesNothing) {
  std::set<std::string> covered;
  testing_hostile::RunCases(ScoringCases(), &covered);
  testing_hostile::CheckEveryRpcCovered({"ScoringService"}, covered);
}

}  // namespace
}  // namespace skat::service
