// docs/persons.md "Boards": a person's boards through ScoringService.ListPersonBoards, over real
// gRPC and PostgreSQL: only open boards, every row equal to the person's scorecard, one declarer
// per game, the filters, the pages, a change rebuilding the rows, merges, hidden persons, par.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "engine/analysis/par.h"
#include "services/common/auth.h"
#include "tests/services/scoring_test_util.h"

namespace skat::service {
namespace {

using grpc::StatusCode;
using testing_scoring::ScoringServiceTest;
using testing_table::Context;

class PersonBoardsTest : public ScoringServiceTest {
 protected:
  // A registry with 12 persons, an event of the registry with two clubs of six players, each
  // player linked to a person (persons_[i] to players_[i]), and its board set of 16 boards.
  void SetUp() override {
    ScoringServiceTest::SetUp();
    registry_ = NewId("rg-");
    ASSERT_TRUE(store_
                    ->CreateRegistry(
                        {.id = registry_, .name = "Club", .token_sha256 = std::string(64, 'a')})
                    .ok());
    std::vector<store::PersonRecord> persons;
    for (int i = 0; i < 12; ++i) {
      store::PersonRecord p;
      p.registry_id = registry_;
      p.id = NewId("pe-");
      p.name = "Person " + std::to_string(i + 1);
      persons.push_back(p);
    }
    Result<std::vector<store::PersonRecord>> added = store_->AddPersons(persons, "add");
    ASSERT_TRUE(added.ok()) << added.status().ToString();
    for (const store::PersonRecord& p : *added) {
      persons_.push_back("registries/" + registry_ + "/persons/" + p.id);
    }
    v1::CreateEventRequest event;
    event.set_display_name("Monthly evening");
    event.set_registry("registries/" + registry_);
    v1::CreateEventResponse created;
    ASSERT_TRUE(event_stub_->CreateEvent(Context("").get(), event, &created).ok());
    event_ = created.event().name();
    director_ = created.director_token();
    v1::CreateBoardSetRequest set;
    set.set_parent(event_);
    set.set_board_count(16);
    set.set_table_size(3);
    v1::BoardSet made;
    ASSERT_TRUE(deal_stub_->CreateBoardSet(Context(director_).get(), set, &made).ok());
    set_ = made.name();
    for (const char* club_name : {"Milwaukee", "Chicago"}) {
      v1::AddClubRequest club;
      club.set_parent(event_);
      club.set_display_name(club_name);
      v1::Club c;
      ASSERT_TRUE(event_stub_->AddClub(Context(director_).get(), club, &c).ok());
      for (int i = 0; i < 6; ++i) {
        v1::AddPlayerRequest player;
        player.set_parent(event_);
        player.set_display_name(std::string(club_name) + " " + std::to_string(i + 1));
        player.set_club(c.name());
        player.set_bot(true);
        player.set_person(persons_[players_.size()]);
        v1::Player p;
        ASSERT_TRUE(event_stub_->AddPlayer(Context(director_).get(), player, &p).ok());
        players_.push_back(p.name());
      }
    }
  }

  // Every board of `person` that `filter` keeps, `page_size` at a time.
  std::vector<v1::PersonBoard> Boards(const std::string& person,
                                      v1::ListPersonBoardsRequest filter = {}, int page_size = 0) {
    std::vector<v1::PersonBoard> out;
    filter.set_parent(person);
    filter.set_page_size(page_size);
    do {
      v1::ListPersonBoardsResponse page;
      const grpc::Status s = scoring_stub_->ListPersonBoards(Context("").get(), filter, &page);
      EXPECT_TRUE(s.ok()) << s.error_message();
      if (!s.ok()) break;
      out.insert(out.end(), page.boards().begin(), page.boards().end());
      filter.set_page_token(page.next_page_token());
    } while (!filter.page_token().empty());
    return out;
  }

