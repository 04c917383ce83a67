// TableService over real gRPC on loopback against a real PostgreSQL (label db): opening tables,
// authorization, acts with sequence numbers (a repeat is answered with the original response and
// never applied twice), refusals that leave the state unchanged, 3- and 4-chair tables, and the
// hidden-information property over more than 1,000 games: every message a seat received is
// exactly the engine's view (RULES T5) and shows no card of another hand, the skat or the
// discards before the rules expose it.
#include <google/protobuf/util/message_differencer.h>

#include <atomic>
#include <map>
#include <optional>

#include "engine/board_set.h"
#include "engine/game.h"
#include "engine/players/bot.h"
#include "engine/profile.h"
#include "engine/view.h"
#include "services/common/game_proto.h"
#include "tests/services/table_test_util.h"
#include "tests/test_scale.h"

namespace skat::service {
namespace {

using grpc::StatusCode;
using testing_table::Context;
using testing_table::Reason;
using testing_table::SeatLog;
using testing_table::WirePolicy;

// The heuristic bot (or the random player) on the wire.
WirePolicy BotPolicy(const Profile& profile, uint64_t seed, bool random = false) {
  return [&profile, seed, random](const v1::SeatView& wire) {
    Result<SeatView> view = FromProto(wire);
    Result<std::vector<Act>> legal = LegalActsFromProto(wire);
    EXPECT_TRUE(view.ok() && legal.ok());
    const uint64_t s = seed * 1000003 + wire.board_number() * 131 + wire.act_count();
    const Act act = random ? ChooseRandomAct(*legal, s) : ChooseBotAct(profile, *view, *legal, s);
    v1::Act out;
    ToProto(act, &out);
    out.clear_text();
    return out;
  };
}

class TableServiceTest : public testing_table::TableServiceFixture {
 protected:
  std::vector<std::string> Tokens(const v1::OpenTableResponse& opened) {
    return {opened.seat_tokens().begin(), opened.seat_tokens().end()};
  }

  v1::Seat Join(const std::string& table, const std::string& token) {
    v1::JoinSeatRequest request;
    request.set_table(table);
    v1::Seat seat;
    grpc::Status status = table_stub_->JoinSeat(Context(token).get(), request, &seat);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return seat;
  }

  // Sends one act; `reason` receives the trailer's reason on failure.
  grpc::Status Send(const std::string& table, const std::string& token, int64_t sequence,
                    const v1::Act& act, v1::ActResponse* out, std::string* reason = nullptr) {
    v1::ActRequest request;
    request.set_table(table);
    request.set_sequence(sequence);
    *request.mutable_act() = act;
    auto context = Context(token);
    grpc::Status status = table_stub_->Act(context.get(), request, out);
    if (reason != nullptr) *reason = Reason(*context);
    return status;
  }

