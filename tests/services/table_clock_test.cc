// The table's own acts over real gRPC against a real PostgreSQL (label db; docs/tables.md "Move
// clock and bots", docs/rules-decisions.md D72): a bot plays the chairs the director gives it, the
// move clock acts for a silent seat by the timeout rule, the acts are logged as made by "bot" or
// "clock" with sequence 0, and the log replays.
#include <algorithm>

#include "engine/players/bot.h"
#include "engine/profile.h"
#include "services/common/game_proto.h"
#include "services/table/live_table.h"
#include "tests/services/table_test_util.h"

namespace skat::service {
namespace {

using grpc::StatusCode;
using testing_table::Context;

class TableClockTest : public testing_table::TableServiceFixture {
 protected:
  grpc::Status SetBot(const std::string& token, const std::string& table, int chair, bool bot,
                      v1::Table* out) {
    v1::SetSeatBotRequest request;
    request.set_table(table);
    request.set_chair(chair);
    request.set_bot(bot);
    return table_stub_->SetSeatBot(Context(token).get(), request, out);
  }

  // The table's games through ListGames (director).
  v1::ListGamesResponse Games(const std::string& table) {
    v1::ListGamesRequest request;
    request.set_table(table);
    v1::ListGamesResponse games;
    const grpc::Status status = table_stub_->ListGames(Context(director_).get(), request, &games);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return games;
  }

