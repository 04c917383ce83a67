// Names and labels from hostile or merely international clubs (docs/reliability.md "Hostile
// input"): quotes, SQL fragments, backslashes, HTML, emoji, Cyrillic, CJK, umlauts and
// right-to-left text come back byte for byte from every place the services store a name and read it
// back: event names, club and player names (ListPlayers, standings, scorecards), board set labels
// (GetBoardSet, ListBoardSets, the archive export), table labels and player_names, adjustment
// reasons and correction reasons; the printout and the report's standings page show them
// HTML-escaped, and names a spreadsheet would run as formulas reach the report's CSV files with a
// ' in front. A name with a NUL byte, which a PostgreSQL text column cannot hold, is refused, not
// cut short.
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "services/common/html.h"
#include "services/common/names.h"
#include "services/report/report.h"
#include "services/report/report_fetch.h"
#include "tests/services/csv_test_util.h"
#include "tests/services/hostile_test_util.h"
#include "tests/services/scoring_test_util.h"

namespace skat::service {
namespace {

using testing_hostile::Call;
using testing_table::Context;
using ES = v1::EventService::Stub;
using DS = v1::DealService::Stub;
using TS = v1::TableService::Stub;
using SS = v1::ScoringService::Stub;

const std::vector<std::string>& Names() {
  static const std::vector<std::string> names = {
      "O'Brien \"Skat\" `Club`",
      "'); DROP TABLE events;--",
      "Robert'); DELETE FROM players WHERE ('1'='1",
      "back\\slash \\n \\' \\\\ %s %d $1 ?",
      "<script>alert('x')</script> & &amp;",
      "Шахматный клуб «Ласкер»",
      "斯卡特俱乐部 東京",
      "Größe Müller Jägerstraße ÄÖÜ",
      "نادي السكات \u200f(القاهرة)",
      "מועדון סקאט",
      "\U0001F0CF\u2660\u2665\u2666\u2663 \U0001F451 Kartenkönig",
      "  leading and trailing spaces  ",
      "tab\there",
  };
  return names;
}

// A passed-in board at a physical table: the dealer (rearhand) fined for a misdeal.
v1::SubmitResultRequest PassedInReport(const std::string& table, int board) {
  v1::SubmitResultRequest r;
  r.set_table(table);
  r.set_board_number(board);
  r.mutable_report()->set_kind(v1::GameResult::KIND_PASSED_IN);
  v1::Fine* fine = r.mutable_report()->add_fines();
  fine->set_kind("misdeal");
  fine->set_party(3);
  return r;
}

// Whether a board set's label can be `name`: no control character, no blank at either end.
bool LabelHoldsIt(const std::string& name) {
  return name.find('\t') == std::string::npos && name.front() != ' ' && name.back() != ' ';
}

class NamesRoundTripTest : public testing_scoring::ScoringServiceTest {
 protected:
  std::string NewEvent(const std::string& name) {
    v1::CreateEventRequest r;
    r.set_display_name(name);
    v1::CreateEventResponse out;
    grpc::Status s = event_stub_->CreateEvent(Context("").get(), r, &out);
    EXPECT_TRUE(s.ok()) << s.error_message();
    director_ = out.director_token();
    event_ = out.event().name();
    return out.event().display_name();
  }
};

TEST_F(NamesRoundTripTest, EventClubAndPlayerNamesComeBackUnchanged) {
  for (const std::string& name : Names()) {
    SCOPED_TRACE(name);
    EXPECT_EQ(NewEvent(name), name);
    v1::GetEventRequest get;
    get.set_name(event_);
    v1::Event event;
    ASSERT_TRUE(event_stub_->GetEvent(Context("").get(), get, &event).ok());
    EXPECT_EQ(event.display_name(), name);
    v1::ListEventsResponse all;
    ASSERT_TRUE(event_stub_->ListEvents(Context("").get(), v1::ListEventsRequest(), &all).ok());
    int found = 0;
    for (const v1::Event& e : all.events()) found += e.name() == event_ && e.display_name() == name;
    EXPECT_EQ(found, 1);

    v1::AddClubRequest club;
    club.set_parent(event_);
    club.set_display_name(name);
    v1::Club made;
    ASSERT_TRUE(event_stub_->AddClub(Context(director_).get(), club, &made).ok());
    EXPECT_EQ(made.display_name(), name);
    // Three players, so that a congress session puts the names into the standings.
    std::vector<std::string> players;
    for (int i = 0; i < 3; ++i) {
      v1::AddPlayerRequest player;
      player.set_parent(event_);
      player.set_display_name(name + std::to_string(i));
      player.set_club(made.name());
      v1::Player p;
      ASSERT_TRUE(event_stub_->AddPlayer(Context(director_).get(), player, &p).ok());
      EXPECT_EQ(p.display_name(), name + std::to_string(i));
      players.push_back(p.name());
    }
    v1::ListPlayersRequest list;
    list.set_parent(event_);
    v1::ListPlayersResponse listed;
    ASSERT_TRUE(event_stub_->ListPlayers(Context("").get(), list, &listed).ok());
    ASSERT_EQ(listed.clubs_size(), 1);
    EXPECT_EQ(listed.clubs(0).display_name(), name);
    ASSERT_EQ(listed.players_size(), 3);
    for (int i = 0; i < 3; ++i) {
      EXPECT_EQ(listed.players(i).display_name(), name + std::to_string(i));
    }

    v1::CreateBoardSetRequest set;
    set.set_parent(event_);
    set.set_board_count(3);
    v1::BoardSet board_set;
    ASSERT_TRUE(deal_stub_->CreateBoardSet(Context(director_).get(), set, &board_set).ok());
    v1::StartSessionRequest start;
    start.set_parent(event_);
    start.set_board_set(board_set.name());
    start.set_movement(v1::MOVEMENT_KIND_CONGRESS);
    start.set_rounds(1);
    start.set_mode(v1::TABLE_MODE_PHYSICAL);
    for (const std::string& p : players) start.add_players(p);
    v1::StartSessionResponse session;
    grpc::Status started = event_stub_->StartSession(Context(director_).get(), start, &session);
    ASSERT_TRUE(started.ok()) << started.error_message();
    // Every board passed in (the dealer fined for a misdeal), so that the standings list everyone.
    for (const v1::SessionTable& t : session.session().tables()) {
      for (int board : t.boards()) {
        v1::ResultEntry entry;
        grpc::Status submitted = table_stub_->SubmitResult(
            Context(director_).get(), PassedInReport(t.table(), board), &entry);
        ASSERT_TRUE(submitted.ok()) << submitted.error_message();
      }
    }
    v1::GetStandingsRequest standings_request;
    standings_request.set_name(SessionScopedName(event_, 0, "standings"));
    v1::Standings standings;
    ASSERT_TRUE(scoring_stub_->GetStandings(Context("").get(), standings_request, &standings).ok());
    EXPECT_EQ(standings.display_name(), name);
    std::multiset<std::string> shown;
    for (const v1::Standing& s : standings.overall()) {
      shown.insert(s.display_name());
      EXPECT_EQ(s.club(), name);
    }
    EXPECT_EQ(shown, (std::multiset<std::string>{name + "0", name + "1", name + "2"}));
    // The report's standings page shows them escaped (services/common/html.h), never raw.
    report::ReportData data;
    data.standings = standings;
    const std::string index = report::Render(data).front().content;
    EXPECT_NE(index.find(HtmlEscape(name + "1")), std::string::npos);
    EXPECT_EQ(index.find("<script>"), std::string::npos);
    v1::GetScorecardRequest card_request;
    card_request.set_name(players[1] + "/scorecard");
    v1::Scorecard card;
    grpc::Status carded = scoring_stub_->GetScorecard(Context("").get(), card_request, &card);
    ASSERT_TRUE(carded.ok()) << carded.error_message();
    EXPECT_EQ(card.standing().display_name(), name + "1");

    v1::AddAdjustmentRequest adjust;
    adjust.set_parent(event_);
    v1::Adjustment* a = adjust.mutable_adjustment();
    a->set_kind(v1::Adjustment::KIND_PENALTY);
    a->set_player(players[0]);
    a->set_penalty("1.5");
    a->set_reason(name);
    v1::Adjustment stored;
    grpc::Status added = scoring_stub_->AddAdjustment(Context(director_).get(), adjust, &stored);
    ASSERT_TRUE(added.ok()) << added.error_message();
    EXPECT_EQ(stored.reason(), name);
    v1::ListAdjustmentsRequest list_adjustments;
    list_adjustments.set_parent(event_);
    v1::ListAdjustmentsResponse adjustments;
    ASSERT_TRUE(
        scoring_stub_->ListAdjustments(Context("").get(), list_adjustments, &adjustments).ok());
    ASSERT_EQ(adjustments.adjustments_size(), 1);
    EXPECT_EQ(adjustments.adjustments(0).reason(), name);
  }
}

TEST_F(NamesRoundTripTest, LabelsAndReasonsComeBackUnchanged) {
  for (const std::string& name : Names()) {
    SCOPED_TRACE(name);
    NewEvent("Labels");
    v1::CreateBoardSetRequest set;
    set.set_parent(event_);
    set.set_board_count(3);
    set.set_label(name);
    v1::BoardSet made;
    grpc::Status created = deal_stub_->CreateBoardSet(Context(director_).get(), set, &made);
    if (LabelHoldsIt(name)) {
      ASSERT_TRUE(created.ok()) << created.error_message();
    } else {
      // An archive's label has no control characters and no blanks around it (board-sets.md).
      EXPECT_EQ(created.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
      EXPECT_NE(created.error_message().find("label"), std::string::npos);
      set.set_label("Labels");
      ASSERT_TRUE(deal_stub_->CreateBoardSet(Context(director_).get(), set, &made).ok());
    }
    const std::string label = made.label();
    EXPECT_EQ(label, LabelHoldsIt(name) ? name : "Labels");
    set_ = made.name();
    v1::GetBoardSetRequest get;
    get.set_name(set_);
    v1::BoardSet got;
    ASSERT_TRUE(deal_stub_->GetBoardSet(Context("").get(), get, &got).ok());
    EXPECT_EQ(got.label(), label);
    v1::ListBoardSetsRequest list;
    list.set_parent(event_);
    v1::ListBoardSetsResponse sets;
    ASSERT_TRUE(deal_stub_->ListBoardSets(Context("").get(), list, &sets).ok());
    ASSERT_EQ(sets.board_sets_size(), 1);
    EXPECT_EQ(sets.board_sets(0).label(), label);
    v1::ExportBoardSetRequest export_request;
    export_request.set_name(set_);
    export_request.set_format(v1::EXPORT_FORMAT_ARCHIVE);
    v1::ExportBoardSetResponse exported;
    ASSERT_TRUE(
        deal_stub_->ExportBoardSet(Context(director_).get(), export_request, &exported).ok());
    EXPECT_NE(exported.content().find(label), std::string::npos) << exported.content();
    export_request.set_format(v1::EXPORT_FORMAT_PRINTOUT_HTML);
    ASSERT_TRUE(
        deal_stub_->ExportBoardSet(Context(director_).get(), export_request, &exported).ok());
    EXPECT_EQ(exported.content().find("<script>"), std::string::npos);
    if (label.find_first_of("<&\"'") == std::string::npos) {
      EXPECT_NE(exported.content().find(label), std::string::npos);
    }

    // A table's label and player names; a physical table, for a corrected result's reason.
    v1::OpenTableRequest open;
    open.set_parent(event_);
    open.set_board_set(set_);
    open.add_boards(1);
    open.set_label(name);
    for (int i = 0; i < 3; ++i) open.add_player_names(name + std::to_string(i));
    open.set_mode(v1::TABLE_MODE_PHYSICAL);
    v1::OpenTableResponse opened;
    ASSERT_TRUE(table_stub_->OpenTable(Context(director_).get(), open, &opened).ok());
    v1::GetTableRequest get_table;
    get_table.set_name(opened.table().name());
    v1::Table table;
    ASSERT_TRUE(
        table_stub_->GetTable(Context(opened.seat_tokens(0)).get(), get_table, &table).ok());
    EXPECT_EQ(table.label(), name);
    ASSERT_EQ(table.player_names_size(), 3);
    for (int i = 0; i < 3; ++i) EXPECT_EQ(table.player_names(i), name + std::to_string(i));

    const v1::SubmitResultRequest submit = PassedInReport(table.name(), 1);
    v1::ResultEntry entry;
    grpc::Status submitted = table_stub_->SubmitResult(Context(director_).get(), submit, &entry);
    ASSERT_TRUE(submitted.ok()) << submitted.error_message();
    v1::CorrectResultRequest correct;
    correct.set_table(table.name());
    correct.set_board_number(1);
    *correct.mutable_report() = submit.report();
    correct.set_reason(name);
    grpc::Status corrected = table_stub_->CorrectResult(Context(director_).get(), correct, &entry);
    ASSERT_TRUE(corrected.ok()) << corrected.error_message();
    v1::ListResultsRequest results_request;
    results_request.set_table(table.name());
    results_request.set_include_history(true);
    v1::ListResultsResponse results;
    ASSERT_TRUE(table_stub_->ListResults(Context(director_).get(), results_request, &results).ok());
    ASSERT_EQ(results.results_size(), 2);
    EXPECT_EQ(results.results(1).correction_reason(), name);
  }
}

// PostgreSQL text cannot hold a NUL byte: every stored name refuses one, and nothing is written.
// Names a spreadsheet would run as formulas reach every CSV file of the event's report (as `skat
// report` and the web side read it) with a ' in front (services/common/csv.h; docs/reliability.md
// "Hostile input").
TEST_F(NamesRoundTripTest, FormulaNamesReachTheCsvFilesNeutralised) {
  const std::string hyperlink = "=HYPERLINK(\"http://x\",\"y\")";
  const std::vector<std::string> club_names = {"+1+2", "@club"};
  const std::vector<std::string> player_names = {hyperlink,  "+3",     "-2+3",
                                                 "@SUM(A1)", "\t=1+1", "\r=1+1"};
  v1::CreateEventRequest create;
  create.set_display_name("=1+1 cup");
  create.set_board_score(v1::BOARD_SCORE_SEEGER_FABIAN);  // series.csv too
  v1::CreateEventResponse created;
  ASSERT_TRUE(event_stub_->CreateEvent(Context("").get(), create, &created).ok());
  event_ = created.event().name();
  director_ = created.director_token();
  std::vector<std::string> players;
  for (int c = 0; c < 2; ++c) {
    v1::AddClubRequest club;
    club.set_parent(event_);
    club.set_display_name(club_names[c]);
    v1::Club made;
    ASSERT_TRUE(event_stub_->AddClub(Context(director_).get(), club, &made).ok());
    for (int i = 3 * c; i < 3 * c + 3; ++i) {
      v1::AddPlayerRequest player;
      player.set_parent(event_);
      player.set_display_name(player_names[i]);
      player.set_club(made.name());
      v1::Player p;
      ASSERT_TRUE(event_stub_->AddPlayer(Context(director_).get(), player, &p).ok());
      players.push_back(p.name());
    }
  }
  v1::CreateBoardSetRequest set;
  set.set_parent(event_);
  set.set_board_count(6);
  v1::BoardSet board_set;
  ASSERT_TRUE(deal_stub_->CreateBoardSet(Context(director_).get(), set, &board_set).ok());
  v1::StartSessionRequest start;
  start.set_parent(event_);
  start.set_board_set(board_set.name());
  start.set_movement(v1::MOVEMENT_KIND_INDIVIDUAL);  // two tables, two rounds of boards 1-3
  start.set_tables(2);
  start.set_rounds(2);
  start.set_boards_per_round(3);
  start.set_mode(v1::TABLE_MODE_PHYSICAL);
  for (const std::string& p : players) start.add_players(p);
  v1::StartSessionResponse session;
  grpc::Status started = event_stub_->StartSession(Context(director_).get(), start, &session);
  ASSERT_TRUE(started.ok()) << started.error_message();
  for (const v1::SessionTable& t : session.session().tables()) {
    for (int board : t.boards()) {
      v1::ResultEntry entry;
      grpc::Status submitted = table_stub_->SubmitResult(Context(director_).get(),
                                                         PassedInReport(t.table(), board), &entry);
      ASSERT_TRUE(submitted.ok()) << submitted.error_message();
    }
  }

  report::FetchedReport fetched;
  std::unique_ptr<grpc::ClientContext> failed;
  const grpc::Status read = report::FetchReport(
      *scoring_stub_, event_, [] { return Context(""); }, fetched, &failed);
  ASSERT_TRUE(read.ok()) << read.error_message();
  std::map<std::string, std::vector<std::vector<std::string>>> csv;
  for (const report::File& f : report::Render(fetched.data)) {
    if (!f.path.ends_with(".csv")) continue;
    std::string error;
    ASSERT_TRUE(testing_csv::ParseCsv(f.content, csv[f.path], error)) << f.path << ": " << error;
  }
  for (const char* path :
       {"standings.csv", "travellers.csv", "scorecards.csv", "team.csv", "series.csv"}) {
    EXPECT_TRUE(csv.count(path)) << path;
  }
  std::multiset<std::string> cells;
  for (const auto& [path, records] : csv) {
    for (const std::vector<std::string>& record : records) {
      for (const std::string& cell : record) {
        EXPECT_FALSE(testing_csv::StartsAFormula(cell)) << path << ": " << cell;
        cells.insert(cell);
      }
    }
  }
  for (const std::string& name : player_names) EXPECT_TRUE(cells.count("'" + name)) << name;
  for (const std::string& name : club_names) EXPECT_TRUE(cells.count("'" + name)) << name;
}

TEST_F(NamesRoundTripTest, NamesWithANulByteAreRefused) {
  CreateEventAndSet(3);
  const std::string nul("Skat\0Club", 9);
  const auto before = testing_hostile::RowCounts();
  auto refused = [](const grpc::Status& s, const std::string& field) {
    EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << s.error_message();
    EXPECT_NE(s.error_message().find(field), std::string::npos) << s.error_message();
  };
  v1::CreateEventRequest event;
  event.set_display_name(nul);
  refused(Call(*event_stub_, &ES::CreateEvent, event, ""), "display_name");
  v1::AddClubRequest club;
  club.set_parent(event_);
  club.set_display_name(nul);
  refused(Call(*event_stub_, &ES::AddClub, club, director_), "display_name");
  v1::AddPlayerRequest player;
  player.set_parent(event_);
  player.set_display_name(nul);
  refused(Call(*event_stub_, &ES::AddPlayer, player, director_), "display_name");
  v1::CreateBoardSetRequest set;
  set.set_parent(event_);
  set.set_board_count(3);
  set.set_label(nul);
  refused(Call(*deal_stub_, &DS::CreateBoardSet, set, director_), "label");
  v1::OpenTableRequest open;
  open.set_parent(event_);
  open.set_board_set(set_);
  open.add_boards(1);
  open.set_label(nul);
  refused(Call(*table_stub_, &TS::OpenTable, open, director_), "label");
  open.clear_label();
  for (int i = 0; i < 3; ++i) open.add_player_names(nul);
  refused(Call(*table_stub_, &TS::OpenTable, open, director_), "player_names");
  v1::AddAdjustmentRequest adjust;
  adjust.set_parent(event_);
  adjust.mutable_adjustment()->set_kind(v1::Adjustment::KIND_PENALTY);
  adjust.mutable_adjustment()->set_reason(nul);
  refused(Call(*scoring_stub_, &SS::AddAdjustment, adjust, director_), "adjustment.reason");
  v1::CorrectResultRequest correct;
  correct.set_table(event_ + "/tables/tb-x");
  correct.set_reason(nul);
  refused(Call(*table_stub_, &TS::CorrectResult, correct, director_), "reason");
  EXPECT_EQ(testing_hostile::RowCounts(), before);
}

}  // namespace
}  // namespace skat::service
