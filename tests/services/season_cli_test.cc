// `skat seasons` through the real binary against skatd (label e2e; docs/cli.md "Seasons"): a
// registry, six members, a paper evening linked by member number and entered with `skat totals
// import`, a season made, filled and changed, and its table printed as text in English and
// German and as CSV, with the numbers computed by hand below.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/services/run_skat.h"
#include "tests/services/skatd_event_test.h"
#include "tests/services/test_text.h"

namespace {

namespace fs = std::filesystem;
using skat::testing_cli::Output;
using skat::testing_skatd::FirstWord;
using skat::testing_skatd::ValueAfter;
using skat::testing_text::Contains;

class SeasonCliTest : public skat::testing_skatd::SkatdEventTest {
 protected:
  void SetUp() override { StartWithEvent("skat-seasons", "unused"); }

  fs::path Write(const std::string& name, const std::string& text) {
    const fs::path path = root_ / name;
    std::ofstream(path) << text;
    fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write);
    return path;
  }
};

// One evening on paper (session totals: within a chair 2 matchpoints per total beaten, 1 per tie,
// top 2; diff = total - the chair's mean): Anna 120 vs Dora 80 (100 % +20, 0 % -20), Ben 100 vs
// Emil 100 (50 % 0 each), Clara 50 vs Fritz 90 (0 % -20, 100 % +20). So the season table: Anna
// and Fritz share the first place (100.00, +20.00), Ben and Emil the third (50.00, 0.00), Clara
// and Dora the fifth (0.00, -20.00); equal rows by name.
TEST_F(SeasonCliTest, ASeasonIsMadeFilledAndItsTablePrinted) {
  const Output made = Skat("registries create --name 'Herz Dame'");
  ASSERT_EQ(made.exit_code, 0) << made.out;
  const std::string registry = FirstWord(made.out);
  const std::string reg =
      " --registry-token-file " +
      Write("registry", ValueAfter(made.out, "registry token: ") + "\n").string();
  const Output imported =
      Skat("persons import " + registry + " --file " +
           Write("members.csv",
                 "name,club,member_number\nAnna,Herz Dame,1\nBen,,2\nClara,,3\nDora,,4\n"
                 "Emil,,5\nFritz,,6\n")
               .string() +
           reg);
  ASSERT_EQ(imported.exit_code, 0) << imported.out;

  const Output event =
      Skat("events create --name 'Abend 1' --comparison session-total --registry " + registry);
  ASSERT_EQ(event.exit_code, 0) << event.out;
  const std::string evening = FirstWord(event.out);
  const std::string token =
      " --token-file " +
      Write("director", ValueAfter(event.out, "director token: ") + "\n").string();
  const char* names[] = {"Anna", "Ben", "Clara", "Dora", "Emil", "Fritz"};
  for (int i = 0; i < 6; ++i) {
    const Output added = Skat("players add --event " + evening + " " + names[i] +
                              " --member-number " + std::to_string(i + 1) + token);
    ASSERT_EQ(added.exit_code, 0) << added.out;
  }
  const Output set = Skat("boards create --event " + evening + " --boards 6" + token);
  ASSERT_EQ(set.exit_code, 0) << set.out;
  const std::string seating =
      "round,table,boards,chair 1,chair 2,chair 3\n1,1,1-6,Anna,Ben,Clara\n"
      "1,2,1-6,Dora,Emil,Fritz\n";
  const Output started =
      Skat("sessions start --event " + evening + " --board-set " + FirstWord(set.out) +
           " --movement manual --physical --accept-warnings --seating " +
           Write("seating.csv", seating).string() + " --tokens-file " +
           (root_ / "tokens").string() + token);
  ASSERT_EQ(started.exit_code, 0) << started.out;
  const size_t at = started.out.find("\nevents/");
  ASSERT_NE(at, std::string::npos) << started.out;
  const std::string sheet =
      "table,chair,player,total\n1,1,Anna,120\n1,2,Ben,100\n1,3,Clara,50\n2,1,Dora,80\n"
      "2,2,Emil,100\n2,3,Fritz,90\n";
  const Output entered = Skat("totals import --session " + FirstWord(started.out.substr(at + 1)) +
                              " --file " + Write("totals.csv", sheet).string() + token);
  ASSERT_EQ(entered.exit_code, 0) << entered.out;

  // Made with the director's token it is refused; with the registry's it is made.
  const Output refused = Skat("seasons create " + registry + " --name 'Saison 2026'" +
                              " --registry-token-file " + (root_ / "director").string());
  EXPECT_EQ(refused.exit_code, 1) << refused.out;
  EXPECT_TRUE(Contains(refused.out, "permission-denied")) << refused.out;
  const Output bad = Skat("--lang de seasons create " + registry +
                          " --name 'Saison 2026' --prize-split 600,500" + reg);
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_TRUE(Contains(bad.out,
                       "prize_split_permille ergibt zusammen 1100 Promille, mehr als "
                       "1000 (docs/seasons.md \"Rule values\")"))
      << bad.out;
  const Output season =
      Skat("seasons create " + registry + " --name 'Saison 2026' --best-of 4" + reg);
  ASSERT_EQ(season.exit_code, 0) << season.out;
  const std::string name = FirstWord(season.out);
  EXPECT_TRUE(Contains(season.out, "best 4 events count")) << season.out;
  const Output joined = Skat("seasons add-event " + name + " " + evening + reg);
  ASSERT_EQ(joined.exit_code, 0) << joined.out;
  EXPECT_TRUE(Contains(joined.out, "event 1: " + evening)) << joined.out;

  const Output table = Skat("seasons standings " + name);
  ASSERT_EQ(table.exit_code, 0) << table.out;
  for (const char* line : {"rank\tperson\tevents\tvalue\tdiff\t1\n",
                           "1=\tAnna (Herz Dame)\t1\t100.00\t20.00\t100.00\n",
                           "1=\tFritz\t1\t100.00\t20.00\t100.00\n3=\tBen\t1\t50.00\t0.00\t50.00\n",
                           "3=\tEmil\t1\t50.00\t0.00\t50.00\n5=\tClara\t1\t0.00\t-20.00\t0.00\n",
                           "5=\tDora\t1\t0.00\t-20.00\t0.00\n", "  event 1: Abend 1\n"}) {
    EXPECT_TRUE(Contains(table.out, line)) << line << "\n" << table.out;
  }
  const Output german = Skat("--lang de seasons standings " + name);
  EXPECT_TRUE(Contains(german.out, "Summe der Prozente, die besten 4 Veranstaltungen zählen\n"))
      << german.out;
  EXPECT_TRUE(Contains(german.out, "Platz\tPerson\tVeranstaltungen\tWert\tDiff\t1\n"))
      << german.out;
  const Output csv = Skat("seasons standings " + name + " --format csv");
  const std::string anna_line = "1,true,registries/";
  EXPECT_TRUE(Contains(
      csv.out, "rank,tied,person,name,club,member_number,events,value,diff," + evening + "\r\n"))
      << csv.out;
  EXPECT_TRUE(Contains(csv.out, ",Dora,,4,1,0.00,-20.00,0.00\r\n")) << csv.out;
  EXPECT_TRUE(Contains(csv.out, anna_line)) << csv.out;

  // At least two events: nobody is ranked yet.
  const Output updated = Skat("seasons update " + name + " --min-attendance 2" + reg);
  ASSERT_EQ(updated.exit_code, 0) << updated.out;
  EXPECT_TRUE(Contains(updated.out, "ranked from 2 events")) << updated.out;
  EXPECT_TRUE(Contains(Skat("seasons standings " + name).out, "–\tAnna (Herz Dame)\t1\t100.00"));
  const Output listed = Skat("seasons list " + registry);
  EXPECT_TRUE(Contains(listed.out, name + "  Saison 2026  (" + registry + ", 1 event)"))
      << listed.out;
  const Output removed = Skat("seasons remove-event " + name + " " + evening + reg);
  ASSERT_EQ(removed.exit_code, 0) << removed.out;
  EXPECT_TRUE(Contains(Skat("--lang de seasons show " + name).out, "0 Veranstaltungen"));
}

}  // namespace
