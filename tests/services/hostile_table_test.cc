// Hostile requests for every RPC of TableService (docs/reliability.md "Hostile input"):
// missing and wrong tokens, another seat's and another table's tokens, the director acting for a
// chair, acts out of turn, for a board not in play, for a finished table and at a physical
// table, malformed acts (UNSPECIFIED type, 100,000 cards, a 1 MB card), out-of-range numbers,
// malformed names and resources that do not exist. Each case checks the status code, a message
// naming the field or value, and that no row was written (tests/services/hostile_test_util.h).
#include <climits>

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
using TS = v1::TableService::Stub;

constexpr StatusCode kInvalid = StatusCode::INVALID_ARGUMENT;
constexpr StatusCode kPrecondition = StatusCode::FAILED_PRECONDITION;

class HostileTableTest : public testing_scoring::ScoringServiceTest {
 protected:
  void SetUp() override {
    ScoringServiceTest::SetUp();
    CreateEventAndSet(16);
    AddClubs();
    v1::StartSessionResponse session;
    ASSERT_TRUE(StartInterClub(&session, director_).ok());
    session_table_ = session.session().tables(0).table();
    session_ = session.session().name();
    v1::OpenTableResponse opened;
    ASSERT_TRUE(OpenTable({1, 2}, &opened).ok());
    table_ = opened.table().name();
    seats_.assign(opened.seat_tokens().begin(), opened.seat_tokens().end());
    ASSERT_TRUE(OpenTable({3}, &opened, v1::TABLE_MODE_PHYSICAL).ok());
    physical_ = opened.table().name();
    physical_seat_ = opened.seat_tokens(0);
    ASSERT_TRUE(OpenTable({4}, &opened).ok());
    finished_ = opened.table().name();
    finished_seat_ = opened.seat_tokens(0);
    const std::vector<std::string> tokens(opened.seat_tokens().begin(), opened.seat_tokens().end());
    for (const testing_table::SeatLog& log :
         testing_table::DriveTable(*table_stub_, finished_, tokens,
                                   [](int chair) { return testing_scoring::Bot(chair); })) {
      ASSERT_EQ(log.error, "");
    }
    // Who is to act first at table_: `mover_` has legal acts, `idle_` has none.
    for (int chair = 1; chair <= 3; ++chair) {
      v1::JoinSeatRequest join;
      join.set_table(table_);
      v1::Seat seat;
      ASSERT_TRUE(table_stub_->JoinSeat(Context(seats_[chair - 1]).get(), join, &seat).ok());
      if (seat.view().legal_acts_size() > 0) {
        mover_ = chair;
        legal_ = seat.view().legal_acts(0);
      } else {
        idle_ = chair;
        idle_seat_ = seat.view().seat();
      }
    }
    ASSERT_NE(mover_, 0);
    ASSERT_NE(idle_, 0);
  }

  // An Act at table_ by `chair` with its token: the first legal act of the chair to move,
  // edited by `edit`.
  std::function<grpc::Status()> Act(int chair, std::function<void(v1::ActRequest&)> edit) {
    return [=, this] {
      v1::ActRequest r;
      r.set_table(table_);
      r.set_sequence(1);
      *r.mutable_act() = legal_;
      r.set_board_number(1);
      edit(r);
      return Call(*table_stub_, &TS::Act, r, seats_[chair - 1]);
    };
  }

  // A request naming only a table, sent with `token`.
  template <typename Request, typename Response>
  std::function<grpc::Status()> OnTable(grpc::Status (TS::*rpc)(grpc::ClientContext*,
                                                                const Request&, Response*),
                                        std::string table, std::string token) {
    return [=, this] {
      Request r;
      r.set_table(table);
      return Call(*table_stub_, rpc, r, token);
    };
  }

  // A list request for `table` with page_size and page_token, sent with `token`.
  template <typename Request, typename Response>
  std::function<grpc::Status()> Paged(grpc::Status (TS::*rpc)(grpc::ClientContext*, const Request&,
                                                              Response*),
                                      std::string table, std::string token, int page_size,
                                      std::string page_token) {
    return [=, this] {
      Request r;
      r.set_table(table);
      r.set_page_size(page_size);
      r.set_page_token(page_token);
      return Call(*table_stub_, rpc, r, token);
    };
  }