  // Rebuilds the table from its stored log, as a restarted server does.
  void ExpectLogReplays(const std::string& table, const std::string& profile_name) {
    const std::string id = table.substr(table.rfind('/') + 1);
    const std::string event = event_.substr(event_.find('/') + 1);
    Result<store::TableRecord> record = store_->GetTable(event, id);
    ASSERT_TRUE(record.ok());
    std::vector<Board> boards;
    for (int b : record->boards) boards.push_back(SetBoards()[b - 1]);
    LiveTable replayed(*FindProfile(profile_name), *record, boards);
    Result<std::vector<store::LoggedActRecord>> acts = store_->ListActs(event, id);
    ASSERT_TRUE(acts.ok());
    for (const store::LoggedActRecord& act : *acts) {
      ASSERT_TRUE(replayed.Replay(act).ok()) << act.act << " by " << act.made_by;
    }
    EXPECT_TRUE(replayed.finished());
  }
};

// Reads the seat's stream until the table is finished, acting through `act` (which may decline:
// nullopt) whenever a view offers legal acts. Returns every update.
std::vector<v1::SeatUpdate> WatchAndAct(
    v1::TableService::Stub& stub, const std::string& table, const std::string& token,
    const std::function<std::optional<v1::Act>(const v1::SeatView&)>& act) {
  std::vector<v1::SeatUpdate> updates;
  v1::WatchSeatRequest watch;
  watch.set_table(table);
  auto context = Context(token);
  context->set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(60));
  auto reader = stub.WatchSeat(context.get(), watch);
  int64_t sequence = 0;
  v1::SeatUpdate update;
  while (reader->Read(&update)) {
    updates.push_back(update);
    if (update.table_finished()) break;
    if (update.view().legal_acts_size() == 0) continue;
    std::optional<v1::Act> chosen = act(update.view());
    if (!chosen) continue;
    v1::ActRequest request;
    request.set_table(table);
    request.set_sequence(++sequence);
    *request.mutable_act() = *chosen;
    v1::ActResponse response;
    const grpc::Status status = stub.Act(Context(token).get(), request, &response);
    EXPECT_TRUE(status.ok()) << status.error_message();
  }
  context->TryCancel();
  (void)reader->Finish();
  return updates;
}

v1::Act BotAct(const Profile& profile, const v1::SeatView& wire) {
  Result<SeatView> view = FromProto(wire);
  Result<std::vector<Act>> legal = LegalActsFromProto(wire);
  EXPECT_TRUE(view.ok() && legal.ok());
  v1::Act out;
  ToProto(ChooseBotAct(profile, *view, *legal, wire.act_count()), &out);
  out.clear_text();
  return out;
}

TEST_F(TableClockTest, BotsPlayTheChairsTheDirectorGivesThem) {
  CreateEventAndSet(2);
  v1::OpenTableResponse opened;
  ASSERT_TRUE(OpenTable({1, 2}, &opened).ok());
  const std::string table = opened.table().name();
  EXPECT_EQ(opened.table().move_seconds(), 0);  // nasl-1909 has no clock
  v1::Table out;
  EXPECT_EQ(SetBot("", table, 2, true, &out).error_code(), StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(SetBot(opened.seat_tokens(1), table, 2, true, &out).error_code(),
            StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(SetBot(director_, table, 4, true, &out).error_code(), StatusCode::INVALID_ARGUMENT);
  ASSERT_TRUE(SetBot(director_, table, 3, true, &out).ok());
  ASSERT_TRUE(SetBot(director_, table, 2, true, &out).ok());
  ASSERT_TRUE(SetBot(director_, table, 2, true, &out).ok());  // again: no change
  EXPECT_EQ(std::vector<int>(out.bot_chairs().begin(), out.bot_chairs().end()),
            (std::vector<int>{2, 3}));

  // Chair 1 plays both boards against the bots.
  const Profile& profile = *FindProfile("nasl-1909");
  const std::vector<v1::SeatUpdate> updates =
      WatchAndAct(*table_stub_, table, opened.seat_tokens(0),
                  [&](const v1::SeatView& view) { return BotAct(profile, view); });
  ASSERT_FALSE(updates.empty());
  EXPECT_TRUE(updates.back().table_finished());
  for (const v1::SeatUpdate& u : updates) {
    EXPECT_EQ(std::vector<int>(u.view().bot_chairs().begin(), u.view().bot_chairs().end()),
              (std::vector<int>{2, 3}));
  }
  int bot_acts = 0;
  const v1::ListGamesResponse games = Games(table);
  for (const v1::GameLog& game : games.games()) {
    EXPECT_TRUE(game.finished());
    for (const v1::LoggedAct& act : game.acts()) {
      EXPECT_EQ(act.made_by(), act.chair() == 1 ? "seat" : "bot") << act.text();
      EXPECT_EQ(act.sequence() == 0, act.chair() != 1) << act.text();
      bot_acts += act.chair() != 1;
    }
  }
  EXPECT_GT(bot_acts, 10);
  ExpectLogReplays(table, "nasl-1909");

  EXPECT_EQ(SetBot(director_, table, 2, false, &out).error_code(),
            StatusCode::FAILED_PRECONDITION);  // finished
  v1::OpenTableResponse physical;
  ASSERT_TRUE(OpenTable({1}, &physical, v1::TABLE_MODE_PHYSICAL).ok());
  EXPECT_EQ(SetBot(director_, physical.table().name(), 1, true, &out).error_code(),
            StatusCode::FAILED_PRECONDITION);
}

// D72 with D56: forehand bids and declares, then lets his clock run out at his first lead: the
// clock records his timeout and he loses, as by the ISS's rule. Under isko a table's clock is the
// profile's unless it sets its own.
TEST_F(TableClockTest, TheClockActsForASilentSeat) {
  CreateEventAndSet(1, 3, "isko");
  v1::OpenTableResponse opened;
  ASSERT_TRUE(OpenTable({1}, &opened).ok());
  EXPECT_EQ(opened.table().move_seconds(), 60);
  v1::OpenTableRequest request;
  request.set_parent(event_);
  request.set_board_set(set_);
  request.add_boards(1);
  request.set_move_seconds(3601);
  EXPECT_EQ(table_stub_->OpenTable(Context(director_).get(), request, &opened).error_code(),
            StatusCode::INVALID_ARGUMENT);
  request.set_move_seconds(1);
  ASSERT_TRUE(table_stub_->OpenTable(Context(director_).get(), request, &opened).ok());
  const std::string table = opened.table().name();
  EXPECT_EQ(opened.table().move_seconds(), 1);
  v1::Table out;
  ASSERT_TRUE(SetBot(director_, table, 2, true, &out).ok());
  ASSERT_TRUE(SetBot(director_, table, 3, true, &out).ok());

  // Board 1: chair 1 is forehand. He holds or bids the lowest value until he is the declarer,
  // takes his game as the bot would, and plays no card.
  const Profile& profile = *FindProfile("isko");
  bool waited_in_play = false;
  const std::vector<v1::SeatUpdate> updates =
      WatchAndAct(*table_stub_, table, opened.seat_tokens(0),
                  [&](const v1::SeatView& view) -> std::optional<v1::Act> {
                    if (view.phase() == v1::PHASE_PLAYING) {
                      waited_in_play = view.move_ms_left() > 0 && view.move_ms_left() <= 1000;
                      return std::nullopt;
                    }
                    if (view.phase() != v1::PHASE_BIDDING) return BotAct(profile, view);
                    for (v1::ActType type : {v1::ACT_TYPE_HOLD, v1::ACT_TYPE_BID}) {
                      for (const v1::Act& legal : view.legal_acts()) {
                        if (legal.type() == type) return legal;
                      }
                    }
                    return std::nullopt;
                  });
  ASSERT_FALSE(updates.empty());
  EXPECT_TRUE(waited_in_play);
  const v1::SeatView& last = updates.back().view();
  EXPECT_EQ(last.move_seconds(), 1);
  EXPECT_EQ(last.result().declarer(), v1::DIRECTION_FOREHAND);
  EXPECT_FALSE(last.result().won());
  const v1::ListGamesResponse games = Games(table);
  ASSERT_EQ(games.games_size(), 1);
  const v1::LoggedAct& timeout = games.games(0).acts(games.games(0).acts_size() - 1);
  EXPECT_EQ(timeout.text(), "F timeout");
  EXPECT_EQ(timeout.made_by(), "clock");
  EXPECT_EQ(timeout.sequence(), 0);
  ExpectLogReplays(table, "isko");
}

// Nobody connected: the clock and the bots finish the board alone, also after the server lost the
// table's lease (a rotated seat token bumps it, so the next commit fails and the table is dropped
// and held again).
TEST_F(TableClockTest, TheTableGoesOnWithoutASeatAfterALostLease) {
  CreateEventAndSet(1, 3, "isko");
  v1::OpenTableRequest request;
  request.set_parent(event_);
  request.set_board_set(set_);
  request.add_boards(1);
  request.set_move_seconds(1);
  v1::OpenTableResponse opened;
  ASSERT_TRUE(table_stub_->OpenTable(Context(director_).get(), request, &opened).ok());
  const std::string table = opened.table().name();
  v1::Table out;
  ASSERT_TRUE(SetBot(director_, table, 2, true, &out).ok());  // holds the table
  ASSERT_TRUE(SetBot(director_, table, 3, true, &out).ok());
  // The bots have acted; the clock waits for chair 1.
  v1::RotateSeatTokenRequest rotate;
  rotate.set_table(table);
  rotate.set_chair(1);
  v1::RotateSeatTokenResponse rotated;
  ASSERT_TRUE(table_stub_->RotateSeatToken(Context(director_).get(), rotate, &rotated).ok());
  // The game is listed once its first act is stored (not yet, on a slow machine, when the
  // rotation returns).
  auto finished = [&] {
    const v1::ListGamesResponse games = Games(table);
    return games.games_size() > 0 && games.games(0).finished();
  };
  for (int i = 0; i < 300 && !finished(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  const v1::ListGamesResponse games = Games(table);
  ASSERT_EQ(games.games_size(), 1);
  ASSERT_TRUE(games.games(0).finished());
  for (const v1::LoggedAct& act : games.games(0).acts()) {
    EXPECT_EQ(act.made_by(), act.chair() == 1 ? "clock" : "bot") << act.text();
  }
}

}  // namespace
}  // namespace skat::service