  // Every page of the table's games (AIP-158), pages of `page_size` boards; the boards of each
  // page in *sizes when given.
  v1::ListGamesResponse Games(const std::string& table, int page_size = 0,
                              std::vector<int>* sizes = nullptr) {
    v1::ListGamesRequest request;
    request.set_table(table);
    request.set_page_size(page_size);
    v1::ListGamesResponse games;
    do {
      v1::ListGamesResponse page;
      grpc::Status status = table_stub_->ListGames(Context(director_).get(), request, &page);
      EXPECT_TRUE(status.ok()) << status.error_message();
      if (!status.ok()) break;
      if (sizes != nullptr) sizes->push_back(page.games_size());
      request.set_page_token(page.next_page_token());
      page.clear_next_page_token();
      games.MergeFrom(page);
    } while (!request.page_token().empty());
    return games;
  }
};

v1::Act WireAct(const Act& act) {
  v1::Act out;
  ToProto(act, &out);
  out.clear_text();
  return out;
}

TEST_F(TableServiceTest, OpenTableChecksItsRequestAndTheDirector) {
  CreateEventAndSet(6);
  v1::OpenTableResponse opened;
  ASSERT_TRUE(OpenTable({1, 2, 3}, &opened).ok());
  EXPECT_EQ(opened.seat_tokens_size(), 3);
  EXPECT_EQ(opened.table().chairs(), 3);
  EXPECT_EQ(opened.table().boards_size(), 3);
  EXPECT_TRUE(opened.table().name().starts_with(event_ + "/tables/tb-"));

  v1::OpenTableResponse ignored;
  EXPECT_EQ(OpenTable({}, &ignored).error_code(), StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(OpenTable({7}, &ignored).error_code(), StatusCode::INVALID_ARGUMENT);
  grpc::Status twice = OpenTable({2, 2}, &ignored);
  EXPECT_EQ(twice.error_code(), StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(twice.error_message().find("board 2 is listed twice"), std::string::npos);

  v1::OpenTableRequest request;
  request.set_parent(event_);
  request.set_board_set(set_);
  request.add_boards(1);
  EXPECT_EQ(table_stub_->OpenTable(Context("").get(), request, &ignored).error_code(),
            StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(
      table_stub_->OpenTable(Context(opened.seat_tokens(0)).get(), request, &ignored).error_code(),
      StatusCode::PERMISSION_DENIED);
  request.add_player_names("only one name");
  EXPECT_EQ(table_stub_->OpenTable(Context(director_).get(), request, &ignored).error_code(),
            StatusCode::INVALID_ARGUMENT);
}

TEST_F(TableServiceTest, SeatsNeedTheirOwnTokens) {
  CreateEventAndSet(3);
  v1::OpenTableResponse a, b;
  ASSERT_TRUE(OpenTable({1}, &a).ok());
  ASSERT_TRUE(OpenTable({1}, &b).ok());
  v1::JoinSeatRequest join;
  join.set_table(a.table().name());
  v1::Seat seat;
  EXPECT_EQ(table_stub_->JoinSeat(Context("").get(), join, &seat).error_code(),
            StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(table_stub_->JoinSeat(Context(b.seat_tokens(0)).get(), join, &seat).error_code(),
            StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(table_stub_->JoinSeat(Context(director_).get(), join, &seat).error_code(),
            StatusCode::PERMISSION_DENIED);
  join.set_table("events/x/tables/../../etc");
  EXPECT_EQ(table_stub_->JoinSeat(Context(a.seat_tokens(0)).get(), join, &seat).error_code(),
            StatusCode::INVALID_ARGUMENT);
  // Each chair learns its chair and its direction on board 1 (docs/comparative.md
  // "Directions and chairs": board 1's
  // forehand sits in chair 1).
  for (int chair = 1; chair <= 3; ++chair) {
    v1::Seat s = Join(a.table().name(), a.seat_tokens(chair - 1));
    EXPECT_EQ(s.chair(), chair);
    EXPECT_EQ(s.last_sequence(), 0);
    EXPECT_EQ(s.view().seat(), static_cast<v1::Direction>(chair));
    EXPECT_EQ(s.view().hand_size(), 10);
    EXPECT_EQ(s.view().phase(), v1::PHASE_BIDDING);
  }
}

// RULES B1: middlehand bids first to forehand. An act out of turn, an illegal bid, a card in the
// bidding: FAILED_PRECONDITION with the engine's reason, and nothing changes.
TEST_F(TableServiceTest, RefusedActsChangeNothing) {
  CreateEventAndSet(3);
  v1::OpenTableResponse opened;
  ASSERT_TRUE(OpenTable({1}, &opened).ok());
  const std::string table = opened.table().name();
  const std::vector<std::string> tokens = Tokens(opened);
  const v1::Seat before = Join(table, tokens[1]);

  v1::ActResponse response;
  std::string reason;
  grpc::Status status =
      Send(table, tokens[0], 1, WireAct(Act::Bid(Direction::kForehand, 18)), &response, &reason);
  EXPECT_EQ(status.error_code(), StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(reason, "out-of-turn");
  status =
      Send(table, tokens[1], 1, WireAct(Act::Bid(Direction::kMiddlehand, 17)), &response, &reason);
  EXPECT_EQ(status.error_code(), StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(reason, "illegal-bid");
  EXPECT_NE(status.error_message().find("17"), std::string::npos) << status.error_message();
  status = Send(table, tokens[1], 1,
                WireAct(Act::Play(Direction::kMiddlehand, *ParseCard(before.view().hand(0)))),
                &response, &reason);
  EXPECT_EQ(status.error_code(), StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(reason, "wrong-phase");
  // Malformed acts.
  v1::Act unspecified;
  EXPECT_EQ(Send(table, tokens[1], 1, unspecified, &response).error_code(),
            StatusCode::INVALID_ARGUMENT);
  v1::Act other_seat = WireAct(Act::Bid(Direction::kForehand, 18));
  EXPECT_EQ(Send(table, tokens[1], 1, other_seat, &response).error_code(),
            StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(Send(table, tokens[1], 0, WireAct(Act::Bid(Direction::kMiddlehand, 18)), &response)
                .error_code(),
            StatusCode::INVALID_ARGUMENT);

  const v1::Seat after = Join(table, tokens[1]);
  EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(before, after))
      << before.ShortDebugString() << "\n"
      << after.ShortDebugString();
  EXPECT_EQ(Games(table).games_size(), 0);  // no act was logged
}

// docs/architecture.md "Idempotency": a repeated sequence number gets the original response and is
// never applied twice; the same number with another act is refused.
TEST_F(TableServiceTest, RepeatedSequenceNumbersAreAnsweredNotApplied) {
  CreateEventAndSet(3);
  v1::OpenTableResponse opened;
  ASSERT_TRUE(OpenTable({1}, &opened).ok());
  const std::string table = opened.table().name();
  const std::vector<std::string> tokens = Tokens(opened);

  v1::ActResponse first, again;
  ASSERT_TRUE(
      Send(table, tokens[1], 5, WireAct(Act::Bid(Direction::kMiddlehand, 18)), &first).ok());
  EXPECT_EQ(first.sequence(), 5);
  EXPECT_EQ(first.act_index(), 0);
  EXPECT_EQ(first.act().text(), "M bid 18");
  ASSERT_TRUE(
      Send(table, tokens[1], 5, WireAct(Act::Bid(Direction::kMiddlehand, 18)), &again).ok());
  EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(first, again));

  std::string reason;
  v1::ActResponse refused;
  EXPECT_EQ(Send(table, tokens[1], 5, WireAct(Act::Simple(ActType::kPass, Direction::kMiddlehand)),
                 &refused, &reason)
                .error_code(),
            StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(reason, "sequence-reused");
  EXPECT_EQ(Send(table, tokens[1], 4, WireAct(Act::Simple(ActType::kPass, Direction::kMiddlehand)),
                 &refused, &reason)
                .error_code(),
            StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(reason, "sequence-reused");

  // Forehand holds with its own numbering; the log holds exactly two acts.
  v1::ActResponse hold;
  ASSERT_TRUE(
      Send(table, tokens[0], 1, WireAct(Act::Simple(ActType::kHold, Direction::kForehand)), &hold)
          .ok());
  EXPECT_EQ(hold.act_index(), 1);
  const v1::ListGamesResponse games = Games(table);
  ASSERT_EQ(games.games_size(), 1);
  ASSERT_EQ(games.games(0).acts_size(), 2);
  EXPECT_EQ(games.games(0).acts(0).text(), "M bid 18");
  EXPECT_EQ(games.games(0).acts(0).sequence(), 5);
  EXPECT_EQ(games.games(0).acts(1).text(), "F hold");
  EXPECT_EQ(Join(table, tokens[1]).last_sequence(), 5);
}

// AIP-158 pages of boards: the same games as one page, in the table's board order, the game in
// play last; a page token works only for its own table.
TEST_F(TableServiceTest, ListGamesSendsPagesOfBoards) {
  CreateEventAndSet(6);
  v1::OpenTableResponse opened;
  ASSERT_TRUE(OpenTable({5, 1, 4, 2, 6}, &opened).ok());
  const std::string table = opened.table().name();
  const Profile& profile = Nasl1909();
  std::vector<SeatLog> logs = testing_table::DriveTable(
      *table_stub_, table, Tokens(opened), [&](int chair) { return BotPolicy(profile, chair); });
  for (const SeatLog& log : logs) EXPECT_EQ(log.error, "") << "chair " << log.chair;
  std::vector<int> sizes;
  const v1::ListGamesResponse whole = Games(table, 1000, &sizes);
  EXPECT_EQ(sizes, std::vector<int>{5});
  std::vector<int> numbers;
  for (const v1::GameLog& g : whole.games()) {
    numbers.push_back(g.board_number());
    EXPECT_TRUE(g.finished());
    EXPECT_GT(g.acts_size(), 0);
  }
  EXPECT_EQ(numbers, (std::vector<int>{5, 1, 4, 2, 6}));
  // The engine's results as stored when each game ended.
  v1::ListResultsRequest results_request;
  results_request.set_table(table);
  v1::ListResultsResponse results;
  ASSERT_TRUE(table_stub_->ListResults(Context(director_).get(), results_request, &results).ok());
  ASSERT_EQ(results.results_size(), 5);
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(whole.games(i).result().summary(), results.results(i).result().summary()) << i;
  }

  sizes.clear();
  const v1::ListGamesResponse paged = Games(table, 2, &sizes);
  EXPECT_EQ(sizes, (std::vector<int>{2, 2, 1}));
  ASSERT_EQ(paged.games_size(), whole.games_size());
  for (int i = 0; i < whole.games_size(); ++i) {
    EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(paged.games(i), whole.games(i)))
        << i;
  }

  v1::ListGamesRequest request;
  request.set_table(table);
  request.set_page_size(2);
  v1::ListGamesResponse first;
  ASSERT_TRUE(table_stub_->ListGames(Context(director_).get(), request, &first).ok());
  ASSERT_FALSE(first.next_page_token().empty());
  v1::OpenTableResponse other;
  ASSERT_TRUE(OpenTable({1}, &other).ok());
  request.set_table(other.table().name());
  request.set_page_token(first.next_page_token());
  v1::ListGamesResponse ignored;
  EXPECT_EQ(table_stub_->ListGames(Context(director_).get(), request, &ignored).error_code(),
            StatusCode::INVALID_ARGUMENT);
  // A table not yet played lists nothing, on one page.
  sizes.clear();
  EXPECT_EQ(Games(other.table().name(), 0, &sizes).games_size(), 0);
  EXPECT_EQ(sizes, std::vector<int>{0});
}

// A 4-chair table: board 1's dealer rests in chair 1 and forehand sits in chair 2
// (docs/comparative.md
// "Directions and chairs"); the resting dealer sees the public view and cannot act (RULES C3).
TEST_F(TableServiceTest, FourChairTablesRestTheDealer) {
  CreateEventAndSet(4, 4);
  v1::OpenTableResponse opened;
  ASSERT_TRUE(OpenTable({1, 2}, &opened).ok());
  ASSERT_EQ(opened.seat_tokens_size(), 4);
  const std::string table = opened.table().name();
  const v1::Seat dealer = Join(table, opened.seat_tokens(0));
  EXPECT_EQ(dealer.view().seat(), v1::DIRECTION_UNSPECIFIED);
  EXPECT_EQ(dealer.view().hand_size(), 0);
  EXPECT_EQ(dealer.view().legal_acts_size(), 0);
  EXPECT_EQ(Join(table, opened.seat_tokens(1)).view().seat(), v1::DIRECTION_FOREHAND);
  v1::ActResponse response;
  std::string reason;
  EXPECT_EQ(Send(table, opened.seat_tokens(0), 1, WireAct(Act::Bid(Direction::kMiddlehand, 18)),
                 &response, &reason)
                .error_code(),
            StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(reason, "out-of-turn");

  const Profile& profile = Nasl1909();
  std::vector<SeatLog> logs = testing_table::DriveTable(
      *table_stub_, table, Tokens(opened), [&](int chair) { return BotPolicy(profile, chair); });
  for (const SeatLog& log : logs) EXPECT_EQ(log.error, "") << "chair " << log.chair;
  const v1::ListGamesResponse games = Games(table);
  ASSERT_EQ(games.games_size(), 2);
  EXPECT_TRUE(games.games(0).finished());
  EXPECT_TRUE(games.games(1).finished());
  // Board 2: the dealer rests in chair 2, so chair 1 played... and chair 2 received no legal act.
  for (const v1::SeatUpdate& u : logs[1].updates) {
    if (u.view().board_number() == 2) {
      EXPECT_EQ(u.view().legal_acts_size(), 0);
    }
  }
}

// Every card named anywhere in a message: each string of its text form that is a card's name
// ("C-7", "H-10"). Read by a scan, not std::regex, which took most of this test's time under the
// sanitizers.
CardSet CardsIn(const google::protobuf::Message& message) {
  const std::string text = message.ShortDebugString();
  CardSet cards;
  for (size_t open = text.find('"'); open != std::string::npos;) {
    size_t close = open + 1;
    while (close < text.size() && text[close] != '"') close += text[close] == '\\' ? 2 : 1;
    if (close >= text.size()) break;
    const std::string_view quoted(text.data() + open + 1, close - open - 1);
    if (const std::optional<Card> card = ParseCard(quoted); card && ToString(*card) == quoted) {
      cards.add(*card);
    }
    open = text.find('"', close + 1);
  }
  return cards;
}

// The cards `seat` must not see in `game` now: the other seats' hands and the skat (or the
// discards), except what the rules expose: exposed (ouvert, refused claim) hands, the turned card
// and a Revolution defender's partner (D26). Nothing is hidden once the game is over.
CardSet Hidden(const Game& game, std::optional<Direction> seat) {
  if (game.finished()) return CardSet();
  CardSet hidden;
  for (int i = 0; i < kDirectionCount; ++i) {
    const Direction d = static_cast<Direction>(i);
    if (d == seat || game.exposed(d)) continue;
    hidden.add(game.hand(d));
  }
  const bool declarer_here = seat && game.declarer() == seat;
  if (!declarer_here) {
    hidden.add(game.discards());
    if (!game.has_position()) {
      for (Card c : game.board().skat) hidden.add(c);
    }
  }
  if (game.turned_card()) hidden.remove(*game.turned_card());
  if (seat && game.declaration() && game.declaration()->handling == SkatHandling::kRevolution &&
      game.declarer() != seat) {
    for (int i = 0; i < kDirectionCount; ++i) {
      const Direction d = static_cast<Direction>(i);
      if (d != seat && d != game.declarer()) hidden.remove(game.hand(d));
    }
  }
  return hidden;
}

// Hidden information: at least 1,000 games through the service (at least 150 under
// the sanitizers, tests/test_scale.h), every message each seat received scanned. Each stream
// message must equal the engine's view (ViewOf at that act count, with the seat's legal acts) and
// name no hidden card; each act response names only cards of the seat's own hand.
TEST_F(TableServiceTest, NoMessageShowsAHiddenCard) {
  constexpr int kTables = 10;
  constexpr int kBoards = testing_scale::Scaled(101, 16);
  CreateEventAndSet(kBoards);
  const Profile& profile = Nasl1909();
  std::vector<v1::OpenTableResponse> opened(kTables);
  std::vector<int> boards;
  for (int b = 1; b <= kBoards; ++b) boards.push_back(b);
  for (auto& o : opened) ASSERT_TRUE(OpenTable(boards, &o).ok());
  const std::vector<skat::Board> dealt = SetBoards();
  ASSERT_EQ(dealt.size(), static_cast<size_t>(kBoards));

  std::vector<std::vector<SeatLog>> logs(kTables);
  std::vector<std::thread> threads;
  for (int t = 0; t < kTables; ++t) {
    threads.emplace_back([&, t] {
      logs[t] = testing_table::DriveTable(
          *table_stub_, opened[t].table().name(), Tokens(opened[t]), [&, t](int chair) {
            // Tables 0-6: three bots; tables 7-9: a random player in one chair, for variety.
            return BotPolicy(profile, t * 10 + chair, t >= 7 && chair == t - 6);
          });
    });
  }
  for (std::thread& th : threads) th.join();

  int games_checked = 0, messages = 0;
  std::map<std::string, int> kinds;
  for (int t = 0; t < kTables; ++t) {
    const std::string table = opened[t].table().name();
    const v1::ListGamesResponse games = Games(table);
    ASSERT_EQ(games.games_size(), kBoards);
    // The table's boards from the set, and each game's acts.
    std::vector<std::vector<Act>> acts(kBoards);
    for (const v1::GameLog& g : games.games()) {
      ASSERT_TRUE(g.finished());
      EXPECT_EQ(g.deal_number(), DealNumber(dealt[g.board_index()]));
      for (const v1::LoggedAct& a : g.acts())
        acts[g.board_index()].push_back(*ParseActLine(a.text()));
      const v1::GameResult& r = g.result();
      ++kinds[r.kind() == v1::GameResult::KIND_DECLARER_GAME
                  ? v1::GameType_Name(r.declaration().game()) + " " +
                        v1::SkatHandling_Name(r.declaration().handling())
                  : v1::GameResult::Kind_Name(r.kind())];
      ++games_checked;
    }
    for (const SeatLog& log : logs[t]) {
      ASSERT_EQ(log.error, "") << table << " chair " << log.chair;
      // The game each update shows, replayed from the log: advanced act by act while the updates
      // go forward on one board, dealt again for another board (or an update that goes back).
      std::optional<Game> replayed;
      int replayed_index = -1, applied = 0;
      for (const v1::SeatUpdate& update : log.updates) {
        const v1::SeatView& got = update.view();
        const int index = got.board_index();
        if (!replayed || index != replayed_index || got.act_count() < applied) {
          replayed.emplace(profile, dealt[index]);
          replayed_index = index;
          applied = 0;
        }
        for (; applied < got.act_count(); ++applied) {
          ASSERT_TRUE(replayed->Apply(acts[index][applied]).ok());
        }
        const Game& game = *replayed;
        // Exactly the engine's view.
        const std::optional<Direction> seat = FromProto(got.seat());
        v1::SeatView expected;
        ToProto(seat ? ViewOf(game, *seat) : PublicViewOf(game), &expected);
        expected.set_table(table);
        expected.set_board_number(index + 1);
        expected.set_board_index(index);
        expected.set_act_count(got.act_count());
        expected.set_chair(log.chair);
        expected.set_forehand_chair(ForehandChair(index + 1, 3));  // 3 chairs, boards 1..
        if (seat && WaitsFor(game, *seat)) {
          for (const Act& a : game.LegalActs(*seat)) {
            ToProto(a, expected.add_legal_acts());
            expected.mutable_legal_acts()->rbegin()->clear_text();
          }
        }
        ASSERT_TRUE(google::protobuf::util::MessageDifferencer::Equals(expected, got))
            << "table " << t << " chair " << log.chair << "\nexpected "
            << expected.ShortDebugString() << "\ngot      " << got.ShortDebugString();
        // No hidden card anywhere in the message.
        const CardSet leaked = CardsIn(update) & Hidden(game, seat);
        ASSERT_TRUE(leaked.empty()) << "chair " << log.chair << " saw " << ToString(leaked)
                                    << " in " << got.ShortDebugString();
        ++messages;
      }
      replayed.reset();
      for (const v1::ActResponse& r : log.responses) {
        const int index = r.board_index();
        if (!replayed || index != replayed_index || r.act_index() < applied) {
          replayed.emplace(profile, dealt[index]);
          replayed_index = index;
          applied = 0;
        }
        for (; applied < r.act_index(); ++applied) {
          ASSERT_TRUE(replayed->Apply(acts[index][applied]).ok());
        }
        const Game& game = *replayed;
        const Direction seat = *FromProto(r.act().seat());
        EXPECT_TRUE((CardsIn(r) & Hidden(game, seat)).empty()) << r.ShortDebugString();
        EXPECT_EQ(r.act().text(), ActLine(acts[index][r.act_index()]));
        ++messages;
      }
    }
  }
  EXPECT_GE(games_checked, testing_scale::Scaled(1000, 150));
  // The games are varied: declarer games of several kinds and passed-in boards or Ramsch.
  EXPECT_GE(kinds.size(), 8u);
  std::string mix;
  for (const auto& [kind, n] : kinds) mix += kind + " " + std::to_string(n) + "; ";
  std::cout << games_checked << " games, " << messages << " messages checked; " << mix << "\n";
}

}  // namespace
}  // namespace skat::service