  std::vector<Case> TableCases() {
    auto open = [this](std::function<void(v1::OpenTableRequest&)> edit, std::string token = "-") {
      return [=, this] {
        v1::OpenTableRequest r;
        r.set_parent(event_);
        r.set_board_set(set_);
        r.add_boards(1);
        edit(r);
        return Call(*table_stub_, &TS::OpenTable, r, token == "-" ? director_ : token);
      };
    };
    auto get = [this](std::string name, std::string token) {
      return [=, this] {
        v1::GetTableRequest r;
        r.set_name(name);
        return Call(*table_stub_, &TS::GetTable, r, token);
      };
    };
    auto watch = [this](std::string table, std::string token) {
      return [=, this] {
        v1::WatchSeatRequest r;
        r.set_table(table);
        return Stream<v1::SeatUpdate>(
            token, [&](grpc::ClientContext* c) { return table_stub_->WatchSeat(c, r); });
      };
    };
    auto submit = [this](std::string table, int board,
                         std::function<void(v1::PhysicalReport&)> edit, std::string token) {
      return [=, this] {
        v1::SubmitResultRequest r;
        r.set_table(table);
        r.set_board_number(board);
        r.mutable_report()->set_kind(v1::GameResult::KIND_PASSED_IN);
        edit(*r.mutable_report());
        return Call(*table_stub_, &TS::SubmitResult, r, token);
      };
    };
    auto confirm = [this](std::string table, int board, std::string token) {
      return [=, this] {
        v1::ConfirmResultRequest r;
        r.set_table(table);
        r.set_board_number(board);
        return Call(*table_stub_, &TS::ConfirmResult, r, token);
      };
    };
    auto correct = [this](std::string table, std::string reason, std::string token) {
      return [=, this] {
        v1::CorrectResultRequest r;
        r.set_table(table);
        r.set_board_number(3);
        r.mutable_report()->set_kind(v1::GameResult::KIND_PASSED_IN);
        v1::Fine* fine = r.mutable_report()->add_fines();
        fine->set_kind("misdeal");
        fine->set_party(3);
        r.set_reason(reason);
        return Call(*table_stub_, &TS::CorrectResult, r, token);
      };
    };
    const std::string seat = seats_[0];
    const std::string no_table = event_ + "/tables/tb-nope";
    return {
        {"TableService.OpenTable", "no token", StatusCode::UNAUTHENTICATED, "token",
         open([](auto&) {}, "")},
        {"TableService.OpenTable", "a seat token", StatusCode::PERMISSION_DENIED, event_,
         open([](auto&) {}, seat)},
        {"TableService.OpenTable", "unknown event", StatusCode::NOT_FOUND, "ev-nope",
         open([](auto& r) { r.set_parent("events/ev-nope"); })},
        {"TableService.OpenTable", "no board_set", kInvalid, "boardSets/{id}",
         open([](auto& r) { r.clear_board_set(); })},
        {"TableService.OpenTable", "unknown board set", StatusCode::NOT_FOUND, "bs-nope",
         open([this](auto& r) { r.set_board_set(event_ + "/boardSets/bs-nope"); })},
        {"TableService.OpenTable", "no boards", kInvalid, "boards",
         open([](auto& r) { r.clear_boards(); })},
        {"TableService.OpenTable", "board 0", kInvalid, "board 0",
         open([](auto& r) { r.set_boards(0, 0); })},
        {"TableService.OpenTable", "board 2^31-1", kInvalid, "board 2147483647",
         open([](auto& r) { r.set_boards(0, INT_MAX); })},
        {"TableService.OpenTable", "board listed twice", kInvalid, "listed twice",
         open([](auto& r) { r.add_boards(1); })},
        {"TableService.OpenTable", "100,000 boards", kInvalid, "at most 1000", open([](auto& r) {
           for (int i = 0; i < 100000; ++i) r.add_boards(1 + i % 16);
         })},
        {"TableService.OpenTable", "1 MB label", kInvalid, "label",
         open([](auto& r) { r.set_label(Huge()); })},
        {"TableService.OpenTable", "2 player_names for 3 chairs", kInvalid, "player_names",
         open([](auto& r) {
           r.add_player_names("A");
           r.add_player_names("B");
         })},
        {"TableService.OpenTable", "a 1 MB player name", kInvalid, "player_names",
         open([](auto& r) {
           r.add_player_names("A");
           r.add_player_names(Huge());
           r.add_player_names("C");
         })},
        {"TableService.OpenTable", "forehand_chair 4 at 3 chairs", kInvalid, "forehand_chair 4",
         open([](auto& r) { r.set_forehand_chair(4); })},
        {"TableService.OpenTable", "mode 7", kInvalid, "mode 7",
         open([](auto& r) { r.set_mode(static_cast<v1::TableMode>(7)); })},
        {"TableService.GetTable", "no token", StatusCode::UNAUTHENTICATED, "token",
         get(table_, "")},
        {"TableService.GetTable", "wrong token", StatusCode::PERMISSION_DENIED, table_,
         get(table_, "not-a-token")},
        {"TableService.GetTable", "another table's seat token", StatusCode::PERMISSION_DENIED,
         table_, get(table_, physical_seat_)},
        {"TableService.GetTable", "1 MB name", kInvalid, "tables/{id}",
         get(event_ + "/tables/" + Huge(), director_)},
        {"TableService.GetTable", "unknown table", StatusCode::NOT_FOUND, "tb-nope",
         get(no_table, director_)},
        {"TableService.JoinSeat", "no token", StatusCode::UNAUTHENTICATED, "token",
         OnTable(&TS::JoinSeat, table_, "")},
        {"TableService.JoinSeat", "the director's token", StatusCode::PERMISSION_DENIED, table_,
         OnTable(&TS::JoinSeat, table_, director_)},
        {"TableService.JoinSeat", "another table's seat token", StatusCode::PERMISSION_DENIED,
         table_, OnTable(&TS::JoinSeat, table_, finished_seat_)},
        {"TableService.JoinSeat", "malformed table", kInvalid, "tables/{id}",
         OnTable(&TS::JoinSeat, "tables/x", seat)},
        {"TableService.WatchSeat", "no token", StatusCode::UNAUTHENTICATED, "token",
         watch(table_, "")},
        {"TableService.WatchSeat", "another table's seat token", StatusCode::PERMISSION_DENIED,
         table_, watch(table_, physical_seat_)},
        {"TableService.WatchSeat", "malformed table", kInvalid, "tables/{id}",
         watch(event_ + "/tables/" + Huge(), seat)},
        {"TableService.Act", "no token", StatusCode::UNAUTHENTICATED, "token",
         OnTable(&TS::Act, table_, "")},
        {"TableService.Act", "the director's token", StatusCode::PERMISSION_DENIED, table_,
         OnTable(&TS::Act, table_, director_)},
        {"TableService.Act", "a seat of another table", StatusCode::PERMISSION_DENIED, physical_,
         Act(mover_, [this](auto& r) { r.set_table(physical_); })},
        {"TableService.Act", "sequence 0", kInvalid, "sequence 0",
         Act(mover_, [](auto& r) { r.set_sequence(0); })},
        {"TableService.Act", "sequence -2^63", kInvalid, "is not a sequence number",
         Act(mover_, [](auto& r) { r.set_sequence(INT64_MIN); })},
        {"TableService.Act", "no act", kInvalid, "act.type 0",
         Act(mover_, [](auto& r) { r.clear_act(); })},
        {"TableService.Act", "act.type 99", kInvalid, "act.type 99",
         Act(mover_, [](auto& r) { r.mutable_act()->set_type(static_cast<v1::ActType>(99)); })},
        {"TableService.Act", "acting for another chair (its seat)", kInvalid, "act.seat",
         Act(mover_, [this](auto& r) { r.mutable_act()->set_seat(idle_seat_); })},
        {"TableService.Act", "a chair out of turn", kPrecondition, "middlehand is to speak",
         Act(idle_, [](auto& r) { r.mutable_act()->clear_seat(); })},
        {"TableService.Act", "a board not in play", kPrecondition, "board 2 is not in play",
         Act(mover_, [](auto& r) { r.set_board_number(2); })},
        {"TableService.Act", "a board not of the table", kPrecondition, "board 9 is not in play",
         Act(mover_, [](auto& r) { r.set_board_number(9); })},
        {"TableService.Act", "bid -1", kInvalid, "act.bid -1",
         Act(mover_,
             [](auto& r) {
               r.mutable_act()->set_type(v1::ACT_TYPE_BID);
               r.mutable_act()->set_bid(-1);
             })},
        {"TableService.Act", "a timeout sent by a player (D56: the clock's act)", kPrecondition,
         "timeout is the table clock's act",
         Act(mover_, [](auto& r) { r.mutable_act()->set_type(v1::ACT_TYPE_TIMEOUT); })},
        {"TableService.Act", "100,000 cards", kInvalid, "act.cards",
         Act(mover_,
             [](auto& r) {
               r.mutable_act()->set_type(v1::ACT_TYPE_PLAY);
               for (int i = 0; i < 100000; ++i) r.mutable_act()->add_cards("CJ");
             })},
        {"TableService.Act", "a 1 MB card", kInvalid, "act.cards",
         Act(mover_,
             [](auto& r) {
               r.mutable_act()->set_type(v1::ACT_TYPE_PLAY);
               r.mutable_act()->add_cards(Huge());
             })},
        {"TableService.Act", "a finished table", kPrecondition, "has finished",
         [this] {
           v1::ActRequest r;
           r.set_table(finished_);
           r.set_sequence(1000);
           *r.mutable_act() = legal_;
           return Call(*table_stub_, &TS::Act, r, finished_seat_);
         }},
        {"TableService.Act", "a used sequence number with another act", kPrecondition,
         "was used for",
         [this] {
           v1::ActRequest r;
           r.set_table(finished_);
           r.set_sequence(1);
           return Call(*table_stub_, &TS::Act, r, finished_seat_);
         }},
        {"TableService.Act", "a physical table", kPrecondition, "physical",
         [this] {
           v1::ActRequest r;
           r.set_table(physical_);
           r.set_sequence(1);
           *r.mutable_act() = legal_;
           return Call(*table_stub_, &TS::Act, r, physical_seat_);
         }},
        {"TableService.ListGames", "no token", StatusCode::UNAUTHENTICATED, "token",
         OnTable(&TS::ListGames, table_, "")},
        {"TableService.ListGames", "a seat token", StatusCode::PERMISSION_DENIED, table_,
         OnTable(&TS::ListGames, table_, seat)},
        {"TableService.ListGames", "unknown table", StatusCode::NOT_FOUND, "tb-nope",
         OnTable(&TS::ListGames, no_table, director_)},
        {"TableService.ListGames", "page_size -1", kInvalid, "page_size -1",
         Paged(&TS::ListGames, table_, director_, -1, "")},
        {"TableService.ListGames", "a forged page_token", kInvalid, "page_token",
         Paged(&TS::ListGames, table_, director_, 0, kForgedPageToken)},
        {"TableService.SubmitResult", "no token", StatusCode::UNAUTHENTICATED, "token",
         submit(
             physical_, 3, [](auto&) {}, "")},
        {"TableService.SubmitResult", "an online table", kPrecondition, "plays online",
         submit(
             table_, 1, [](auto&) {}, seat)},
        {"TableService.SubmitResult", "a board not of the table", kInvalid, "board_number 1",
         submit(
             physical_, 1, [](auto&) {}, physical_seat_)},
        {"TableService.SubmitResult", "report.kind UNSPECIFIED", kInvalid, "report.kind",
         submit(
             physical_, 3, [](auto& r) { r.clear_kind(); }, physical_seat_)},
        {"TableService.SubmitResult", "100,000 fines", kInvalid, "report.fines",
         submit(
             physical_, 3,
             [](auto& r) {
               for (int i = 0; i < 100000; ++i) r.add_fines()->set_kind("misdeal");
             },
             physical_seat_)},
        {"TableService.SubmitResult", "declarer_points 2^31-1", kInvalid, "2147483647",
         submit(
             physical_, 3,
             [](auto& r) {
               r.set_kind(v1::GameResult::KIND_DECLARER_GAME);
               r.set_declarer(v1::DIRECTION_FOREHAND);
               r.mutable_declaration()->set_handling(v1::SKAT_HANDLING_HAND);
               r.mutable_declaration()->set_game(v1::GAME_TYPE_HEARTS);
               r.set_floor(18);
               r.set_declarer_points(INT_MAX);
               r.set_declarer_tricks(5);
             },
             physical_seat_)},
        {"TableService.SubmitResult", "100,000 card_points", kInvalid, "report.card_points",
         submit(
             physical_, 3,
             [](auto& r) {
               r.set_kind(v1::GameResult::KIND_RAMSCH);
               for (int i = 0; i < 100000; ++i) r.add_card_points(40);
             },
             physical_seat_)},
        {"TableService.SubmitResult", "a 1 MB fine kind", kInvalid, "report.fines",
         submit(
             physical_, 3, [](auto& r) { r.add_fines()->set_kind(Huge()); }, physical_seat_)},
        {"TableService.ConfirmResult", "no result yet", StatusCode::NOT_FOUND, "no result",
         confirm(physical_, 3, physical_seat_)},
        {"TableService.ConfirmResult", "wrong token", StatusCode::PERMISSION_DENIED, physical_,
         confirm(physical_, 3, "not-a-token")},
        {"TableService.ConfirmResult", "an online table", kPrecondition, "plays online",
         confirm(table_, 1, seat)},
        {"TableService.CorrectResult", "a seat token", StatusCode::PERMISSION_DENIED, physical_,
         correct(physical_, "typo", physical_seat_)},
        {"TableService.CorrectResult", "blank reason", kInvalid, "reason",
         correct(physical_, " \n", director_)},
        {"TableService.CorrectResult", "1 MB reason", kInvalid, "reason",
         correct(physical_, Huge(), director_)},
        {"TableService.CorrectResult", "no result yet", StatusCode::NOT_FOUND, "no result",
         correct(physical_, "typo", director_)},
        {"TableService.ListResults", "no token", StatusCode::UNAUTHENTICATED, "token",
         OnTable(&TS::ListResults, physical_, "")},
        {"TableService.ListResults", "malformed table", kInvalid, "tables/{id}",
         OnTable(&TS::ListResults, "events//tables/x", director_)},
        {"TableService.ListResults", "page_size -1", kInvalid, "page_size -1",
         Paged(&TS::ListResults, physical_, director_, -1, "")},
        {"TableService.ListResults", "a forged page_token", kInvalid, "page_token",
         Paged(&TS::ListResults, physical_, director_, 0, kForgedPageToken)},
        {"TableService.ListRefusedReports", "a made-up decimal page_token", kInvalid, "page_token",
         Paged(&TS::ListRefusedReports, physical_, director_, 0, "42")},
        {"TableService.ListRefusedReports", "a seat token", StatusCode::PERMISSION_DENIED,
         physical_, OnTable(&TS::ListRefusedReports, physical_, physical_seat_)},
        {"TableService.ListRefusedReports", "malformed table", kInvalid, "tables/{id}",
         OnTable(&TS::ListRefusedReports, "events//tables/x", director_)},
        {"TableService.ListRefusedReports", "page_size -1", kInvalid, "page_size",
         [this] {
           v1::ListRefusedReportsRequest r;
           r.set_table(physical_);
           r.set_page_size(-1);
           return Call(*table_stub_, &TS::ListRefusedReports, r, director_);
         }},
        {"TableService.ListRefusedReports", "a forged page_token", kInvalid, "page_token",
         [this] {
           v1::ListRefusedReportsRequest r;
           r.set_table(physical_);
           r.set_page_token(Huge());
           return Call(*table_stub_, &TS::ListRefusedReports, r, director_);
         }},
    };
  }

