// An event archived and moved through `skat` and skatd (docs/event-archive.md; label e2e): a
// small event of a registry (one player linked to a person, in a club) with an online table played
// by bots, one not played yet, a session with real cards (an entered, confirmed and corrected
// result at one table, chair totals at the other), a penalty and a revealed spare set is
// exported, imported as a new event, and exported again: the two files' contents are equal once
// the event's id is replaced, and so are the standings; the moved set's withheld seed refuses its
// reveal, and the table nobody had played is played on with the new seat tokens. Damaged,
// truncated, newer and tampered files are refused with their reason, and nothing is written
// (every event-keyed table counted before and after).
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "services/common/auth.h"
#include "skat/v1/event_archive.pb.h"
#include "tests/services/run_program.h"
#include "tests/services/run_skat.h"
#include "tests/services/skatd_event_test.h"
#include "tests/services/test_database.h"
#include "tests/services/test_text.h"

namespace {

namespace fs = std::filesystem;
using skat::testing_cli::Output;
using skat::testing_program::ReadFile;
using skat::testing_skatd::FirstWord;
using skat::testing_skatd::ValueAfter;
using skat::testing_text::Contains;

// Every occurrence of `from` in `text` replaced by `to`.
std::string Replaced(std::string text, const std::string& from, const std::string& to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

// The file's content: everything after the header line.
std::string Content(const std::string& file) { return file.substr(file.find('\n') + 1); }

// A file with the given content and a header that matches it (the checksum recomputed).
std::string WithHeader(const std::string& content, int version = 1) {
  return "{\"format\":\"skat-event-archive\",\"version\":" + std::to_string(version) +
         ",\"content_sha256\":\"" + skat::service::Sha256Hex(content) +
         "\",\"content_length\":" + std::to_string(content.size()) + "}\n" + content;
}

class EventArchiveCliTest : public skat::testing_skatd::SkatdEventTest {
 protected:
  void SetUp() override {
    StartWithEvent("skat-archive", "Unused");
    if (HasFatalFailure()) return;
    // The event of a registry with one member, Anna (docs/persons.md).
    const Output registry = Skat("registries create --name 'Archive club'");
    ASSERT_EQ(registry.exit_code, 0) << registry.out;
    const fs::path members = root_ / "members.csv";
    std::ofstream(members) << "name,club,member_number\nAnna,Herz Dame,101\n";
    const Output person =
        Skat("persons import " + FirstWord(registry.out) + " --file " + members.string() +
             " --registry-token-file " +
             TokenFile("registry", ValueAfter(registry.out, "registry token: ")).string());
    ASSERT_EQ(person.exit_code, 0) << person.out;
    const Output event =
        Skat("events create --name 'Archive night' --comparison session-total --registry " +
             FirstWord(registry.out));
    ASSERT_EQ(event.exit_code, 0) << event.out;
    event_ = FirstWord(event.out);
    director_file_ = TokenFile("director", ValueAfter(event.out, "director token: "));
  }

  fs::path TokenFile(const std::string& name, const std::string& token) {
    const fs::path path = root_ / name;
    std::ofstream(path) << token << "\n";
    fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write);
    return path;
  }

  std::string Director() const { return " --token-file " + director_file_.string(); }

  // The rows of every table an import writes, summed (psql on the test's database).
  std::string CountRows() {
    const std::string psql = skat::testing_program::FindProgram("psql");
    if (psql.empty()) return "no psql";
    std::string sql = "SELECT ";
    for (const char* t :
         {"events", "clubs", "players", "board_sets", "boards", "sessions", "play_tables",
          "seatings", "games", "game_acts", "results", "chair_totals", "adjustments"}) {
      sql +=
          std::string(sql == "SELECT " ? "" : " || ',' || ") + "(SELECT count(*) FROM " + t + ")";
    }
    const fs::path out = root_ / "count.out";
    skat::testing_program::RunProgram({psql, "-tAc", sql, skat::testing_db::DatabaseUrl()},
                                      out.string(), (root_ / "count.err").string());
    return ReadFile(out);
  }

  // An online table played by bots and a physical table with a corrected result.
  void PlaySmallEvent() {
    ASSERT_EQ(Skat("players add-club --event " + event_ + " 'Herz Dame'" + Director()).exit_code,
              0);
    const Output anna = Skat("players add --event " + event_ +
                             " --club 'Herz Dame' --member-number 101 Anna" + Director());
    ASSERT_EQ(anna.exit_code, 0) << anna.out;
    const Output added =
        Skat("players add --event " + event_ + " Bert Carl Dora Emil Frida" + Director());
    ASSERT_EQ(added.exit_code, 0) << added.out;
    const Output set = Skat("boards create --event " + event_ + " --boards 2" + Director());
    ASSERT_EQ(set.exit_code, 0) << set.out;
    const std::string board_set = FirstWord(set.out);
    const fs::path seats = root_ / "online-seats";
    const Output online =
        Skat("tables open --board-set " + board_set + " --boards 1-2 " +
             "--players Anna,Bert,Carl --tokens-file " + seats.string() + Director());
    ASSERT_EQ(online.exit_code, 0) << online.out;
    const Output played =
        Skat("bot -q --table " + FirstWord(online.out) + " --tokens-file " + seats.string());
    ASSERT_EQ(played.exit_code, 0) << played.out;
    // A second online table nobody has played yet: it goes on after the move.
    const Output waiting = Skat("tables open --board-set " + board_set + " --boards 1-2 " +
                                "--players Dora,Emil,Frida --tokens-file " +
                                (root_ / "waiting").string() + Director());
    ASSERT_EQ(waiting.exit_code, 0) << waiting.out;
    waiting_table_ = FirstWord(waiting.out);
    // A session with real cards: two tables of three, manually seated, with table codes; the
    // first enters board results, the second its chairs' totals.
    const fs::path seating = root_ / "seating.csv";
    std::ofstream(seating) << "round,table,boards,chair 1,chair 2,chair 3\n"
                           << "1,1,1-2,Anna,Bert,Carl\n1,2,1-2,Dora,Emil,Frida\n";
    const fs::path paper_seats = root_ / "paper-seats";
    const Output started =
        Skat("sessions start --event " + event_ + " --board-set " + board_set +
             " --movement manual --physical --accept-warnings --seating " + seating.string() +
             " --tokens-file " + paper_seats.string() + Director());
    ASSERT_EQ(started.exit_code, 0) << started.out;
    const size_t at = started.out.find("\nevents/");
    ASSERT_NE(at, std::string::npos) << started.out;
    const std::string session = FirstWord(started.out.substr(at + 1));
    // "table chair token round player" per seat.
    std::istringstream lines(ReadFile(paper_seats));
    std::string paper_table;
    std::vector<fs::path> chair_files;
    for (std::string line; std::getline(lines, line) && chair_files.size() < 3;) {
      if (line.empty() || line[0] == '#') continue;
      std::istringstream words(line);
      std::string table, chair, token;
      words >> table >> chair >> token;
      paper_table = table;
      chair_files.push_back(TokenFile("chair-" + chair, token));
    }
    ASSERT_EQ(chair_files.size(), 3u) << ReadFile(paper_seats);
    const std::string table = " --table " + paper_table;
    const std::string grand = " --declarer forehand --game grand-solo --points 70 --floor 18";
    ASSERT_EQ(Skat("results enter --board 1" + grand + table + " --seat-token-file " +
                   chair_files[0].string())
                  .exit_code,
              0);
    ASSERT_EQ(
        Skat("results confirm --board 1" + table + " --seat-token-file " + chair_files[1].string())
            .exit_code,
        0);
    const Output corrected = Skat(
        "results correct --board 1 --reason 'points miscounted' --declarer forehand "
        "--game grand-solo --points 50 --floor 18" +
        table + Director());
    ASSERT_EQ(corrected.exit_code, 0) << corrected.out;
    const fs::path totals = root_ / "totals.csv";
    std::ofstream(totals) << "table,chair,player,total\n2,1,Dora,120\n2,2,Emil,-30\n2,3,Frida,10\n";
    const Output entered =
        Skat("totals import --session " + session + " --file " + totals.string() + Director());
    ASSERT_EQ(entered.exit_code, 0) << entered.out;
    const Output adjusted =
        Skat("scores adjust --event " + event_ + " --kind penalty --player Anna --penalty 1 " +
             "--reason 'late arrival'" + Director());
    ASSERT_EQ(adjusted.exit_code, 0) << adjusted.out;
  }

  fs::path director_file_;
  std::string waiting_table_;  // events/{event}/tables/{table}
};

TEST_F(EventArchiveCliTest, ExportImportExportIsEqualAndBadFilesAreRefused) {
  PlaySmallEvent();
  if (HasFatalFailure()) return;
  // A second set, revealed before the export: its seed travels (docs/event-archive.md).
  const Output spare = Skat("boards create --event " + event_ + " --boards 1" + Director());
  ASSERT_EQ(spare.exit_code, 0) << spare.out;
  const Output revealed = Skat("boards reveal " + FirstWord(spare.out) + Director());
  ASSERT_EQ(revealed.exit_code, 0) << revealed.out;
  const fs::path first = root_ / "first.skatarchive";
  const Output exported = Skat("events export " + event_ + " --out " + first.string() + Director());
  ASSERT_EQ(exported.exit_code, 0) << exported.out;
  const std::string file = ReadFile(first);
  EXPECT_TRUE(Contains(file, "\"acts\"")) << file.substr(0, 400);
  EXPECT_TRUE(Contains(file, "\"correction_reason\": \"points miscounted\"")) << file;
  EXPECT_TRUE(Contains(file, "\"reason\": \"late arrival\"")) << file;
  EXPECT_TRUE(Contains(file, "\"total\": \"120\"")) << file;
  EXPECT_TRUE(Contains(file, "\"registry_name\": \"Archive club\",\n   \"person_name\": \"Anna\""))
      << file;
  // The played set is not revealed: one seed, the spare set's.
  const size_t seed = file.find("\"seed\": \"");
  EXPECT_NE(seed, std::string::npos) << file;
  EXPECT_EQ(file.find("\"seed\": \"", seed + 1), std::string::npos) << file;
  // skatd prints the content a row at a time: the bytes protobuf's printer gives for the whole
  // message (docs/event-archive.md "The file").
  skat::v1::EventArchive parsed;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(Content(file), &parsed).ok());
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  options.always_print_primitive_fields = true;
  options.add_whitespace = true;
  std::string whole;
  ASSERT_TRUE(google::protobuf::util::MessageToJsonString(parsed, &whole, options).ok());
  EXPECT_EQ(whole, Content(file));

