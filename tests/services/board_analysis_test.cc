// ScoringService.GetBoardAnalysis and SearchBoards (docs/par.md) over real gRPC on
// loopback against a real PostgreSQL: an inter-club match played by bots, then each board's par
// table (cached by deal number, profile and par version) and every table's game studied card by
// card, and the archive search over revealed sets only, completed by GetParTable; analyses
// beyond skatd --analysis-threads wait for a solver until their deadline.
#include <algorithm>
#include <array>
#include <chrono>
#include <climits>
#include <cstdint>
#include <pqxx/pqxx>
#include <thread>
#include <vector>

#include "engine/analysis/par.h"
#include "services/common/names.h"
#include "skat/v1/deal_service.grpc.pb.h"
#include "skat/v1/scoring_service.grpc.pb.h"
#include "tests/services/scoring_test_util.h"
#include "tests/services/table_test_util.h"

namespace skat::service {
namespace {

using grpc::StatusCode;
using testing_scoring::ScoringServiceTest;
using testing_table::Context;
using testing_table::Reason;

int64_t ParTableRows() {
  pqxx::connection conn(testing_db::DatabaseUrl());
  pqxx::nontransaction tx(conn);
  return tx.exec1("SELECT count(*) FROM par_tables")[0].as<int64_t>();
}

class BoardAnalysisTest : public ScoringServiceTest {
 protected:
  grpc::Status Analyse(int board, v1::BoardAnalysis* out, std::string* reason = nullptr) {
    v1::GetBoardAnalysisRequest request;
    request.set_name(TravellerName(event_, 1, board) + "/analysis");
    auto context = Context("");
    grpc::Status status = scoring_stub_->GetBoardAnalysis(context.get(), request, out);
    if (reason) *reason = Reason(*context);
    return status;
  }
  // The largest max - min of one direction's pad entry over the tables of the board's traveller.
  int64_t TravellerSpread(int board) {
    v1::GetTravellerRequest request;
    request.set_name(TravellerName(event_, 0, board));
    v1::Traveller traveller;
    const grpc::Status status = scoring_stub_->GetTraveller(Context("").get(), request, &traveller);
    EXPECT_TRUE(status.ok()) << status.error_message();
    std::array<int64_t, 3> most = {INT64_MIN, INT64_MIN, INT64_MIN};
    std::array<int64_t, 3> least = {INT64_MAX, INT64_MAX, INT64_MAX};
    for (const v1::DirectionTraveller& d : traveller.directions()) {
      for (const v1::TravellerRow& row : d.rows()) {
        EXPECT_EQ(row.result().pad_size(), 3) << row.table();
        for (int k = 0; k < 3 && k < row.result().pad_size(); ++k) {
          most[k] = std::max<int64_t>(most[k], row.result().pad(k));
          least[k] = std::min<int64_t>(least[k], row.result().pad(k));
        }
      }
    }
    int64_t widest = 0;
    for (int k = 0; k < 3; ++k) {
      if (most[k] >= least[k]) widest = std::max(widest, most[k] - least[k]);
    }
    return widest;
  }
  v1::SearchBoardsResponse Search(const std::string& holding, const std::string& par,
                                  const std::string& order) {
    v1::SearchBoardsRequest request;
    request.set_holding(holding);
    request.set_par(par);
    request.set_order(order);
    v1::SearchBoardsResponse response;
    grpc::Status status = scoring_stub_->SearchBoards(Context("").get(), request, &response);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return response;
  }
};

TEST_F(BoardAnalysisTest, ParTablesAreCachedAndEveryOnlineGameIsStudied) {
  CreateEventAndSet(12);
  AddClubs();
  v1::StartSessionResponse session;
  ASSERT_TRUE(StartInterClub(&session, director_).ok());

  // Closed like the traveller until every table has played the board: it shows every hand.
  v1::BoardAnalysis early;
  std::string reason;
  EXPECT_EQ(Analyse(1, &early, &reason).error_code(), StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(reason, "board-in-play");
  EXPECT_EQ(ParTableRows(), 0);
  // The set is not revealed: the archive does not show it.
  EXPECT_EQ(Search("", "", "").searched(), 0);

  PlayAll(session);
  v1::GetTravellerRequest traveller_request;
  traveller_request.set_name(TravellerName(event_, 0, 1));
  v1::Traveller traveller;
  ASSERT_TRUE(scoring_stub_->GetTraveller(Context("").get(), traveller_request, &traveller).ok());

  v1::BoardAnalysis analysis;
  grpc::Status status = Analyse(1, &analysis);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_EQ(analysis.board(), 1);
  EXPECT_EQ(analysis.par().deal_number(), traveller.deal_number());
  EXPECT_EQ(analysis.par().profile(), "nasl-1909");
  // The service's par table is the engine's.
  const Board board = UnrankBoard(traveller.deal_number());
  Solver solver(16);
  const ParTable expected = ComputePar(Nasl1909(), board, solver);
  EXPECT_EQ(analysis.par().text(), ToString(expected));
  ASSERT_EQ(analysis.par().rows_size(), static_cast<int>(expected.entries.size()));
  EXPECT_EQ(analysis.par().par_row(), expected.par);
  for (int i = 0; i < analysis.par().rows_size(); ++i) {
    EXPECT_EQ(analysis.par().rows(i).value(), expected.entries[i].value);
  }
  EXPECT_EQ(ParTableRows(), 1);

  // Inter-club, 4 tables: board 1 is played at the 4 tables of round 1, every one online.
  ASSERT_EQ(analysis.games_size(), 4);
  for (const v1::GameAnalysis& g : analysis.games()) {
    EXPECT_FALSE(g.table().empty());
    if (!g.studied()) {
      // Only a game with no declarer's card play (Ramsch) is not studied.
      EXPECT_NE(g.reason().find("Ramsch"), std::string::npos) << g.reason();
      continue;
    }
    EXPECT_GE(g.declarer_lost(), 0);
    EXPECT_GE(g.defenders_lost(), 0);
    EXPECT_GE(g.open_points(), 0);
    EXPECT_LE(g.open_points(), 120);
    EXPECT_FALSE(g.open_outcome().empty());
  }

  // Asked again: read from the cache (still one row), the same answer.
  v1::BoardAnalysis again;
  ASSERT_TRUE(Analyse(1, &again).ok());
  EXPECT_EQ(again.par().text(), analysis.par().text());
  EXPECT_EQ(ParTableRows(), 1);

  // Reveal the set: its boards join the archive.
  v1::RevealBoardSetRequest reveal;
  reveal.set_name(set_);
  v1::BoardSet revealed;
  ASSERT_TRUE(deal_stub_->RevealBoardSet(Context(director_).get(), reveal, &revealed).ok());
  const v1::SearchBoardsResponse all = Search("", "", "");
  EXPECT_EQ(all.searched(), 12);
  EXPECT_EQ(all.matched(), 12);
  ASSERT_EQ(all.boards_size(), 12);
  EXPECT_EQ(all.boards(0).number(), 1);
  EXPECT_EQ(all.boards(0).par(),
            expected.all_pass() ? "all pass" : ToString(expected.entries[expected.par]));
  EXPECT_EQ(all.boards(0).tables(), 4);
  EXPECT_EQ(all.boards(1).par(), "");  // no par table cached for board 2

  // A holding: board 1's forehand's first two cards held together.
  const std::string forehand = traveller.hands(0);
  const std::string two = forehand.substr(0, forehand.find(' ', forehand.find(' ') + 1));
  const v1::SearchBoardsResponse held = Search(two, "", "");
  ASSERT_GE(held.matched(), 1);
  EXPECT_EQ(held.boards(0).number(), 1);
  for (const v1::ArchiveBoard& b : held.boards()) {
    bool holds = false;
    for (const std::string& hand : b.hands()) {
      holds = holds || ParseCardSet(hand)->contains(*ParseCardSet(two));
    }
    EXPECT_TRUE(holds) << b.number();
  }
  // By par: only board 1 has a cached table; the others are counted as not searched.
  const std::string kind =
      expected.all_pass() ? "all-pass"
                          : std::string(HandlingName(expected.entries[expected.par].game.handling));
  const v1::SearchBoardsResponse by_par = Search("", kind, "");
  EXPECT_EQ(by_par.matched(), 1);
  EXPECT_EQ(by_par.without_par(), 11);
  // By spread: the boards whose tables differed most first. A board's spread is the largest
  // max - min of one direction's pad entry over its tables, as its traveller shows them. (Whether
  // any board's tables differed depends on the random set: the bots play near-deterministically.)
  const v1::SearchBoardsResponse spread = Search("", "", "spread");
  ASSERT_EQ(spread.boards_size(), 12);
  for (int i = 1; i < spread.boards_size(); ++i) {
    EXPECT_GE(spread.boards(i - 1).spread(), spread.boards(i).spread());
  }
  for (const v1::ArchiveBoard& b : spread.boards()) {
    EXPECT_EQ(b.spread(), TravellerSpread(b.number())) << "board " << b.number();
  }

  // A table cached by an older engine (version kParVersion - 1) is never served, nor searched:
  // board 3's table is computed anew and cached beside it.
  const uint64_t deal3 = all.boards(2).deal_number();
  {
    pqxx::connection conn(testing_db::DatabaseUrl());
    pqxx::work tx(conn);
    tx.exec_params(
        "INSERT INTO par_tables (deal_number, profile, version, par_game, par_handling, "
        "par_summary, analysis) VALUES ($1, 'nasl-1909', $2, 'grand', 'hand', 'stale', '{}')",
        static_cast<int64_t>(deal3), kParVersion - 1);
    tx.commit();
  }
  EXPECT_EQ(Search("", "grand", "").without_par(), 11);
  v1::BoardAnalysis third;
  ASSERT_TRUE(Analyse(3, &third).ok());
  EXPECT_EQ(third.par().text(), ToString(ComputePar(Nasl1909(), UnrankBoard(deal3), solver)));
  EXPECT_EQ(ParTableRows(), 3);
  EXPECT_EQ(Search("", "", "").boards(2).par().find("stale"), std::string::npos);

  // GetParTable fills in the rest of the archive: the par search then tests every board.
  const v1::SearchBoardsResponse missing = Search("", "unanalysed", "");
  EXPECT_EQ(missing.matched(), 10);  // boards 1 and 3 have theirs
  for (const v1::ArchiveBoard& b : missing.boards()) {
    EXPECT_TRUE(b.par().empty()) << b.number();
    EXPECT_NE(b.number(), 1);
    EXPECT_NE(b.number(), 3);
  }
  v1::GetParTableRequest get;
  get.set_board_set(set_);
  get.set_number(missing.boards(0).number());
  v1::ParTable table;
  ASSERT_TRUE(scoring_stub_->GetParTable(Context("").get(), get, &table).ok());
  EXPECT_EQ(table.deal_number(), missing.boards(0).deal_number());
  EXPECT_EQ(table.text(),
            ToString(ComputePar(Nasl1909(), UnrankBoard(table.deal_number()), solver)));
  EXPECT_EQ(ParTableRows(), 4);
  EXPECT_EQ(Search("", "unanalysed", "").matched(), 9);
  for (const v1::ArchiveBoard& b : missing.boards()) {
    get.set_number(b.number());
    ASSERT_TRUE(scoring_stub_->GetParTable(Context("").get(), get, &table).ok()) << b.number();
  }
  EXPECT_EQ(Search("", "unanalysed", "").matched(), 0);
  EXPECT_EQ(Search("", kind, "").without_par(), 0);
  EXPECT_EQ(ParTableRows(), 13);  // and board 3's stale one
  get.set_number(13);
  auto context = Context("");
  EXPECT_EQ(scoring_stub_->GetParTable(context.get(), get, &table).error_code(),
            StatusCode::NOT_FOUND);
}

// skatd --analysis-threads 1: one analysis computes at a time (services/scoring/solver_pool.h).
class OneAnalysisAtATimeTest : public BoardAnalysisTest {
 protected:
  OneAnalysisAtATimeTest() { analysis_threads_ = 1; }
  grpc::Status GetPar(int number, std::chrono::milliseconds deadline, v1::ParTable* out) {
    v1::GetParTableRequest get;
    get.set_board_set(set_);
    get.set_number(number);
    auto context = Context("");
    context->set_deadline(std::chrono::system_clock::now() + deadline);
    return scoring_stub_->GetParTable(context.get(), get, out);
  }
};

TEST_F(OneAnalysisAtATimeTest, CallsWaitForTheSolverAndGiveUpAtTheirDeadline) {
  CreateEventAndSet(4);
  v1::RevealBoardSetRequest reveal;
  reveal.set_name(set_);
  v1::BoardSet revealed;
  ASSERT_TRUE(deal_stub_->RevealBoardSet(Context(director_).get(), reveal, &revealed).ok());
  const int64_t rows = ParTableRows();
  const std::chrono::seconds kPlenty(120);
  v1::ParTable first;
  ASSERT_TRUE(GetPar(1, kPlenty, &first).ok());
  EXPECT_EQ(ParTableRows(), rows + 1);

  SolverPool& solvers = scoring_->solvers();
  ASSERT_EQ(solvers.size(), 1);
  {
    // While the only solver is lent, a cached table is still served (the solver stays lent to
    // the end of this block, so a call that waited for it would never be answered; the deadline
    // only has to outlast a loaded machine); a table to compute waits, and its call ends at its
    // deadline with nothing computed.
    Result<SolverPool::Lease> held = solvers.Acquire([] { return false; });
    ASSERT_TRUE(held.ok());
    v1::ParTable cached;
    ASSERT_TRUE(GetPar(1, std::chrono::seconds(30), &cached).ok());
    EXPECT_EQ(cached.text(), first.text());
    v1::ParTable waited;
    EXPECT_EQ(GetPar(2, std::chrono::milliseconds(300), &waited).error_code(),
              StatusCode::DEADLINE_EXCEEDED);
    EXPECT_EQ(ParTableRows(), rows + 1);
  }
  // Nothing stays lent. (A waiter whose deadline had not yet passed on the server's clock when
  // the solver came free may have taken it and computed board 2: wait for that to end.)
  for (int i = 0; i < 1500 && solvers.lent() != 0; ++i) {  // 30 s at most
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_EQ(solvers.lent(), 0);

  // Three calls at once: each is answered, one after another on the one solver.
  std::array<grpc::Status, 3> statuses;
  std::array<v1::ParTable, 3> tables;
  std::vector<std::thread> callers;
  for (int k = 0; k < 3; ++k) {
    callers.emplace_back([&, k] { statuses[k] = GetPar(2 + k, kPlenty, &tables[k]); });
  }
  for (std::thread& t : callers) t.join();
  Solver solver(16);
  for (int k = 0; k < 3; ++k) {
    ASSERT_TRUE(statuses[k].ok()) << statuses[k].error_message();
    EXPECT_EQ(tables[k].text(),
              ToString(ComputePar(Nasl1909(), UnrankBoard(tables[k].deal_number()), solver)));
  }
  EXPECT_EQ(ParTableRows(), rows + 4);
  EXPECT_EQ(solvers.peak(), 1);
  EXPECT_EQ(solvers.lent(), 0);
}

}  // namespace
}  // namespace skat::service