  std::vector<Case> RotateCases() {
    auto rotate = [this](std::string table, int chair, std::string token) {
      return [=, this] {
        v1::RotateSeatTokenRequest r;
        r.set_table(table);
        r.set_chair(chair);
        return Call(*table_stub_, &TS::RotateSeatToken, r, token);
      };
    };
    return {
        {"TableService.RotateSeatToken", "no token", StatusCode::UNAUTHENTICATED, "token",
         rotate(table_, 1, "")},
        {"TableService.RotateSeatToken", "the chair's own seat token",
         StatusCode::PERMISSION_DENIED, table_, rotate(table_, 1, seats_[0])},
        {"TableService.RotateSeatToken", "malformed table", kInvalid, "tables/{id}",
         rotate("events//tables/x", 1, director_)},
        {"TableService.RotateSeatToken", "1 MB table", kInvalid, "tables/{id}",
         rotate(Huge(), 1, director_)},
        {"TableService.RotateSeatToken", "unknown table", StatusCode::NOT_FOUND, "tb-nope",
         rotate(event_ + "/tables/tb-nope", 1, director_)},
        {"TableService.RotateSeatToken", "chair 0", kInvalid, "chair 0",
         rotate(table_, 0, director_)},
        {"TableService.RotateSeatToken", "chair 4 of 3", kInvalid, "chair 4",
         rotate(table_, 4, director_)},
        {"TableService.RotateSeatToken", "chair -2^31", kInvalid, "chair -2147483648",
         rotate(table_, INT_MIN, director_)},
    };
  }