  // Import: a new event with a new director token; the tokens file holds 6 seat tokens.
  const fs::path tokens = root_ / "imported-seats";
  const fs::path imported_director = root_ / "imported-director";
  const Output imported = Skat("events import " + first.string() + " --out " +
                               imported_director.string() + " --tokens-file " + tokens.string());
  ASSERT_EQ(imported.exit_code, 0) << imported.out;
  const std::string moved = FirstWord(imported.out);
  ASSERT_EQ(moved.rfind("events/ev-", 0), 0u) << imported.out;
  ASSERT_NE(moved, event_);
  EXPECT_TRUE(Contains(imported.out, "12 seat tokens and 2 table codes written")) << imported.out;
  EXPECT_EQ(skat::testing_text::Mode(tokens), 0600u);
  EXPECT_EQ(ReadFile(imported_director).size(), 65u);

  // Re-exported with the new token: the same content but for the event's id.
  const fs::path second = root_ / "second.skatarchive";
  const Output again = Skat("events export " + moved + " --out " + second.string() +
                            " --token-file " + imported_director.string());
  ASSERT_EQ(again.exit_code, 0) << again.out;
  const std::string id = event_.substr(std::string("events/").size());
  const std::string moved_id = moved.substr(std::string("events/").size());
  EXPECT_EQ(Replaced(Content(ReadFile(second)), moved_id, id), Content(file));
  // The old director token does not open the new event.
  EXPECT_NE(
      Skat("events export " + moved + " --out " + (root_ / "x").string() + Director()).exit_code,
      0);
  const Output standings = Skat("scores standings --event " + event_);
  const Output moved_standings = Skat("scores standings --event " + moved);
  ASSERT_EQ(standings.exit_code, 0) << standings.out;
  EXPECT_TRUE(Contains(standings.out, "Anna")) << standings.out;

