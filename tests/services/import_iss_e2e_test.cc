// `skat import-iss` end to end (labels db and e2e): skatd as a real process on the throwaway
// database of tests/services/test_database.h, `skat import-iss` as a real process against it,
// then the other commands on the imported event as a user would run them.
//
//   ImportsAFileInBatchesAndTheEventWorksLikeAnyOther: a file of 30 engine-written ISS records
//     of several kinds plus one malformed line, imported in batches of 7: exit 1 (one record
//     refused), the refusal printed as FILE:line:column, 30 imported, progress on stderr, the
//     event, its director token and the board set printed; GetBoardSet says 30 boards; `skat
//     scores standings`, `skat scores traveller`, `skat scores series` and
//     `skat report` work on the imported event; importing the file again into the event imports
//     nothing and counts 30 duplicates. the report carries every board's par table and
//     its game's play against open hands; `skat search` finds boards by holding (counted from the
//     records) and by the par tables the report cached (the kinds split the 30 boards).
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>
#include <vector>

#include "skat/v1/deal_service.grpc.pb.h"
#include "tests/services/iss_test_records.h"
#include "tests/services/run_skat.h"
#include "tests/services/skatd_process.h"
#include "tests/services/test_database.h"
#include "tests/services/test_text.h"

namespace {

using skat::testing_text::Count;

namespace fs = std::filesystem;
using skat::testing_cli::Output;
using skat::testing_skatd::MakeRoot;
using skat::testing_skatd::Skatd;

// The first match's group 1 of `pattern` in `text` ("" when none).
std::string Find(const std::string& text, const std::string& pattern) {
  std::smatch m;
  return std::regex_search(text, m, std::regex(pattern)) ? m[1].str() : "";
}

class ImportIssEndToEndTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(skat::testing_db::DatabaseUrl().empty()) << skat::testing_db::SetupError();
    root_ = MakeRoot("skat-import");
    ASSERT_FALSE(root_.empty());
    setenv("SKAT_DATABASE_URL", skat::testing_db::DatabaseUrl().c_str(), 1);
    skatd_ = std::make_unique<Skatd>(root_);
    skatd_->Start();
    ASSERT_FALSE(skatd_->server().empty());
  }
  void TearDown() override {
    if (skatd_) {
      EXPECT_EQ(skatd_->Stop(SIGTERM), 0);
    }
    if (!HasFailure() && !root_.empty()) fs::remove_all(root_);
  }
  Output Skat(const std::string& args) {
    return skat::testing_cli::Skat(args + " --server " + skatd_->server());
  }

  fs::path root_;
  std::unique_ptr<Skatd> skatd_;
};

