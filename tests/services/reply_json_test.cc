// The JSON door's printing of replies (docs/web.md "Lean replies on the play page's methods"),
// without a server: printed from the wire bytes it is the text protobuf's MessageToJsonString
// gives for the parsed message, with every field or lean; WatchSeat and Act are the lean
// methods; the hand-printed SeatUpdate is byte for byte the library's lean text over every view
// of random games, and it reads back as the same message.
#include "services/web/reply_json.h"

#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/players/random_play.h"
#include "engine/profile.h"
#include "engine/view.h"
#include "services/common/game_proto.h"
#include "services/web/play_reply_json.h"
#include "skat/v1/table_service.pb.h"
#include "tests/test_scale.h"

namespace skat::web {
namespace {

namespace pb = google::protobuf;

const char kTable[] = "events/e-1909/tables/t-7";

std::string LibraryJson(const pb::Message& m, JsonFields fields) {
  pb::util::JsonPrintOptions options;
  options.always_print_primitive_fields = fields == JsonFields::kAll;
  std::string json;
  EXPECT_TRUE(pb::util::MessageToJsonString(m, &json, options).ok());
  return json;
}

// What the table service sends a chair (services/table/live_table.cc LiveTable::ViewOf).
v1::SeatView ViewOfChair(const Game& game, Direction seat, int board_index) {
  v1::SeatView out;
  service::ToProto(ViewOf(game, seat), &out);
  out.set_table(kTable);
  out.set_board_number(board_index + 1);
  out.set_board_index(board_index);
  out.set_act_count(static_cast<int>(game.acts().size()));
  out.set_chair(Index(seat) + 1);
  out.set_forehand_chair(1);
  if (WaitsFor(game, seat)) {
    for (const Act& act : game.LegalActs(seat)) {
      if (act.type == ActType::kTimeout) continue;
      v1::Act* legal = out.add_legal_acts();
      service::ToProto(act, legal);
      legal->clear_text();
    }
  }
  out.set_move_seconds(board_index % 2 == 0 ? 0 : 60);
  if (board_index % 3 == 1) out.add_bot_chairs(2);
  return out;
}

// Every reply of a short play, in the order a table sends them: JoinSeat's Seat, each act's
// ActResponse and SeatUpdates, GetTable's Table, ListGames' games.
std::vector<std::unique_ptr<pb::Message>> RepliesOfAPlay(uint64_t seed) {
  std::vector<std::unique_ptr<pb::Message>> out;
  Rng rng(seed);
  auto log = std::make_unique<v1::ListGamesResponse>();
  for (int board = 0; board < 3; ++board) {
    Game game(board == 1 ? Isko() : Nasl1909(), RandomBoard(rng));
    auto seat = std::make_unique<v1::Seat>();
    seat->set_table(kTable);
    seat->set_chair(1);
    *seat->mutable_view() = ViewOfChair(game, Direction::kForehand, board);
    out.push_back(std::move(seat));
    v1::GameLog* game_log = log->add_games();
    game_log->set_board_number(board + 1);
    game_log->set_board_index(board);
    game_log->set_source("online");
    game_log->set_deal_number(seed * 1000003 + board);
    while (!game.finished()) {
      const Act act = RandomAct(game, rng);
      if (!game.Apply(act).ok()) {
        ADD_FAILURE() << "RandomAct made an act the game refused";
        return out;
      }
      auto reply = std::make_unique<v1::ActResponse>();
      reply->set_sequence(static_cast<int64_t>(game.acts().size()) * 3);
      reply->set_board_number(board + 1);
      reply->set_board_index(board);
      reply->set_act_index(static_cast<int>(game.acts().size()) - 1);
      service::ToProto(game.acts().back(), reply->mutable_act());
      reply->set_game_finished(game.finished());
      reply->set_table_finished(game.finished() && board == 2);
      out.push_back(std::move(reply));
      v1::LoggedAct* logged = game_log->add_acts();
      logged->set_chair(Index(act.seat) + 1);
      logged->set_sequence(static_cast<int64_t>(game.acts().size()));
      logged->set_text(ActLine(game.acts().back()));
      for (const Direction d : kDirections) {
        auto update = std::make_unique<v1::SeatUpdate>();
        *update->mutable_view() = ViewOfChair(game, d, board);
        update->set_table_finished(game.finished() && board == 2);
        out.push_back(std::move(update));
      }
    }
    service::ToProto(game.result(), game_log->mutable_result());
    game_log->set_finished(true);
  }
  out.push_back(std::move(log));
  return out;
}

TEST(ReplyJsonTest, WatchSeatAndActAreLeanEveryOtherMethodPrintsEveryField) {
  const pb::DescriptorPool* pool = pb::DescriptorPool::generated_pool();
  const pb::ServiceDescriptor* tables = pool->FindServiceByName("skat.v1.TableService");
  ASSERT_NE(tables, nullptr);
  for (int i = 0; i < tables->method_count(); ++i) {
    const pb::MethodDescriptor* method = tables->method(i);
    const bool lean = method->name() == "WatchSeat" || method->name() == "Act";
    EXPECT_EQ(FieldsOf(method), lean ? JsonFields::kLean : JsonFields::kAll) << method->name();
  }
  const pb::MethodDescriptor* standings =
      pool->FindMethodByName("skat.v1.ScoringService.WatchStandings");
  ASSERT_NE(standings, nullptr);
  EXPECT_EQ(FieldsOf(standings), JsonFields::kAll);
}

// Every reply type of a short play (3 boards, nasl-1909 and isko), both ways.
TEST(ReplyJsonTest, FromTheWireBytesItIsTheLibrarysTextOfTheMessage) {
  int seat_updates = 0;
  for (const auto& reply : RepliesOfAPlay(7)) {
    const std::string wire = reply->SerializeAsString();
    for (const JsonFields fields : {JsonFields::kAll, JsonFields::kLean}) {
      Result<std::string> json = WireToJson(reply->GetDescriptor(), wire, fields);
      ASSERT_TRUE(json.ok()) << json.status().message();
      ASSERT_EQ(*json, LibraryJson(*reply, fields)) << reply->GetTypeName();
    }
    seat_updates += reply->GetDescriptor() == v1::SeatUpdate::descriptor();
  }
  EXPECT_GT(seat_updates, 3 * 3 * 10);
  // A lean act at its defaults: nothing but what was set.
  v1::ActResponse first;
  first.set_board_number(1);
  EXPECT_EQ(WireToJson(v1::ActResponse::descriptor(), first.SerializeAsString(), JsonFields::kLean)
                .value(),
            "{\"boardNumber\":1}");
}

// Property: over every view and act of random games under three profiles, the hand-printed
// SeatUpdate and ActResponse are the library's lean text byte for byte, and the SeatUpdate reads
// back as the same message.
TEST(SeatUpdateJsonTest, EveryViewOfRandomGamesIsTheLibrarysLeanText) {
  const int games = testing_scale::Scaled(300, 40);
  const Profile* profiles[] = {&Nasl1909(), &Isko(), &GuckiVariation()};
  Rng rng(1909);
  long views = 0;
  for (int g = 0; g < games; ++g) {
    Game game(*profiles[g % 3], RandomBoard(rng));
    while (true) {
      for (const Direction d : kDirections) {
        v1::SeatUpdate update;
        *update.mutable_view() = ViewOfChair(game, d, g % 4);
        update.set_table_finished(game.finished() && g % 2 == 0);
        std::string fast;
        ASSERT_TRUE(AppendSeatUpdateJson(update, fast)) << update.ShortDebugString();
        ASSERT_EQ(fast, LibraryJson(update, JsonFields::kLean)) << "game " << g;
        v1::SeatUpdate back;
        ASSERT_TRUE(pb::util::JsonStringToMessage(fast, &back).ok()) << fast;
        ASSERT_TRUE(pb::util::MessageDifferencer::Equals(back, update)) << fast;
        ++views;
      }
      if (game.finished()) break;
      ASSERT_TRUE(game.Apply(RandomAct(game, rng)).ok());
      v1::ActResponse reply;
      reply.set_sequence(static_cast<int64_t>(game.acts().size()) - 1);
      reply.set_board_number(g % 4 + 1);
      reply.set_board_index(g % 4);
      reply.set_act_index(static_cast<int>(game.acts().size()) - 1);
      service::ToProto(game.acts().back(), reply.mutable_act());
      reply.set_game_finished(game.finished());
      reply.set_table_finished(game.finished() && g % 2 == 0);
      std::string fast;
      ASSERT_TRUE(AppendActResponseJson(reply, fast)) << reply.ShortDebugString();
      ASSERT_EQ(fast, LibraryJson(reply, JsonFields::kLean)) << "game " << g;
    }
  }
  EXPECT_GT(views, games * 3 * 20);
}

// What it leaves to the library: a string it does not print as is, an enum value without a
// name. WireToJson then prints through the library, with the same text.
TEST(SeatUpdateJsonTest, WhatItCannotPrintExactlyGoesToTheLibrary) {
  for (const std::string& table : {std::string("events/a\"b/tables/t"), std::string("caf\xc3\xa9"),
                                   std::string("a<b"), std::string("tab\t"), std::string("a\\b")}) {
    v1::SeatUpdate update;
    update.mutable_view()->set_table(table);
    std::string fast;
    EXPECT_FALSE(AppendSeatUpdateJson(update, fast)) << table;
    EXPECT_EQ(
        WireToJson(v1::SeatUpdate::descriptor(), update.SerializeAsString(), JsonFields::kLean)
            .value(),
        LibraryJson(update, JsonFields::kLean));
  }
  v1::SeatUpdate unnamed;
  unnamed.mutable_view()->set_phase(static_cast<v1::Phase>(77));
  std::string fast;
  EXPECT_FALSE(AppendSeatUpdateJson(unnamed, fast));
  EXPECT_EQ(WireToJson(v1::SeatUpdate::descriptor(), unnamed.SerializeAsString(), JsonFields::kLean)
                .value(),
            LibraryJson(unnamed, JsonFields::kLean));
  // A fresh board at act 0: every number 0 is left out, set sub-messages stay as {}.
  v1::SeatUpdate fresh;
  fresh.mutable_view()->set_board_number(1);
  fresh.mutable_view()->mutable_current_trick();
  fast.clear();
  ASSERT_TRUE(AppendSeatUpdateJson(fresh, fast));
  EXPECT_EQ(fast, "{\"view\":{\"boardNumber\":1,\"currentTrick\":{}}}");
  EXPECT_EQ(fast, LibraryJson(fresh, JsonFields::kLean));
}

}  // namespace
}  // namespace skat::web