  // The moved event goes on: the table nobody played is played with the new seat tokens.
  const std::string waiting = Replaced(waiting_table_, event_, moved);
  std::istringstream seat_lines(ReadFile(tokens));
  std::string waiting_seats;
  for (std::string line; std::getline(seat_lines, line);) {
    if (line.rfind(waiting + " ", 0) == 0) waiting_seats += line + "\n";
  }
  const fs::path waiting_file = root_ / "waiting-seats";
  std::ofstream(waiting_file) << waiting_seats;
  fs::permissions(waiting_file, fs::perms::owner_read | fs::perms::owner_write);
  const Output resumed =
      Skat("bot -q --table " + waiting + " --tokens-file " + waiting_file.string());
  EXPECT_EQ(resumed.exit_code, 0) << resumed.out << waiting_seats;
  const Output moved_games =
      Skat("tables games " + waiting + " --format record --out " + (root_ / "moved.rec").string() +
           " --token-file " + imported_director.string());
  EXPECT_EQ(moved_games.exit_code, 0) << moved_games.out;
  const Output replayed = Skat("replay " + (root_ / "moved.rec").string());
  EXPECT_TRUE(Contains(replayed.out, "2 games replayed")) << replayed.out;
  EXPECT_EQ(Replaced(moved_standings.out, moved, event_), standings.out);