  // docs/tables.md "Table codes": no code needed, nothing written, one answer per wrong code.
  std::vector<Case> FindTableCodeCases() {
    auto find = [this](std::string code) {
      return [=, this] {
        v1::FindTableCodeRequest r;
        r.set_code(code);
        return Call(*table_stub_, &TS::FindTableCode, r, "");
      };
    };
    return {
        {"TableService.FindTableCode", "no code", kInvalid, "not a table code", find("")},
        {"TableService.FindTableCode", "1 MB code", kInvalid, "not a table code", find(Huge())},
        {"TableService.FindTableCode", "13 characters", kInvalid, "not a table code",
         find("K7QM-2XPA-9DWEX")},
        {"TableService.FindTableCode", "a code of no table", StatusCode::PERMISSION_DENIED,
         "not the table code of a table", find("K7QM-2XPA-9DWE")},
    };
  }

  std::vector<Case> SetSeatBotCases() {
    auto bot = [this](std::string table, int chair, std::string token) {
      return [=, this] {
        v1::SetSeatBotRequest r;
        r.set_table(table);
        r.set_chair(chair);
        r.set_bot(true);
        return Call(*table_stub_, &TS::SetSeatBot, r, token);
      };
    };
    const std::string m = "TableService.SetSeatBot";
    return {
        {m, "no token", StatusCode::UNAUTHENTICATED, "token", bot(table_, 1, "")},
        {m, "the chair's own seat token", StatusCode::PERMISSION_DENIED, table_,
         bot(table_, 1, seats_[0])},
        {m, "malformed table", kInvalid, "tables/{id}", bot("events//tables/x", 1, director_)},
        {m, "1 MB table", kInvalid, "tables/{id}", bot(Huge(), 1, director_)},
        {m, "unknown table", StatusCode::NOT_FOUND, "tb-nope",
         bot(event_ + "/tables/tb-nope", 1, director_)},
        {m, "chair 0", kInvalid, "chair 0", bot(table_, 0, director_)},
        {m, "chair 4 of 3", kInvalid, "chair 4", bot(table_, 4, director_)},
        {m, "chair -2^31", kInvalid, "chair -2147483648", bot(table_, INT_MIN, director_)},
        {m, "a physical table", StatusCode::FAILED_PRECONDITION, "not played online",
         bot(physical_, 1, director_)},
        {m, "a finished table", StatusCode::FAILED_PRECONDITION, "finished",
         bot(finished_, 1, director_)},
    };
  }