  std::string registry_;
  std::vector<std::string> persons_;
};

std::string Key(const v1::PersonBoard& b) {
  return std::to_string(b.session()) + "/" + std::to_string(b.board());
}

TEST_F(PersonBoardsTest, EveryOpenBoardIsTheScorecardsRowWithOneDeclarerPerGame) {
  v1::StartSessionResponse session;
  ASSERT_TRUE(StartInterClub(&session, director_).ok());
  EXPECT_TRUE(Boards(persons_[0]).empty());

  // One table plays its boards alone: the other tables play them too, so none is open yet.
  std::map<std::string, std::vector<std::string>> tokens;
  for (const v1::SeatToken& t : session.seat_tokens()) tokens[t.table()].push_back(t.token());
  const auto& [first_table, first_chairs] = *tokens.begin();
  testing_table::DriveTable(*table_stub_, first_table, first_chairs,
                            [](int chair) { return testing_scoring::Bot(chair + 1); });
  for (const std::string& person : persons_) EXPECT_TRUE(Boards(person).empty()) << person;

  PlayAll(session);
  // Per (table, board): the three persons there, one declarer and two defenders, or nobody
  // declared at all three.
  std::map<std::string, std::multiset<int>> roles;
  int total = 0;
  for (size_t i = 0; i < persons_.size(); ++i) {
    const std::vector<v1::PersonBoard> boards = Boards(persons_[i]);
    v1::GetScorecardRequest request;
    request.set_name(players_[i] + "/scorecard");
    v1::Scorecard card;
    ASSERT_TRUE(scoring_stub_->GetScorecard(Context("").get(), request, &card).ok());
    ASSERT_EQ(boards.size(), static_cast<size_t>(card.rows_size())) << persons_[i];
    ASSERT_FALSE(boards.empty());
    std::map<std::string, v1::ScorecardRow> rows;
    for (const v1::ScorecardRow& r : card.rows()) {
      rows[std::to_string(r.session()) + "/" + std::to_string(r.board())] = r;
    }
    for (size_t k = 0; k < boards.size(); ++k) {
      const v1::PersonBoard& b = boards[k];
      if (k > 0) {
        EXPECT_LT(b.board(), boards[k - 1].board()) << "newest first";
      }
      const v1::ScorecardRow& r = rows.at(Key(b));
      EXPECT_EQ(b.direction(), r.direction());
      EXPECT_EQ(b.table(), r.table());
      EXPECT_EQ(b.board_score(), r.board_score());
      EXPECT_EQ(b.matchpoints(), r.matchpoints());
      EXPECT_EQ(b.top(), r.top());
      EXPECT_DOUBLE_EQ(b.diff(), r.diff());
      EXPECT_EQ(b.summary(), r.summary());
      EXPECT_EQ(b.event(), event_);
      EXPECT_EQ(b.event_display_name(), "Monthly evening");
      EXPECT_EQ(b.traveller(), event_ + "/sessions/" + std::to_string(b.session()) +
                                   "/travellers/" + std::to_string(b.board()));
      EXPECT_EQ(b.role() == v1::PersonBoard::ROLE_NO_GAME,
                b.game_type() == "passed" || b.game_type() == "ramsch");
      EXPECT_EQ(b.has_declarer_won(), b.role() != v1::PersonBoard::ROLE_NO_GAME);
      if (b.has_declarer_won()) {
        EXPECT_EQ(b.declarer_won(), b.summary().find(": won ") != std::string::npos) << b.summary();
      }
      roles[b.table() + " " + Key(b)].insert(b.role());
      ++total;
    }
  }
  EXPECT_EQ(total, 12 * 12);  // 12 persons, 3 rounds of 4 boards each
  for (const auto& [game, seen] : roles) {
    ASSERT_EQ(seen.size(), 3u) << game;
    const bool declared = seen.count(v1::PersonBoard::ROLE_DECLARER) == 1 &&
                          seen.count(v1::PersonBoard::ROLE_DEFENDER) == 2;
    EXPECT_TRUE(declared || seen.count(v1::PersonBoard::ROLE_NO_GAME) == 3) << game;
  }
}

TEST_F(PersonBoardsTest, FiltersAndPagesSplitTheBoardsAndAChangeRebuildsThem) {
  v1::StartSessionResponse session;
  ASSERT_TRUE(StartInterClub(&session, director_).ok());
  PlayAll(session);
  const std::string& person = persons_[0];
  const std::vector<v1::PersonBoard> all = Boards(person);
  ASSERT_EQ(all.size(), 12u);  // 3 rounds of 4 boards
  // A page of one at a time gives the same rows in the same order.
  const std::vector<v1::PersonBoard> paged = Boards(person, {}, 1);
  ASSERT_EQ(paged.size(), all.size());
  for (size_t i = 0; i < all.size(); ++i) EXPECT_EQ(Key(paged[i]), Key(all[i]));
  // The three roles split the boards; each filter keeps only its own.
  size_t split = 0;
  for (v1::PersonBoard::Role role : {v1::PersonBoard::ROLE_DECLARER, v1::PersonBoard::ROLE_DEFENDER,
                                     v1::PersonBoard::ROLE_NO_GAME}) {
    v1::ListPersonBoardsRequest filter;
    filter.set_role(role);
    for (const v1::PersonBoard& b : Boards(person, filter)) {
      EXPECT_EQ(b.role(), role);
      ++split;
    }
  }
  EXPECT_EQ(split, all.size());
  v1::ListPersonBoardsRequest by_game;
  by_game.set_game_type(all[0].game_type());
  const std::vector<v1::PersonBoard> same_game = Boards(person, by_game);
  EXPECT_GE(same_game.size(), 1u);
  for (const v1::PersonBoard& b : same_game) EXPECT_EQ(b.game_type(), all[0].game_type());
  v1::ListPersonBoardsRequest later;
  later.mutable_start_time()->set_seconds(all[0].event_time().seconds() + 1);
  EXPECT_TRUE(Boards(person, later).empty());
  v1::ListPersonBoardsRequest earlier;
  earlier.mutable_end_time()->set_seconds(all[0].event_time().seconds() + 1);
  EXPECT_EQ(Boards(person, earlier).size(), all.size());
  v1::ListPersonBoardsRequest other_event;
  other_event.set_event("events/ev-0000000000");
  EXPECT_TRUE(Boards(person, other_event).empty());
  v1::ListPersonBoardsRequest profile;
  profile.set_profile("isko");
  EXPECT_TRUE(Boards(person, profile).empty());

  // A token of other filters is refused; bad filters are named.
  v1::ListPersonBoardsRequest request;
  request.set_parent(person);
  request.set_page_size(1);
  v1::ListPersonBoardsResponse page;
  ASSERT_TRUE(scoring_stub_->ListPersonBoards(Context("").get(), request, &page).ok());
  request.set_page_token(page.next_page_token());
  request.set_role(v1::PersonBoard::ROLE_DECLARER);
  EXPECT_EQ(scoring_stub_->ListPersonBoards(Context("").get(), request, &page).error_code(),
            StatusCode::INVALID_ARGUMENT);
  for (const auto& [field, bad] :
       std::vector<std::pair<std::string, std::function<void(v1::ListPersonBoardsRequest&)>>>{
           {"game_type", [](auto& r) { r.set_game_type("skat"); }},
           {"profile", [](auto& r) { r.set_profile("whist"); }},
           {"end_time",
            [](auto& r) {
              r.mutable_start_time()->set_seconds(200);
              r.mutable_end_time()->set_seconds(100);
            }},
           {"events/", [](auto& r) { r.set_event("tables/x"); }},
       }) {
    v1::ListPersonBoardsRequest r;
    r.set_parent(person);
    bad(r);
    const grpc::Status s = scoring_stub_->ListPersonBoards(Context("").get(), r, &page);
    EXPECT_EQ(s.error_code(), StatusCode::INVALID_ARGUMENT) << field;
    EXPECT_NE(s.error_message().find(field), std::string::npos) << s.error_message();
  }

  // The director assigns a score to the person's first board: the next read shows it.
  v1::AddAdjustmentRequest assign;
  assign.set_parent(event_);
  assign.mutable_adjustment()->set_kind(v1::Adjustment::KIND_ASSIGNED);
  assign.mutable_adjustment()->set_session(all[0].session());
  assign.mutable_adjustment()->set_board(all[0].board());
  assign.mutable_adjustment()->set_table(all[0].table());
  assign.mutable_adjustment()->set_direction(all[0].direction());
  assign.mutable_adjustment()->set_assigned_score(777);
  assign.mutable_adjustment()->set_reason("a revoke settled by the director");
  v1::Adjustment stored;
  const grpc::Status assigned =
      scoring_stub_->AddAdjustment(Context(director_).get(), assign, &stored);
  ASSERT_TRUE(assigned.ok()) << assigned.error_message();
  const std::vector<v1::PersonBoard> after = Boards(person);
  ASSERT_EQ(after.size(), all.size());
  EXPECT_EQ(after[0].board_score(), 777);
  EXPECT_EQ(after[0].summary(), "assigned 777");
}

// docs/persons.md "Totals": each total recomputed from the person's boards.
TEST_F(PersonBoardsTest, TotalsAreTheSumsOfTheBoards) {
  v1::StartSessionResponse session;
  ASSERT_TRUE(StartInterClub(&session, director_).ok());
  PlayAll(session);
  int declared_anywhere = 0;
  for (const std::string& person : persons_) {
    const std::vector<v1::PersonBoard> boards = Boards(person);
    double matchpoints = 0, top = 0, diff = 0;
    std::map<std::string, std::pair<int, int>> declared;  // class -> declared, won
    for (const v1::PersonBoard& b : boards) {
      matchpoints += testing_scoring::Number(b.matchpoints());
      top += testing_scoring::Number(b.top());
      diff += b.diff();
      if (b.role() != v1::PersonBoard::ROLE_DECLARER) continue;
      const std::string c =
          b.game_type() == "grand" || b.game_type() == "null" ? b.game_type() : "suit";
      ++declared[c].first;
      if (b.summary().find(": won ") != std::string::npos) ++declared[c].second;
      ++declared_anywhere;
    }
    v1::GetPersonTotalsRequest request;
    request.set_name(person + "/totals");
    v1::PersonTotals totals;
    const grpc::Status s = scoring_stub_->GetPersonTotals(Context("").get(), request, &totals);
    ASSERT_TRUE(s.ok()) << s.error_message();
    ASSERT_EQ(totals.events_size(), 1);
    ASSERT_EQ(totals.years_size(), 1);
    for (const v1::PersonTotal& t : {totals.events(0), totals.years(0)}) {
      EXPECT_EQ(t.boards(), static_cast<int>(boards.size()));
      EXPECT_EQ(t.events(), 1);
      EXPECT_NEAR(t.percentage(), 100 * matchpoints / top, 1e-9);
      EXPECT_NEAR(t.diff(), diff, 1e-6);
      ASSERT_EQ(t.declared_size(), 3);
      for (const v1::GameClassTotal& g : t.declared()) {
        EXPECT_EQ(g.declared(), declared[g.game_class()].first) << person << g.game_class();
        EXPECT_EQ(g.won(), declared[g.game_class()].second) << person << g.game_class();
      }
    }
    EXPECT_EQ(totals.events(0).event(), event_);
  }
  EXPECT_GT(declared_anywhere, 0);
  v1::GetPersonTotalsRequest bad;
  bad.set_name(persons_[0]);
  v1::PersonTotals totals;
  EXPECT_EQ(scoring_stub_->GetPersonTotals(Context("").get(), bad, &totals).error_code(),
            StatusCode::INVALID_ARGUMENT);
}

TEST_F(PersonBoardsTest, MergedPersonsBoardsCountForTheKeptOneAndHiddenPersonsHaveNone) {
  v1::StartSessionResponse session;
  ASSERT_TRUE(StartInterClub(&session, director_).ok());
  PlayAll(session);
  const size_t first = Boards(persons_[0]).size(), second = Boards(persons_[1]).size();
  const auto id = [](const std::string& name) { return name.substr(name.rfind('/') + 1); };
  ASSERT_TRUE(store_->MergePersons(registry_, id(persons_[1]), id(persons_[0])).ok());
  EXPECT_EQ(Boards(persons_[0]).size(), first + second);

  store::PersonRecord hidden = *store_->GetPerson(registry_, id(persons_[2]));
  hidden.hidden = true;
  ASSERT_TRUE(store_->UpdatePerson(hidden, "hidden").ok());
  v1::ListPersonBoardsRequest request;
  request.set_parent(persons_[2]);
  v1::ListPersonBoardsResponse page;
  EXPECT_EQ(scoring_stub_->ListPersonBoards(Context("").get(), request, &page).error_code(),
            StatusCode::NOT_FOUND);
}

TEST_F(PersonBoardsTest, ACachedParTableShowsBesideTheBoard) {
  v1::StartSessionResponse session;
  ASSERT_TRUE(StartInterClub(&session, director_).ok());
  PlayAll(session);
  const std::vector<v1::PersonBoard> boards = Boards(persons_[0]);
  ASSERT_FALSE(boards.empty());
  for (const v1::PersonBoard& b : boards) EXPECT_EQ(b.par(), "") << "nothing analysed yet";
  const std::vector<skat::Board> deals = SetBoards();
  store::ParTableRecord par{.deal_number = DealNumber(deals[boards[0].board() - 1]),
                            .profile = boards[0].profile(),
                            .version = kParVersion,
                            .par_game = "grand",
                            .par_handling = "hand",
                            .par_summary = "F grand hand, +96",
                            .analysis = "{}"};
  ASSERT_TRUE(store_->PutParTable(par).ok());
  EXPECT_EQ(Boards(persons_[0])[0].par(), "F grand hand, +96");
}

// docs/par.md "The study of a played game": once a board's analysis has studied each table's
// game, each person's row of it shows the card points their side gave away there.
TEST_F(PersonBoardsTest, AStudiedGameShowsWhatThePersonsSideLost) {
  v1::StartSessionResponse session;
  ASSERT_TRUE(StartInterClub(&session, director_).ok());
  PlayAll(session);
  std::vector<v1::PersonBoard> boards = Boards(persons_[0]);
  ASSERT_FALSE(boards.empty());
  const v1::PersonBoard* declared = nullptr;
  for (const v1::PersonBoard& b : boards) {
    EXPECT_FALSE(b.has_side_lost()) << "nothing studied yet";
    if (declared == nullptr && b.role() != v1::PersonBoard::ROLE_NO_GAME) declared = &b;
  }
  ASSERT_NE(declared, nullptr);
  v1::GetBoardAnalysisRequest request;
  request.set_name(declared->traveller() + "/analysis");
  v1::BoardAnalysis analysis;
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(120));
  const grpc::Status s = scoring_stub_->GetBoardAnalysis(&context, request, &analysis);
  ASSERT_TRUE(s.ok()) << s.error_message();
  const v1::GameAnalysis* game = nullptr;
  for (const v1::GameAnalysis& g : analysis.games()) {
    if (g.table() == declared->table()) game = &g;
  }
  ASSERT_NE(game, nullptr);
  ASSERT_TRUE(game->studied()) << game->reason();
  const int want = declared->role() == v1::PersonBoard::ROLE_DECLARER ? game->declarer_lost()
                                                                      : game->defenders_lost();
  const std::string key = Key(*declared);
  for (const v1::PersonBoard& b : Boards(persons_[0])) {
    if (Key(b) != key) continue;
    ASSERT_TRUE(b.has_side_lost());
    EXPECT_EQ(b.side_lost(), want);
  }
}

}  // namespace
}  // namespace skat::service
