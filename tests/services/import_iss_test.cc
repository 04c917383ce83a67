// EventService.ImportGames (docs/iss-game-records.md) over real gRPC on loopback against a real
// PostgreSQL (label db): a file of ISS records of several kinds (suit, grand, null, hand, passed
// in, ...) with a malformed line and a record whose R[...] lies becomes one imported board set
// whose boards are the records' deals, one table per record whose act log replays in the engine
// (TableService.ListGames) to the stored result, refusals with their file line and column,
// duplicates on re-import, travellers and standings from the scoring service, and the refusals of
// hostile or unauthorised requests.
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "engine/iss_record.h"
#include "engine/iss_replay.h"
#include "services/common/auth.h"
#include "services/common/names.h"
#include "skat/v1/event_service.grpc.pb.h"
#include "skat/v1/scoring_service.grpc.pb.h"
#include "tests/engine/iss_examples.h"
#include "tests/services/iss_test_records.h"
#include "tests/services/scoring_test_util.h"

namespace skat::service {
namespace {

using grpc::StatusCode;
using testing_iss::MakeRecords;
using testing_iss::TestRecord;
using testing_table::Context;

class ImportIssTest : public testing_scoring::ScoringServiceTest {
 protected:
  grpc::Status Import(const v1::ImportGamesRequest& request, v1::ImportGamesResponse* response,
                      const std::string& token = "") {
    return event_stub_->ImportGames(Context(token).get(), request, response);
  }
  static std::string Id(const std::string& name) { return name.substr(name.rfind('/') + 1); }
};

std::string Text(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

TEST_F(ImportIssTest, RecordsBecomeBoardsTablesAndGamesOfOneSet) {
  const std::vector<TestRecord> records = MakeRecords(12, 1000, 1, 1);
  std::set<std::string> kinds;
  for (const TestRecord& r : records) kinds.insert(testing_iss::KindOf(r.game));
  std::string covered;
  for (const std::string& k : kinds) covered += k + " ";
  EXPECT_GE(kinds.size(), 6u) << covered;
  EXPECT_EQ(kinds.count("passed-in"), 1u) << covered;
  EXPECT_TRUE(kinds.count("null") + kinds.count("null+hand") + kinds.count("null+ouvert") > 0);

  // Line 1 a comment, line 4 malformed, line 7 a record whose R[...] claims another value.
  std::vector<std::string> lines = {"# ISS games, December"};
  std::vector<const TestRecord*> expected;
  for (size_t i = 0; i < records.size(); ++i) {
    if (lines.size() == 3) lines.push_back("(;GM[Skat]PC[International Skat Server]MV[w XX.YY");
    if (lines.size() == 6) {
      Result<IssRecord> read = ReadIssRecord(records[i].line);
      ASSERT_TRUE(read.ok());
      IssRecord lie = *read;
      lie.result.value = lie.result.value.value_or(0) + 1000;
      lie.id = "999999";
      Result<std::string> written = WriteIssRecord(lie);
      ASSERT_TRUE(written.ok()) << written.status().ToString();
      lines.push_back(*written);
    }
    lines.push_back(records[i].line);
    expected.push_back(&records[i]);
  }
  FormatError where;
  ASSERT_FALSE(ReadIssRecord(lines[3], &where).ok());

  v1::ImportGamesRequest request;
  request.set_file_name("december.iss");
  request.set_records(Text(lines));
  v1::ImportGamesResponse response;
  grpc::Status s = Import(request, &response);
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(response.imported(), 12);
  EXPECT_EQ(response.duplicates(), 0);
  EXPECT_EQ(response.first_board(), 1);
  EXPECT_EQ(response.board_count(), 12);
  ASSERT_EQ(response.refusals_size(), 2);
  EXPECT_EQ(response.refusals(0).line(), 4);
  EXPECT_EQ(response.refusals(0).column(), where.column);
  EXPECT_EQ(response.refusals(1).line(), 7);
  EXPECT_EQ(response.refusals(1).column(), static_cast<int>(lines[6].rfind("R[")) + 1);
  EXPECT_NE(response.refusals(1).message().find("value"), std::string::npos)
      << response.refusals(1).message();
  EXPECT_EQ(response.event().profile(), "isko+iss");
  EXPECT_EQ(response.event().board_score(), v1::BOARD_SCORE_SEEGER_FABIAN);
  EXPECT_EQ(response.event().display_name(), "ISS games: december.iss");
  ASSERT_FALSE(response.director_token().empty());
  event_ = response.event().name();
  director_ = response.director_token();
  set_ = response.board_set();

  // The set: imported, public, no generator; its commitment is the file's SHA-256.
  v1::BoardSet set;
  v1::GetBoardSetRequest get_set;
  get_set.set_name(set_);
  ASSERT_TRUE(deal_stub_->GetBoardSet(Context("").get(), get_set, &set).ok());
  EXPECT_EQ(set.board_count(), 12);
  EXPECT_EQ(set.generator_version(), 0);
  EXPECT_TRUE(set.revealed());
  EXPECT_EQ(set.commitment(), Sha256Hex(request.records()));
  EXPECT_EQ(set.label(), "ISS games: december.iss");

  // Boards: the records' deals, in file order.
  const std::vector<skat::Board> boards = SetBoards();
  ASSERT_EQ(boards.size(), 12u);
  for (size_t i = 0; i < boards.size(); ++i) {
    EXPECT_EQ(boards[i], expected[i]->game.board()) << "board " << i + 1;
  }

  // One table per record in the set's session: P0, P1, P2 in chairs 1..3.
  v1::GetSessionRequest get_session;
  get_session.set_name(response.session());
  v1::Session session;
  ASSERT_TRUE(event_stub_->GetSession(Context("").get(), get_session, &session).ok());
  ASSERT_EQ(session.tables_size(), 12);
  v1::ListPlayersRequest list_players;
  list_players.set_parent(event_);
  v1::ListPlayersResponse players;
  ASSERT_TRUE(event_stub_->ListPlayers(Context("").get(), list_players, &players).ok());
  EXPECT_EQ(players.players_size(), 5);
  std::map<std::string, std::string> player_name;
  for (const v1::Player& p : players.players()) player_name[p.name()] = p.display_name();

  for (int i = 0; i < 12; ++i) {
    const v1::SessionTable& t = session.tables(i);
    ASSERT_EQ(t.boards_size(), 1);
    EXPECT_EQ(t.boards(0), i + 1);
    EXPECT_EQ(t.forehand_chair(), 1);
    Result<IssRecord> record = ReadIssRecord(expected[i]->line);
    ASSERT_TRUE(record.ok());
    for (int chair = 0; chair < 3; ++chair) {
      EXPECT_EQ(player_name[t.players(chair)], record->players[chair]);
    }
    // The act log replays in the engine (the table service's own replay) to the stored result.
    v1::ListGamesRequest list_games;
    list_games.set_table(t.table());
    v1::ListGamesResponse games;
    grpc::Status listed = table_stub_->ListGames(Context(director_).get(), list_games, &games);
    ASSERT_TRUE(listed.ok()) << listed.error_message();
    ASSERT_EQ(games.games_size(), 1);
    const Game& game = expected[i]->game;
    ASSERT_EQ(games.games(0).acts_size(), static_cast<int>(game.acts().size()));
    for (size_t a = 0; a < game.acts().size(); ++a) {
      EXPECT_EQ(games.games(0).acts(static_cast<int>(a)).text(), ActLine(game.acts()[a]));
    }
    Result<std::vector<store::ResultRecord>> results =
        store_->ListResults(Id(event_), Id(t.table()), false);
    ASSERT_TRUE(results.ok());
    ASSERT_EQ(results->size(), 1u);
    const store::ResultRecord& row = (*results)[0];
    EXPECT_EQ(row.source, "imported");
    EXPECT_TRUE(row.counts());
    EXPECT_EQ(row.board_number, i + 1);
    EXPECT_EQ(row.game.kind, game.result().kind);
    EXPECT_EQ(row.game.valuation.value, game.result().valuation.value);
    EXPECT_EQ(row.game.card_points, game.result().card_points);
    EXPECT_EQ(std::vector<int>(row.pad.begin(), row.pad.end()),
              std::vector<int>(game.result().pad.begin(), game.result().pad.end()));
    EXPECT_EQ(games.games(0).result().summary(), Describe(game.result()));
  }

  // Seat tokens were never issued: no seat of an imported table can be joined with a guess.
  v1::JoinSeatRequest join;
  join.set_table(session.tables(0).table());
  v1::Seat seat;
  EXPECT_EQ(table_stub_->JoinSeat(Context(NewToken()).get(), join, &seat).error_code(),
            StatusCode::PERMISSION_DENIED);

  // Travellers and standings: every board is finished at its one table.
  v1::GetTravellerRequest traveller_request;
  traveller_request.set_name(TravellerName(event_, 0, 3));
  v1::Traveller traveller;
  grpc::Status t = scoring_stub_->GetTraveller(Context("").get(), traveller_request, &traveller);
  ASSERT_TRUE(t.ok()) << t.error_message();
  v1::GetStandingsRequest standings_request;
  standings_request.set_name(SessionScopedName(event_, 0, "standings"));
  v1::Standings standings;
  grpc::Status st = scoring_stub_->GetStandings(Context("").get(), standings_request, &standings);
  ASSERT_TRUE(st.ok()) << st.error_message();
  EXPECT_EQ(standings.results(), 12);
  EXPECT_EQ(standings.results_expected(), 12);
  EXPECT_EQ(standings.overall_size(), 5);
}

// The example records of tests/engine/iss_examples.h: jskat's ISS parser test records and one
// hand-written record per kind of game (suit, grand, null, ouvert, hand, overbid, schneider,
// schwarz, passed in, resign, timeout). Every one that replays is imported with the engine's
// result; the record of a player who left the table (LE: no game to replay) is refused.
TEST_F(ImportIssTest, TheExampleRecordsOfEveryKindImport) {
  const std::vector<std::string_view> examples = {iss_examples::kJskatDiamondsLost,
                                                  iss_examples::kJskatGrandWon,
                                                  iss_examples::kJskatGrandOuvertResigned,
                                                  iss_examples::kJskatClubsHandSchwarz,
                                                  iss_examples::kJskatSplitDiscardOverbid,
                                                  iss_examples::kJskatPassed,
                                                  iss_examples::kJskatShowCardsResigned,
                                                  iss_examples::kJskatNullOuvertResigned,
                                                  iss_examples::kJskatPlayerLeft,
                                                  iss_examples::kJskatOverbidWithoutOne,
                                                  iss_examples::kHeartsPickupSchneider,
                                                  iss_examples::kGrandHand,
                                                  iss_examples::kNullPickup,
                                                  iss_examples::kNullHandLost,
                                                  iss_examples::kNullOuvertPickup,
                                                  iss_examples::kNullOuvertHand,
                                                  iss_examples::kHeartsOuvert,
                                                  iss_examples::kHeartsHandSchneiderAnnounced,
                                                  iss_examples::kHeartsHandSchwarzAnnounced,
                                                  iss_examples::kDiamondsPickupSchwarz,
                                                  iss_examples::kGrandPickupSchneider,
                                                  iss_examples::kHeartsOverbid,
                                                  iss_examples::kDiamondsLostSchwarz,
                                                  iss_examples::kSpadesSchwarzAnnouncedLost,
                                                  iss_examples::kGrandOuvertLost,
                                                  iss_examples::kPassedIn,
                                                  iss_examples::kDeclarerResigns,
                                                  iss_examples::kDefendersResign,
                                                  iss_examples::kDeclarerTimesOut,
                                                  iss_examples::kDefenderTimesOut};
  std::string text;
  for (std::string_view e : examples) text += std::string(e) + "\n";
  v1::ImportGamesRequest request;
  request.set_file_name("examples.iss");
  request.set_records(text);
  v1::ImportGamesResponse response;
  grpc::Status s = Import(request, &response);
  ASSERT_TRUE(s.ok()) << s.error_message();
  std::string refused;
  for (const v1::ImportRefusal& r : response.refusals()) {
    refused +=
        std::to_string(r.line()) + ":" + std::to_string(r.column()) + " " + r.message() + "\n";
  }
  ASSERT_EQ(response.refusals_size(), 1) << refused;
  EXPECT_EQ(response.refusals(0).line(), 9) << refused;  // kJskatPlayerLeft
  EXPECT_EQ(response.imported() + response.duplicates(), 29);
  event_ = response.event().name();
  set_ = response.board_set();
  const std::vector<skat::Board> boards = SetBoards();
  ASSERT_EQ(static_cast<int>(boards.size()), response.imported());
  Result<std::vector<store::ResultRecord>> rows = store_->ListResults(Id(event_), "", false);
  ASSERT_TRUE(rows.ok());
  std::map<int, store::ResultRecord> by_board;
  for (const store::ResultRecord& r : *rows) by_board[r.board_number] = r;
  int board = 0;
  std::set<std::string> ids;
  for (size_t i = 0; i < examples.size(); ++i) {
    Result<IssRecord> record = ReadIssRecord(examples[i]);
    ASSERT_TRUE(record.ok()) << i;
    Result<IssReplay> replay = ReplayIss(*record, IskoIss());
    if (!replay.ok()) continue;
    if (!record->id.empty() && !ids.insert(record->id).second) continue;  // a duplicate
    ++board;
    EXPECT_EQ(boards[board - 1], replay->game.board()) << "line " << i + 1;
    const store::ResultRecord& row = by_board[board];
    EXPECT_EQ(row.summary, Describe(replay->game.result())) << "line " << i + 1;
    EXPECT_EQ(std::vector<int>(row.pad.begin(), row.pad.end()),
              std::vector<int>(replay->game.result().pad.begin(), replay->game.result().pad.end()))
        << "line " << i + 1;
  }
  EXPECT_EQ(board, response.imported());
}

TEST_F(ImportIssTest, ReimportCountsDuplicatesAndBatchesKeepFileLines) {
  const std::vector<TestRecord> records = MakeRecords(6, 5000, 7);
  std::vector<std::string> first = {records[0].line, records[1].line, records[2].line};
  v1::ImportGamesRequest request;
  request.set_file_name("batches.iss");
  request.set_file_sha256(std::string(64, 'a'));
  request.set_records(Text(first));
  v1::ImportGamesResponse made;
  ASSERT_TRUE(Import(request, &made).ok());
  ASSERT_EQ(made.imported(), 3);
  director_ = made.director_token();

  // The next batch of the same file: lines 4.. of the file, one of them a repeat of line 1.
  v1::ImportGamesRequest next = request;
  next.set_parent(made.event().name());
  next.set_board_set(made.board_set());
  next.set_first_line(4);
  next.set_records(Text({records[3].line, records[0].line, "(;GM[Skat]bad", records[4].line}));
  v1::ImportGamesResponse appended;
  grpc::Status s = Import(next, &appended, director_);
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(appended.imported(), 2);
  EXPECT_EQ(appended.duplicates(), 1);
  EXPECT_EQ(appended.first_board(), 4);
  EXPECT_EQ(appended.board_count(), 5);
  EXPECT_EQ(appended.board_set(), made.board_set());
  EXPECT_TRUE(appended.director_token().empty());
  ASSERT_EQ(appended.refusals_size(), 1);
  EXPECT_EQ(appended.refusals(0).line(), 6);

  // The whole file again into the same event: nothing new, no new set.
  next.set_board_set("");
  next.set_first_line(1);
  next.set_records(
      Text({records[0].line, records[1].line, records[2].line, records[3].line, records[4].line}));
  v1::ImportGamesResponse again;
  ASSERT_TRUE(Import(next, &again, director_).ok());
  EXPECT_EQ(again.imported(), 0);
  EXPECT_EQ(again.duplicates(), 5);
  EXPECT_TRUE(again.board_set().empty());
  v1::ListBoardSetsRequest list;
  list.set_parent(made.event().name());
  v1::ListBoardSetsResponse sets;
  ASSERT_TRUE(deal_stub_->ListBoardSets(Context("").get(), list, &sets).ok());
  EXPECT_EQ(sets.board_sets_size(), 1);

  // A record twice in one call is imported once; a new event takes a fresh copy.
  v1::ImportGamesRequest copy;
  copy.set_records(Text({records[5].line, records[5].line, records[0].line}));
  v1::ImportGamesResponse copied;
  ASSERT_TRUE(Import(copy, &copied).ok());
  EXPECT_EQ(copied.imported(), 2);
  EXPECT_EQ(copied.duplicates(), 1);
  EXPECT_NE(copied.event().name(), made.event().name());
}

TEST_F(ImportIssTest, RefusesWhatItMustNotImport) {
  const std::vector<TestRecord> records = MakeRecords(2, 7000, 11);
  v1::ImportGamesRequest request;
  request.set_records(Text({records[0].line}));
  v1::ImportGamesResponse made;
  ASSERT_TRUE(Import(request, &made).ok());
  const std::string token = made.director_token();

  auto code = [&](const v1::ImportGamesRequest& r, const std::string& t) {
    v1::ImportGamesResponse out;
    return Import(r, &out, t).error_code();
  };
  v1::ImportGamesRequest into = request;
  into.set_parent(made.event().name());
  into.set_records(Text({records[1].line}));
  EXPECT_EQ(code(into, ""), StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(code(into, NewToken()), StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(code(into, token), StatusCode::OK);

  v1::ImportGamesRequest empty = request;
  empty.set_records("\n# nothing\n\n");
  EXPECT_EQ(code(empty, ""), StatusCode::INVALID_ARGUMENT);
  v1::ImportGamesRequest many = request;
  std::string text;
  for (int i = 0; i < 1001; ++i) text += "x\n";
  many.set_records(text);
  EXPECT_EQ(code(many, ""), StatusCode::INVALID_ARGUMENT);
  v1::ImportGamesRequest digest = request;
  digest.set_file_sha256("ABC");
  EXPECT_EQ(code(digest, ""), StatusCode::INVALID_ARGUMENT);
  v1::ImportGamesRequest orphan = request;
  orphan.set_board_set(made.board_set());
  EXPECT_EQ(code(orphan, ""), StatusCode::INVALID_ARGUMENT);  // a set needs its event

  // An event of another profile, and a generated set.
  CreateEventAndSet(3);
  v1::ImportGamesRequest other = request;
  other.set_parent(event_);
  EXPECT_EQ(code(other, director_), StatusCode::FAILED_PRECONDITION);
  CreateEventAndSet(3, 3, "isko+iss");
  v1::ImportGamesRequest generated = request;
  generated.set_parent(event_);
  generated.set_board_set(set_);
  EXPECT_EQ(code(generated, director_), StatusCode::FAILED_PRECONDITION);
  generated.set_board_set(event_ + "/boardSets/bs-" + std::string(10, 'a'));
  EXPECT_EQ(code(generated, director_), StatusCode::NOT_FOUND);

  // Only refusals: nothing is written, no event made.
  v1::ImportGamesRequest bad = request;
  bad.set_records("(;GM[Chess];)\n");
  v1::ImportGamesResponse refused;
  ASSERT_TRUE(Import(bad, &refused).ok());
  EXPECT_EQ(refused.imported(), 0);
  EXPECT_EQ(refused.refusals_size(), 1);
  EXPECT_FALSE(refused.has_event());
  EXPECT_TRUE(refused.director_token().empty());
}

// Each class of refusal the import adds to the reader's and the replay's names its cause, with
// the line and the column of the field (docs/iss-game-records.md "Refusals"): a timeout before
// the discard as the timeout rule (D56, D62), a hidden card played as that move, a player twice,
// a NUL byte, a result line that disagrees with the replay, and a player who left.
TEST_F(ImportIssTest, EachRefusalNamesItsCause) {
  const std::string diamonds(iss_examples::kJskatDiamondsLost);  // MPT testParseGameSummary
  auto with = [&](std::string_view from, std::string_view to) {
    std::string out = diamonds;
    const size_t at = out.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) out.replace(at, from.size(), to);
    return out;
  };
  const std::string timeout =
      diamonds.substr(0, diamonds.find(" 2 D.ST.H8")) + " 2 D w TI.2 ]R[d:2 loss v:-180] ;)";
  const std::string hidden = with("0 SA 1 S7", "0 SA 1 ??");
  const std::string twice = with("P1[kermit]", "P1[zoot]");
  const std::string nul = with("CO[]", std::string("CO[a\0b]", 7));
  const std::string lie = with("v:-54", "v:-108");
  const std::vector<std::string> lines = {
      timeout, hidden, twice, nul, lie, std::string(iss_examples::kJskatPlayerLeft)};
  v1::ImportGamesRequest request;
  request.set_file_name("refusals.iss");
  request.set_records(Text(lines));
  v1::ImportGamesResponse response;
  ASSERT_TRUE(Import(request, &response).ok());
  EXPECT_EQ(response.imported(), 0);
  ASSERT_EQ(response.refusals_size(), 6);
  auto column = [&](int line, const std::string& text) {
    return static_cast<int>(lines[line - 1].find(text)) + 1;
  };
  const struct {
    int column;
    std::string message;
  } expected[] = {
      {column(1, "MV["),
       "does not replay under isko+iss: move 8 (w timeout): rearhand timeout: resign and timeout "
       "come only during the card play, not in the discarding phase (docs/rules-decisions.md "
       "D56, D62)"},
      {column(2, "??"), "'1 ?\?': a hidden card (?\?) was played; every card played must be known"},
      {column(3, "P0["), "P1[zoot] sits at the table twice"},
      {column(4, std::string(1, '\0')), "the record has a NUL byte at byte " +
                                            std::to_string(lines[3].find('\0')) +
                                            "; text cannot hold one"},
      {column(5, "R[d:"),
       "R[...] disagrees with the replay under isko+iss: value recorded -108, replayed -54"},
      {column(6, "MV["),
       "does not replay under isko+iss: move 4 (w leave): a player left the table: the game was "
       "not played to its end"},
  };
  for (int i = 0; i < 6; ++i) {
    SCOPED_TRACE(i + 1);
    EXPECT_EQ(response.refusals(i).line(), i + 1);
    EXPECT_EQ(response.refusals(i).column(), expected[i].column);
    EXPECT_EQ(response.refusals(i).message(), expected[i].message);
  }
}

}  // namespace
}  // namespace skat::service