  // The played set was not revealed: its seed stayed behind, so the moved set cannot be revealed.
  const size_t set_at = file.find("\"set_id\": \"bs-", file.find("\"tables\": [")) + 11;
  const std::string set = moved + "/boardSets/" + file.substr(set_at, 13);
  const Output reveal = Skat("boards reveal " + set + " --force --reason 'moved' --token-file " +
                             imported_director.string());
  EXPECT_EQ(reveal.exit_code, 1) << reveal.out;
  EXPECT_TRUE(Contains(reveal.out, "without its secret seed")) << reveal.out;
  // The export needs the director token.
  EXPECT_TRUE(Contains(Skat("events export " + event_ + " --out " + (root_ / "y").string()).out,
                       "unauthenticated"));

  // Bad files: refused with the reason, nothing written.
  const std::string rows = CountRows();
  const std::string content = Content(file);
  std::string flipped = file;
  flipped[file.size() / 2] ^= 0x01;
  std::string tampered = content;
  const size_t club = tampered.find("\"set_id\": \"bs-");
  ASSERT_NE(club, std::string::npos);
  tampered.replace(club + 14, 10, "zzzzzzzzzz");
  std::string illegal = content;  // the first act made by the next chair
  const size_t chair = illegal.find("\"chair\": ", illegal.find("\"acts\": ["));
  ASSERT_NE(chair, std::string::npos);
  char& digit = illegal[chair + 9];
  digit = static_cast<char>('1' + (digit - '1' + 1) % 3);
  std::string rescored = content;  // the first online result's summary, changed
  rescored.insert(rescored.find("\"summary\": \"") + 12, "won ");
  // A name the schema refuses (over 200 characters): refused by PostgreSQL after the event's row
  // was written in the same transaction.
  std::string long_name = content;
  long_name.replace(long_name.find("\"name\": \"Anna\""), 14,
                    "\"name\": \"" + std::string(201, 'A') + "\"");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {flipped, "damaged or changed"},
      {file.substr(0, file.size() - 100), "truncated"},
      {WithHeader(content, 2), "version 2 is newer than this server reads"},
      {WithHeader(tampered), "'bs-zzzzzzzzzz' names no such row"},
      {WithHeader(rescored), "is not the acts'"},
      {WithHeader(illegal), "does not replay: chair and seat differ"},
      {WithHeader(long_name),
       "refuses a row (docs/event-archive.md \"Validation\"): a player's name has 1 to 200 "
       "characters"},
  };
  for (const auto& [bad, reason] : cases) {
    const fs::path path = root_ / "bad.skatarchive";
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bad;
    const Output refused = Skat("events import " + path.string());
    EXPECT_EQ(refused.exit_code, 1) << refused.out;
    EXPECT_TRUE(Contains(refused.out, reason)) << refused.out;
    EXPECT_TRUE(Contains(refused.out, "docs/event-archive.md")) << refused.out;
  }
  EXPECT_EQ(CountRows(), rows);
  EXPECT_NE(rows, "no psql");
}

}  // namespace