TEST_F(ImportIssEndToEndTest, ImportsAFileInBatchesAndTheEventWorksLikeAnyOther) {
  const std::vector<skat::testing_iss::TestRecord> records =
      skat::testing_iss::MakeRecords(30, 42000, 3);
  const fs::path file = root_ / "december.iss";
  {
    std::ofstream out(file);
    out << "# ISS games\n";
    for (size_t i = 0; i < records.size(); ++i) {
      if (i == 10) out << "(;GM[Skat]PC[International Skat Server]MV[w ZZ.YY ;)\n";  // line 12
      out << records[i].line << "\n";
    }
  }
  const Output first = Skat("import-iss " + file.string() + " --batch 7 --name \"ISS archive\"");
  EXPECT_EQ(first.exit_code, 1) << first.out;
  EXPECT_NE(first.out.find("records: 31; imported: 30; duplicates: 0; refused: 1"),
            std::string::npos)
      << first.out;
  EXPECT_NE(first.out.find(file.string() + ":12:"), std::string::npos) << first.out;
  EXPECT_NE(first.out.find("31/31 records read"), std::string::npos) << first.out;
  const std::string event = Find(first.out, "event: (events/ev-[a-z0-9]+)");
  const std::string token = Find(first.out, "director token: ([0-9a-f]{64})");
  const std::string set = Find(first.out, "board set: (events/[^ ]+)");
  ASSERT_FALSE(event.empty() || token.empty() || set.empty()) << first.out;
  EXPECT_NE(first.out.find("ISS archive  (isko+iss)"), std::string::npos) << first.out;
  EXPECT_NE(first.out.find("(30 boards)"), std::string::npos) << first.out;

  auto channel = grpc::CreateChannel(skatd_->server(), grpc::InsecureChannelCredentials());
  auto deals = skat::v1::DealService::NewStub(channel);
  grpc::ClientContext context;
  skat::v1::GetBoardSetRequest get;
  get.set_name(set);
  skat::v1::BoardSet made;
  ASSERT_TRUE(deals->GetBoardSet(&context, get, &made).ok());
  EXPECT_EQ(made.board_count(), 30);

  // Before any analysis a par search tests no board; --analyse has skatd compute the par
  // tables first (two at a time, with progress), and then every board is tested.
  const Output untested = Skat("search --par suit --limit 1000");
  EXPECT_EQ(untested.exit_code, 0) << untested.out;
  EXPECT_NE(untested.out.find("30 boards searched, 0 matched; 30 without a cached par table were "
                              "not tested (--analyse computes them)"),
            std::string::npos)
      << untested.out;
  const Output analysed = Skat("search --par suit --analyse --limit 1000");
  EXPECT_EQ(analysed.exit_code, 0) << analysed.out;
  EXPECT_NE(analysed.out.find("analysing archive boards: 30 of 30"), std::string::npos)
      << analysed.out;
  EXPECT_EQ(analysed.out.find("without a cached par table"), std::string::npos) << analysed.out;
  const std::string suits = Find(analysed.out, "30 boards searched, ([0-9]+) matched");
  EXPECT_FALSE(suits.empty()) << analysed.out;

  // The other commands on the imported event.
  const Output standings = Skat("scores standings --event " + event);
  EXPECT_EQ(standings.exit_code, 0) << standings.out;
  const Output traveller = Skat("scores traveller --event " + event + " --board 5");
  EXPECT_EQ(traveller.exit_code, 0) << traveller.out;
  const Output series = Skat("scores series --event " + event);
  EXPECT_EQ(series.exit_code, 0) << series.out;
  const Output report = Skat("report --event " + event + " --out " + (root_ / "pages").string());
  EXPECT_EQ(report.exit_code, 0) << report.out;
  EXPECT_TRUE(fs::exists(root_ / "pages" / "index.html")) << report.out;
  EXPECT_NE(report.out.find("analysing boards: 30 of 30"), std::string::npos) << report.out;
  std::string boards_html;
  {
    std::ifstream in(root_ / "pages" / "boards.html");
    boards_html.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  // every imported board with its par table, its one game studied.
  EXPECT_EQ(Count(boards_html, "<details class=\"par\">"), 30) << report.out;
  EXPECT_EQ(Count(boards_html, "<h3>Play against open hands</h3>"), 30);
  EXPECT_GT(Count(boards_html, "lost against open-hand play: declarer "), 0);

  // The archive search (docs/par.md): by holding, counted here from the records' boards.
  int two_black_jacks = 0;
  for (const skat::testing_iss::TestRecord& r : records) {
    for (const skat::Direction d : skat::kDirections) {
      const skat::CardSet hand = r.game.board().hand(d);
      two_black_jacks += hand.contains(skat::Card(skat::Suit::kClubs, skat::Rank::kJack)) &&
                         hand.contains(skat::Card(skat::Suit::kSpades, skat::Rank::kJack));
    }
  }
  const Output jacks = Skat("search --holding 'C-J S-J' --limit 1000");
  EXPECT_EQ(jacks.exit_code, 0) << jacks.out;
  EXPECT_NE(jacks.out.find("30 boards searched, " + std::to_string(two_black_jacks) + " matched"),
            std::string::npos)
      << jacks.out;
  // The report cached every par table: the par kinds split the 30 boards, none untested.
  int by_par = 0;
  for (const std::string kind : {"grand", "null", "suit", "all-pass"}) {
    const Output found = Skat("search --par " + kind + " --limit 1000");
    EXPECT_EQ(found.exit_code, 0) << found.out;
    EXPECT_EQ(found.out.find("without a cached par table"), std::string::npos) << found.out;
    const std::string matched = Find(found.out, "30 boards searched, ([0-9]+) matched");
    ASSERT_FALSE(matched.empty()) << found.out;
    by_par += std::stoi(matched);
  }
  EXPECT_EQ(by_par, 30);
  const Output spread = Skat("search --spread --limit 3");
  EXPECT_EQ(spread.exit_code, 0) << spread.out;
  EXPECT_NE(spread.out.find("30 boards searched, 30 matched (3 shown)"), std::string::npos)
      << spread.out;
  const Output bad = Skat("search --holding 'C-J X-9'");
  EXPECT_EQ(bad.exit_code, 1) << bad.out;
  EXPECT_NE(bad.out.find("holding 'C-J X-9'"), std::string::npos) << bad.out;

  // The file again into the same event: every record is a duplicate.
  const Output again =
      Skat("import-iss " + file.string() + " --event " + event + " --token " + token + " --quiet");
  EXPECT_EQ(again.exit_code, 1) << again.out;  // the malformed line is still refused
  EXPECT_NE(again.out.find("imported: 0; duplicates: 30; refused: 1"), std::string::npos)
      << again.out;
  EXPECT_EQ(again.out.find("director token"), std::string::npos) << again.out;
}

}  // namespace
