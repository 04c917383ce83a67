// DealService.RevealBoardSet while the set is in play (docs/board-sets.md "Reveal"), over real
// gRPC on loopback against a real PostgreSQL (label db): the seed shows every hand, so a reveal
// is refused while a table of a session on the set has a board without a counting result, and
// the refusal changes nothing; force needs a reason, and a forced reveal keeps it; once every
// board counts a plain reveal works.
#include <string>
#include <vector>

#include "tests/services/table_test_util.h"

namespace skat::service {
namespace {

using grpc::StatusCode;
using testing_table::Context;
using testing_table::Reason;

// A passed-in board (the dealer fined for a misdeal), entered by the director: it counts at once.
v1::SubmitResultRequest PassedIn(const std::string& table, int board) {
  v1::SubmitResultRequest r;
  r.set_table(table);
  r.set_board_number(board);
  r.mutable_report()->set_kind(v1::GameResult::KIND_PASSED_IN);
  v1::Fine* fine = r.mutable_report()->add_fines();
  fine->set_kind("misdeal");
  fine->set_party(3);
  return r;
}

class RevealInPlayTest : public testing_table::TableServiceFixture {
 protected:
  void SetUp() override {
    TableServiceFixture::SetUp();
    CreateEventAndSet(3);
    for (const char* name : {"Anna", "Bernd", "Clara"}) {
      v1::AddPlayerRequest player;
      player.set_parent(event_);
      player.set_display_name(name);
      v1::Player p;
      ASSERT_TRUE(event_stub_->AddPlayer(Context(director_).get(), player, &p).ok());
      players_.push_back(p.name());
    }
  }

  // A congress session of one round at physical tables on `set`: its (table, board) pairs.
  std::vector<std::pair<std::string, int>> StartSession(const std::string& set) {
    v1::StartSessionRequest start;
    start.set_parent(event_);
    start.set_board_set(set);
    start.set_movement(v1::MOVEMENT_KIND_CONGRESS);
    start.set_rounds(1);
    start.set_mode(v1::TABLE_MODE_PHYSICAL);
    for (const std::string& p : players_) start.add_players(p);
    v1::StartSessionResponse session;
    const grpc::Status started =
        event_stub_->StartSession(Context(director_).get(), start, &session);
    EXPECT_TRUE(started.ok()) << started.error_message();
    std::vector<std::pair<std::string, int>> boards;
    for (const v1::SessionTable& t : session.session().tables()) {
      for (int board : t.boards()) boards.emplace_back(t.table(), board);
    }
    return boards;
  }

  void Finish(const std::pair<std::string, int>& board) {
    v1::ResultEntry entry;
    const grpc::Status submitted = table_stub_->SubmitResult(
        Context(director_).get(), PassedIn(board.first, board.second), &entry);
    ASSERT_TRUE(submitted.ok()) << submitted.error_message();
    ASSERT_TRUE(entry.counts());
  }

  // RevealBoardSet as the director; `reason_code` gets the reason of a refusal.
  grpc::Status Reveal(const std::string& set, bool force, const std::string& reason,
                      v1::BoardSet* out, std::string* reason_code = nullptr) {
    v1::RevealBoardSetRequest request;
    request.set_name(set);
    request.set_force(force);
    request.set_reason(reason);
    auto context = Context(director_);
    const grpc::Status status = deal_stub_->RevealBoardSet(context.get(), request, out);
    if (reason_code != nullptr) *reason_code = Reason(*context);
    return status;
  }

  v1::BoardSet GetSet(const std::string& set) {
    v1::GetBoardSetRequest request;
    request.set_name(set);
    v1::BoardSet got;
    EXPECT_TRUE(deal_stub_->GetBoardSet(Context("").get(), request, &got).ok());
    return got;
  }

  // GetBoard without a token: UNAUTHENTICATED while the set's hands are hidden.
  StatusCode BoardWithoutToken(const std::string& set) {
    v1::GetBoardRequest request;
    request.set_board_set(set);
    request.set_number(1);
    v1::Board board;
    return deal_stub_->GetBoard(Context("").get(), request, &board).error_code();
  }

  std::string CreateSet() {
    v1::CreateBoardSetRequest request;
    request.set_parent(event_);
    request.set_board_count(3);
    v1::BoardSet made;
    EXPECT_TRUE(deal_stub_->CreateBoardSet(Context(director_).get(), request, &made).ok());
    return made.name();
  }