  std::string session_table_;
  std::string session_;
  std::string table_;
  std::vector<std::string> seats_;
  std::string physical_;
  std::string physical_seat_;
  std::string finished_;
  std::string finished_seat_;
  int mover_ = 0;
  int idle_ = 0;
  v1::Direction idle_seat_ = v1::DIRECTION_UNSPECIFIED;
  v1::Act legal_;
};

// Chair totals (services/table/chair_totals.cc): only the director, only at a physical table of
// a session of an event that compares session totals; this event compares matchpoints.
std::vector<Case> ChairTotalCases(TS& stub, const std::string& event, const std::string& director,
                                  const std::string& online, const std::string& physical,
                                  const std::string& seat, const std::string& session,
                                  const std::string& session_table) {
  auto submit = [&stub](std::string table, int chair, int64_t total, std::string token) {
    return [=, &stub] {
      v1::SubmitChairTotalRequest r;
      r.set_table(table);
      r.set_chair(chair);
      r.set_total(total);
      return Call(stub, &TS::SubmitChairTotal, r, token);
    };
  };
  auto list = [&stub](std::string parent, std::string token) {
    return [=, &stub] {
      v1::ListChairTotalsRequest r;
      r.set_parent(parent);
      return Call(stub, &TS::ListChairTotals, r, token);
    };
  };
  const std::string nope = event + "/tables/tb-nope";
  return {
      {"TableService.SubmitChairTotal", "no token", StatusCode::UNAUTHENTICATED, "token",
       submit(physical, 1, 100, "")},
      {"TableService.SubmitChairTotal", "a seat token", StatusCode::PERMISSION_DENIED, physical,
       submit(physical, 1, 100, seat)},
      {"TableService.SubmitChairTotal", "malformed table", kInvalid, "tables/{id}",
       submit("events//tables/x", 1, 100, director)},
      {"TableService.SubmitChairTotal", "1 MB table", kInvalid, "tables/{id}",
       submit(Huge(), 1, 100, director)},
      {"TableService.SubmitChairTotal", "unknown table", StatusCode::NOT_FOUND, "tb-nope",
       submit(nope, 1, 100, director)},
      {"TableService.SubmitChairTotal", "chair 0", kInvalid, "chair 0",
       submit(physical, 0, 100, director)},
      {"TableService.SubmitChairTotal", "chair 4 at 3 chairs", kInvalid, "chair 4",
       submit(physical, 4, 100, director)},
      {"TableService.SubmitChairTotal", "total out of range", kInvalid, "total -100001",
       submit(physical, 1, -100001, director)},
      {"TableService.SubmitChairTotal", "an online table", kPrecondition, "plays online",
       submit(online, 1, 100, director)},
      {"TableService.SubmitChairTotal", "a table outside a session", kPrecondition,
       "not a table of a session", submit(physical, 1, 100, director)},
      {"TableService.SubmitChairTotal", "a session's online table", kPrecondition, "plays online",
       submit(session_table, 1, 100, director)},
      {"TableService.ListChairTotals", "no token", StatusCode::UNAUTHENTICATED, "token",
       list(session, "")},
      {"TableService.ListChairTotals", "a seat token", StatusCode::PERMISSION_DENIED, "token",
       list(session, seat)},
      {"TableService.ListChairTotals", "malformed parent", kInvalid, "sessions",
       list("events//sessions/x", director)},
      {"TableService.ListChairTotals", "1 MB parent", kInvalid, "sessions", list(Huge(), director)},
      {"TableService.ListChairTotals", "unknown session", StatusCode::NOT_FOUND, "se-nope",
       list(event + "/sessions/se-nope", director)},
  };
}

TEST_F(HostileTableTest, EveryRpcRefusesHostileRequestsAndWritesNothing) {
  std::set<std::string> covered;
  testing_hostile::RunCases(TableCases(), &covered);
  testing_hostile::RunCases(RotateCases(), &covered);
  testing_hostile::RunCases(FindTableCodeCases(), &covered);
  testing_hostile::RunCases(SetSeatBotCases(), &covered);
  testing_hostile::RunCases(ChairTotalCases(*table_stub_, event_, director_, table_, physical_,
                                            physical_seat_, session_, session_table_),
                            &covered);
  testing_hostile::CheckEveryRpcCovered({"TableService"}, covered);
}

}  // namespace
}  // namespace skat::service