  std::vector<std::string> players_;
};

TEST_F(RevealInPlayTest, RefusedWhileABoardIsInPlayAndChangesNothing) {
  const std::vector<std::pair<std::string, int>> boards = StartSession(set_);
  ASSERT_GE(boards.size(), 2u);
  // Every board but the last counts; the last is still in play.
  for (size_t i = 0; i + 1 < boards.size(); ++i) Finish(boards[i]);
  const v1::BoardSet before = GetSet(set_);

  v1::BoardSet response;
  std::string reason;
  const grpc::Status refused = Reveal(set_, false, "", &response, &reason);
  EXPECT_EQ(refused.error_code(), StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(reason, "board-in-play");
  const std::string open_board = "board " + std::to_string(boards.back().second) + " of table " +
                                 boards.back().first + " has no counting result";
  EXPECT_NE(refused.error_message().find(open_board), std::string::npos) << refused.error_message();
  EXPECT_NE(refused.error_message().find("(1 board of the set's tables in all)"), std::string::npos)
      << refused.error_message();

  // Force without a reason, a blank one, or a reason without force: INVALID_ARGUMENT.
  EXPECT_EQ(Reveal(set_, true, "", &response).error_code(), StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(Reveal(set_, true, " \t\n", &response).error_code(), StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(Reveal(set_, true, std::string(501, 'x'), &response).error_code(),
            StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(Reveal(set_, false, "table 2 gave up", &response).error_code(),
            StatusCode::INVALID_ARGUMENT);

  // Nothing changed: not revealed, no seed, the same version of the set, hands still hidden.
  const v1::BoardSet after = GetSet(set_);
  EXPECT_FALSE(after.revealed());
  EXPECT_TRUE(after.seed().empty());
  EXPECT_FALSE(after.has_reveal_time());
  EXPECT_FALSE(after.reveal_forced());
  EXPECT_EQ(after.SerializeAsString(), before.SerializeAsString());
  EXPECT_EQ(BoardWithoutToken(set_), StatusCode::UNAUTHENTICATED);

  // Once the last board counts, a plain reveal works.
  Finish(boards.back());
  const grpc::Status revealed = Reveal(set_, false, "", &response);
  ASSERT_TRUE(revealed.ok()) << revealed.error_message();
  EXPECT_TRUE(response.revealed());
  EXPECT_EQ(response.seed().size(), 64u);
  EXPECT_TRUE(response.has_reveal_time());
  EXPECT_GE(response.reveal_time().seconds(), response.create_time().seconds());
  EXPECT_FALSE(response.reveal_forced());
  EXPECT_EQ(response.reveal_reason(), "");
  EXPECT_EQ(BoardWithoutToken(set_), StatusCode::OK);
}

TEST_F(RevealInPlayTest, ForceWithAReasonRevealsAndKeepsTheReason) {
  const std::string set = CreateSet();
  ASSERT_FALSE(StartSession(set).empty());  // no board counts yet
  const std::string why = "Table 2 abandoned the session; its boards are replayed next week";

  v1::BoardSet response;
  const grpc::Status forced = Reveal(set, true, why, &response);
  ASSERT_TRUE(forced.ok()) << forced.error_message();
  EXPECT_TRUE(response.revealed());
  EXPECT_TRUE(response.reveal_forced());
  EXPECT_EQ(response.reveal_reason(), why);
  EXPECT_TRUE(response.has_reveal_time());

  // The reason comes back wherever the set is read: GetBoardSet and ListBoardSets.
  const v1::BoardSet got = GetSet(set);
  EXPECT_TRUE(got.revealed());
  EXPECT_EQ(got.seed(), response.seed());
  EXPECT_TRUE(got.reveal_forced());
  EXPECT_EQ(got.reveal_reason(), why);
  EXPECT_EQ(got.reveal_time().seconds(), response.reveal_time().seconds());
  v1::ListBoardSetsRequest list;
  list.set_parent(event_);
  v1::ListBoardSetsResponse listed;
  ASSERT_TRUE(deal_stub_->ListBoardSets(Context("").get(), list, &listed).ok());
  int found = 0;
  for (const v1::BoardSet& s : listed.board_sets()) {
    if (s.name() == set) {
      ++found;
      EXPECT_TRUE(s.reveal_forced());
      EXPECT_EQ(s.reveal_reason(), why);
    } else {
      EXPECT_FALSE(s.revealed()) << s.name();
      EXPECT_EQ(s.reveal_reason(), "") << s.name();
    }
  }
  EXPECT_EQ(found, 1);
  EXPECT_EQ(BoardWithoutToken(set), StatusCode::OK);

  // A second reveal, forced or not, is ALREADY_EXISTS and keeps the first reason.
  EXPECT_EQ(Reveal(set, true, "again", &response).error_code(), StatusCode::ALREADY_EXISTS);
  EXPECT_EQ(GetSet(set).reveal_reason(), why);
}

}  // namespace
}  // namespace skat::service
