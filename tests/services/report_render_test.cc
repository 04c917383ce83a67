// The event report (services/report/report.h) rendered: the CSV files parsed back (RFC 4180) and
// compared with the data; every HTML page loaded in headless Chromium inside a 375-pixel-wide
// iframe (a phone; Chromium's headless window is at least 500 pixels wide) and read back from the
// rendered layout: names and numbers as the visible text (innerText, so columns hidden on a phone
// do not count), the hands' cards and their colours, the charts, no horizontal scrolling, and no
// script element but the test's own probe.
//
// How the pages are read: each page gets a test copy with a probe script appended; the probe runs
// in the iframe after layout and copies what it measured into the outer page as an <ol> of <li
// data-k="..."> items, which `chromium --dump-dom` prints (file:// frames share an origin with
// --allow-file-access-from-files). A control page that is too wide must be caught.
//
// Needs chromium (deploy/install-deps); fails without it. SKAT_KEEP_RENDER=1 keeps the files.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "services/report/report.h"
#include "tests/services/run_program.h"

extern char** environ;

namespace skat::report {
namespace {

// ---------------------------------------------------------------------------------------------
// The event: two clubs, nine players (six with awkward names), two boards at three tables.

const std::vector<std::string> kNames = {
    "O'Brien \"Ace\"",
    "<script>x</script>",
    "Robert'); DROP TABLE players;--",
    "M\u00fcller \u03a9\u03bc\u03ad\u03b3\u03b1 \u5f20\u4f1f",
    "Anna, Smith",
    "Bartholomew-Maximilian-Fitzgerald-Worthington-Smythe & Co",
    "Carl Jansen",
    "Dora Weiss",
    "Emil Braun",
};
const std::string kClubA = "Milwaukee Skat-Verein";
const std::string kClubB = "Chicago \"Germania\" <Club>";
constexpr int kPlayers = 9;

std::string Player(int i) { return "events/ev-1/players/p" + std::to_string(i + 1); }
std::string Club(int i) { return i % 2 == 0 ? kClubA : kClubB; }

// The 32 cards in pack order.
std::vector<std::string> Pack() {
  std::vector<std::string> cards;
  for (const char* suit : {"C", "S", "H", "D"}) {
    for (const char* rank : {"A", "K", "Q", "J", "10", "9", "8", "7"}) {
      cards.push_back(std::string(suit) + "-" + rank);
    }
  }
  return cards;
}

// Board b's hands: card i of the pack goes to position (5i + b) mod 32; positions 0-9 forehand,
// 10-19 middlehand, 20-29 rearhand, 30-31 the skat. Each hand is listed in position order (not
// sorted), as a server might.
std::vector<std::string> Deal(int board) {
  const std::vector<std::string> pack = Pack();
  std::vector<std::string> at(32);
  for (int i = 0; i < 32; ++i) at[(5 * i + board) % 32] = pack[i];
  std::vector<std::string> parts(4);
  for (int p = 0; p < 32; ++p) {
    std::string& part = parts[p < 30 ? p / 10 : 3];
    part += (part.empty() ? "" : " ") + at[p];
  }
  return parts;
}

struct RowSpec {
  int player;
  int64_t score;
  std::string mp;
  double diff;
};

ReportData MakeData() {
  ReportData data;
  v1::Standings& st = data.standings;
  st.set_event("events/ev-1");
  st.set_display_name("Duplicate <Night> & \"Friends\"");
  st.set_board_score(v1::BOARD_SCORE_SETTLED);
  st.set_comparison(v1::COMPARISON_MATCHPOINTS);
  st.set_results(18);
  st.set_results_expected(27);
  st.add_notes("Board 3 is still in play at table 2.");
  st.mutable_compute_time()->set_seconds(1795000000);
  const double percentages[kPlayers] = {62.5, 58.333333333333336, 58.333333333333336, 55.0,
                                        50.0, 45.83333333333333,  41.666666666666664, 37.5,
                                        12.5};
  const char* mps[kPlayers] = {"7.5", "7", "7", "35/3", "6", "5.5", "5", "4.5", "1.5"};
  for (int i = 0; i < kPlayers; ++i) {
    v1::Standing* s = st.add_overall();
    s->set_rank(i == 2 ? 2 : i + 1);
    s->set_tied(i == 1 || i == 2);
    s->set_player(Player(i));
    s->set_display_name(kNames[i]);
    s->set_club(Club(i));
    s->set_boards(2);
    for (int d = 0; d < 3; ++d) s->add_direction_boards(d == i % 3 ? 0 : 1);
    s->set_matchpoints(mps[i]);
    s->set_top("12");
    s->set_percentage(percentages[i]);
    s->set_diff(68.5 - 17.25 * i);
    s->set_total(240 - 37 * i);
    s->set_own_points(1001 + 111 * i);
    for (int r = 1; r <= 2; ++r) {
      v1::RoundPercentage* rp = s->add_rounds();
      rp->set_round(r);
      rp->set_percentage(r == 1 ? percentages[i] + 10 - 2.5 * i : percentages[kPlayers - 1 - i]);
    }
  }
  for (v1::Direction d :
       {v1::DIRECTION_FOREHAND, v1::DIRECTION_MIDDLEHAND, v1::DIRECTION_REARHAND}) {
    v1::DirectionStandings* ds = st.add_by_direction();
    ds->set_direction(d);
    for (int i = 0; i < kPlayers; i += 2) *ds->add_standings() = st.overall(i);
  }

  // Travellers: board b at tables 1-3; the worked example of COMPARATIVE.md on board 1.
  const std::vector<std::vector<std::vector<RowSpec>>> boards = {
      {{{0, 60, "4", 68}, {3, 36, "2", 44}, {6, -120, "0", -112}},
       {{1, 0, "2", 0}, {4, 0, "2", 0}, {7, 0, "2", 0}},
       {{2, -60, "1", -20}, {5, -60, "1", -20}, {8, 0, "4", 40}}},
      {{{4, 96, "35/3", 74.66666666666667},
        {8, -48, "1/3", -69.33333333333333},
        {1, 24, "2", 2.6666666666666665}},
       {{5, -36, "0", -72}, {0, 72, "4", 36}, {6, 72, "4", 36}},
       {{3, 0, "2", 0}, {2, 18, "4", 18}, {7, -18, "0", -18}}}};
  for (int b = 0; b < 2; ++b) {
    v1::Traveller t;
    t.set_event("events/ev-1");
    t.set_session(1);
    t.set_board(b + 1);
    t.set_deal_number(1234567890123ull + static_cast<uint64_t>(b));
    const std::vector<std::string> deal = Deal(b + 1);
    for (int h = 0; h < 3; ++h) t.add_hands(deal[h]);
    t.set_skat(deal[3]);
    for (int d = 0; d < 3; ++d) {
      v1::DirectionTraveller* dt = t.add_directions();
      dt->set_direction(static_cast<v1::Direction>(d + 1));
      dt->set_version(1);
      dt->set_planned(3);
      double sum = 0;
      for (const RowSpec& r : boards[b][d]) sum += static_cast<double>(r.score);
      dt->set_datum(sum / 3);
      for (int k = 0; k < 3; ++k) {
        const RowSpec& spec = boards[b][d][k];
        v1::TravellerRow* row = dt->add_rows();
        row->set_table("events/ev-1/tables/t" + std::to_string(k + 1));
        row->set_table_label(k == 2 ? "Table 3 <east>" : "Table " + std::to_string(k + 1));
        row->set_player(Player(spec.player));
        row->set_display_name(kNames[spec.player]);
        row->set_board_score(spec.score);
        row->set_matchpoints(spec.mp);
        row->set_top("4");
        row->set_diff(spec.diff);
        row->set_assigned(b == 1 && d == 2 && k == 0);
        v1::GameResult* g = row->mutable_result();
        g->set_kind(v1::GameResult::KIND_DECLARER_GAME);
        g->set_declarer(static_cast<v1::Direction>(k % 3 + 1));
        g->set_won(spec.score >= 0);
        g->set_value(30 + 6 * k);
        g->set_summary("declarer's hearts solo with 2, \"schneider\": " +
                       std::string(spec.score >= 0 ? "won " : "lost ") +
                       std::to_string(30 + 6 * k));
      }
    }
    data.travellers.push_back(t);
  }

  // Scorecards from the travellers.
  data.scorecards.resize(kPlayers);
  for (int i = 0; i < kPlayers; ++i) {
    data.scorecards[i].set_event("events/ev-1");
    *data.scorecards[i].mutable_standing() = st.overall(i);
  }
  for (const v1::Traveller& t : data.travellers) {
    for (const v1::DirectionTraveller& d : t.directions()) {
      for (const v1::TravellerRow& row : d.rows()) {
        const int i = std::stoi(row.player().substr(row.player().rfind('p') + 1)) - 1;
        v1::ScorecardRow* s = data.scorecards[i].add_rows();
        s->set_session(1);
        s->set_round(t.board());
        s->set_board(t.board());
        s->set_direction(d.direction());
        s->set_table(row.table());
        s->set_board_score(row.board_score());
        s->set_matchpoints(row.matchpoints());
        s->set_top(row.top());
        s->set_diff(row.diff());
        s->set_summary(row.result().summary());
      }
    }
  }

  v1::TeamMatch team;
  team.set_event("events/ev-1");
  team.set_club_a(kClubA);
  team.set_club_b(kClubB);
  int64_t total_a = 0, total_b = 0;
  for (int b = 1; b <= 2; ++b) {
    for (int d = 1; d <= 3; ++d) {
      v1::TeamLine* line = team.add_lines();
      line->set_board(b);
      line->set_direction(static_cast<v1::Direction>(d));
      line->set_club_a(17 * b * d - 40);
      line->set_club_b(-9 * b + 5 * d);
      line->set_net(line->club_a() - line->club_b());
      total_a += line->club_a();
      total_b += line->club_b();
    }
  }
  team.set_total_a(total_a);
  team.set_total_b(total_b);
  team.set_net(total_a - total_b);
  data.team = team;

  v1::PrizeList prizes;
  prizes.set_event("events/ev-1");
  const std::vector<std::tuple<int, std::string, std::string>> list = {
      {0, "most games won less lost", "3 won, 0 lost"},
      {3, "most own points", "1334 own points,\r\nthen \"net games\""},
      {1, "Solo against the most matadors", "clubs solo against 4"}};
  int place = 1;
  for (const auto& [player, category, detail] : list) {
    v1::Prize* p = prizes.add_prizes();
    p->set_sitting(1);
    p->set_place(place++);
    p->set_category(category);
    p->set_player(Player(player));
    p->set_display_name(kNames[player]);
    p->set_detail(detail);
  }
  data.prizes = prizes;
  return data;
}

std::map<std::string, std::string> ByPath(const std::vector<File>& files) {
  std::map<std::string, std::string> out;
  for (const File& f : files) out[f.path] = f.content;
  return out;
}

// ---------------------------------------------------------------------------------------------
// CSV

// RFC 4180, strictly: records end in CRLF, a quote only opens a field or doubles inside one.
bool ParseCsv(const std::string& text, std::vector<std::vector<std::string>>& records,
              std::string& error) {
  std::vector<std::string> record;
  std::string field;
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == '"') {
      ++i;
      while (true) {
        if (i >= text.size()) return error = "unterminated quoted field", false;
        if (text[i] == '"') {
          if (i + 1 < text.size() && text[i + 1] == '"') {
            field += '"';
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        field += text[i++];
      }
    } else {
      while (i < text.size() && text[i] != ',' && text[i] != '\r' && text[i] != '\n') {
        if (text[i] == '"') return error = "quote inside an unquoted field", false;
        field += text[i++];
      }
    }
    if (i >= text.size()) return error = "last record without CRLF", false;
    if (text[i] == ',') {
      record.push_back(std::move(field));
      field.clear();
      ++i;
      continue;
    }
    if (text[i] != '\r' || i + 1 >= text.size() || text[i + 1] != '\n') {
      return error = "line end other than CRLF at byte " + std::to_string(i), false;
    }
    record.push_back(std::move(field));
    field.clear();
    records.push_back(std::move(record));
    record.clear();
    i += 2;
  }
  return true;
}

struct CsvTable {
  std::vector<std::string> header;
  std::vector<std::map<std::string, std::string>> rows;
};

CsvTable ReadCsv(const std::string& text) {
  std::vector<std::vector<std::string>> records;
  std::string error;
  EXPECT_TRUE(ParseCsv(text, records, error)) << error;
  CsvTable table;
  if (records.empty()) return table;
  table.header = records[0];
  for (size_t r = 1; r < records.size(); ++r) {
    EXPECT_EQ(records[r].size(), table.header.size()) << "record " << r;
    std::map<std::string, std::string> row;
    for (size_t c = 0; c < records[r].size() && c < table.header.size(); ++c) {
      row[table.header[c]] = records[r][c];
    }
    table.rows.push_back(std::move(row));
  }
  return table;
}

double Number(const std::string& text) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  EXPECT_TRUE(!text.empty() && *end == '\0') << "not a number: \"" << text << "\"";
  return v;
}

TEST(ReportCsvTest, StandingsReadBackExactly) {
  const ReportData data = MakeData();
  const auto files = ByPath(Render(data));
  ASSERT_TRUE(files.count("standings.csv"));
  const CsvTable t = ReadCsv(files.at("standings.csv"));
  ASSERT_EQ(t.rows.size(), static_cast<size_t>(kPlayers + 3 * 5));
  EXPECT_EQ(t.header[0], "scope");
  for (int i = 0; i < kPlayers; ++i) {
    const auto& row = t.rows[i];
    const v1::Standing& s = data.standings.overall(i);
    EXPECT_EQ(row.at("scope"), "overall");
    EXPECT_EQ(row.at("display_name"), s.display_name());
    EXPECT_EQ(row.at("club"), s.club());
    EXPECT_EQ(row.at("player"), s.player());
    EXPECT_EQ(Number(row.at("rank")), s.rank());
    EXPECT_EQ(row.at("tied"), s.tied() ? "true" : "false");
    EXPECT_EQ(row.at("matchpoints"), s.matchpoints());
    EXPECT_EQ(row.at("top"), s.top());
    EXPECT_EQ(Number(row.at("percentage")), s.percentage());  // exact
    EXPECT_EQ(Number(row.at("diff")), s.diff());
    EXPECT_EQ(Number(row.at("total")), s.total());
    EXPECT_EQ(Number(row.at("own_points")), s.own_points());
    EXPECT_EQ(Number(row.at("middlehand_boards")), s.direction_boards(1));
    EXPECT_EQ(Number(row.at("round_1")), s.rounds(0).percentage());
    EXPECT_EQ(Number(row.at("round_2")), s.rounds(1).percentage());
  }
  EXPECT_EQ(t.rows[kPlayers].at("scope"), "forehand");
  EXPECT_EQ(t.rows.back().at("scope"), "rearhand");
  EXPECT_EQ(t.rows.back().at("display_name"), kNames[8]);
}

TEST(ReportCsvTest, TravellersScorecardsTeamAndPrizesReadBack) {
  const ReportData data = MakeData();
  const auto files = ByPath(Render(data));

  const CsvTable travellers = ReadCsv(files.at("travellers.csv"));
  ASSERT_EQ(travellers.rows.size(), 18u);
  size_t n = 0;
  for (const v1::Traveller& t : data.travellers) {
    for (const v1::DirectionTraveller& d : t.directions()) {
      for (const v1::TravellerRow& r : d.rows()) {
        const auto& row = travellers.rows[n++];
        EXPECT_EQ(Number(row.at("board")), t.board());
        EXPECT_EQ(row.at("deal_number"), std::to_string(t.deal_number()));
        EXPECT_EQ(Number(row.at("datum")), d.datum());
        EXPECT_EQ(row.at("display_name"), r.display_name());
        EXPECT_EQ(row.at("table_label"), r.table_label());
        EXPECT_EQ(Number(row.at("board_score")), r.board_score());
        EXPECT_EQ(row.at("matchpoints"), r.matchpoints());
        EXPECT_EQ(Number(row.at("diff")), r.diff());
        EXPECT_EQ(row.at("assigned"), r.assigned() ? "true" : "false");
        EXPECT_EQ(row.at("summary"), r.result().summary());
        EXPECT_EQ(row.at("hand"), t.hands(d.direction() - 1));
        EXPECT_EQ(row.at("skat"), t.skat());
      }
    }
  }

  const CsvTable cards = ReadCsv(files.at("scorecards.csv"));
  n = 0;
  for (const v1::Scorecard& card : data.scorecards) {
    for (const v1::ScorecardRow& r : card.rows()) {
      ASSERT_LT(n, cards.rows.size());
      const auto& row = cards.rows[n++];
      EXPECT_EQ(row.at("display_name"), card.standing().display_name());
      EXPECT_EQ(Number(row.at("board")), r.board());
      EXPECT_EQ(Number(row.at("board_score")), r.board_score());
      EXPECT_EQ(row.at("matchpoints"), r.matchpoints());
      EXPECT_EQ(Number(row.at("diff")), r.diff());
    }
  }
  EXPECT_EQ(n, cards.rows.size());

  const CsvTable team = ReadCsv(files.at("team.csv"));
  ASSERT_EQ(team.rows.size(), 7u);
  int64_t a = 0, b = 0;
  for (size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(team.rows[i].at("club_b"), kClubB);
    a += static_cast<int64_t>(Number(team.rows[i].at("club_a_score")));
    b += static_cast<int64_t>(Number(team.rows[i].at("club_b_score")));
    EXPECT_EQ(Number(team.rows[i].at("net")), data.team->lines(static_cast<int>(i)).net());
  }
  EXPECT_EQ(team.rows[6].at("board"), "total");
  EXPECT_EQ(Number(team.rows[6].at("club_a_score")), a);
  EXPECT_EQ(Number(team.rows[6].at("club_b_score")), b);
  EXPECT_EQ(Number(team.rows[6].at("net")), data.team->net());

  const CsvTable prizes = ReadCsv(files.at("prizes.csv"));
  ASSERT_EQ(prizes.rows.size(), 3u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(prizes.rows[i].at("display_name"), data.prizes->prizes(i).display_name());
    EXPECT_EQ(prizes.rows[i].at("detail"), data.prizes->prizes(i).detail());  // CRLF, quotes
    EXPECT_EQ(Number(prizes.rows[i].at("place")), i + 1);
  }
}

TEST(ReportCsvTest, SectionsWithoutDataWriteNoTeamOrPrizeFile) {
  ReportData data = MakeData();
  data.team.reset();
  data.prizes.reset();
  const auto files = ByPath(Render(data));
  EXPECT_FALSE(files.count("team.csv") || files.count("team.html"));
  EXPECT_FALSE(files.count("prizes.csv") || files.count("prizes.html"));
  EXPECT_TRUE(files.count("index.html") && files.count("boards.html") &&
              files.count("players.html"));
  EXPECT_EQ(files.at("index.html").find("team.html"), std::string::npos);
}

TEST(ReportHtmlTest, SourceIsSelfContainedAndEscaped) {
  const auto files = ByPath(Render(MakeData()));
  for (const auto& [path, content] : files) {
    if (path.size() < 5 || path.substr(path.size() - 5) != ".html") continue;
    std::string lower = content;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    EXPECT_EQ(lower.find("<script"), std::string::npos) << path;
    EXPECT_EQ(lower.find("http://"), std::string::npos) << path;
    EXPECT_EQ(lower.find("https://"), std::string::npos) << path;
    EXPECT_EQ(lower.find("<link"), std::string::npos) << path;
    EXPECT_EQ(lower.find("<img"), std::string::npos) << path;
    EXPECT_NE(content.find("name=\"viewport\""), std::string::npos) << path;
    // Quotes and angle brackets of names are escaped, never raw.
    EXPECT_EQ(content.find(kNames[0]), std::string::npos) << path;
    EXPECT_EQ(content.find(kNames[1]), std::string::npos) << path;
  }
}

// ---------------------------------------------------------------------------------------------
// Chromium

using testing_program::FindProgram;
using testing_program::ReadFile;
using testing_program::RunProgram;
using testing_program::RunResult;

void WriteFile(const std::filesystem::path& path, const std::string& content) {
  std::ofstream out(path, std::ios::binary);
  out << content;
}

// Appended to the test copy of a page: measures the layout in the iframe and copies the results
// into the outer page.
constexpr std::string_view kProbe = R"js(<script>
(function () {
  var doc = document.documentElement;
  var outer = parent.document;
  var list = outer.createElement('ol');
  list.id = 'skat-probe';
  function add(k, v) {
    var li = outer.createElement('li');
    li.setAttribute('data-k', k);
    li.textContent = String(v);
    list.appendChild(li);
  }
  function flat(text) { return text.replace(/\s+/g, ' ').trim(); }
  add('innerWidth', window.innerWidth);
  add('scrollWidth', Math.max(doc.scrollWidth, document.body.scrollWidth));
  add('clientWidth', doc.clientWidth);
  var right = 0;
  document.querySelectorAll('body *').forEach(function (e) {
    var r = e.getBoundingClientRect();
    if (r.width > 0 && r.right > right) right = r.right;
  });
  add('maxRight', Math.ceil(right));
  add('scripts', document.querySelectorAll('script').length);
  document.querySelectorAll('table').forEach(function (t, i) {
    t.querySelectorAll('tbody tr, tfoot tr').forEach(function (tr) {
      add('row', i + '|' + flat(tr.innerText));
    });
  });
  document.querySelectorAll('.hand').forEach(function (h) {
    var cards = [];
    h.querySelectorAll('.card').forEach(function (c) { cards.push(c.getAttribute('data-card')); });
    add('hand', (h.getAttribute('data-direction') || 'skat') + '|' + cards.join(' ') + '|' +
        flat(h.innerText));
  });
  var red = 0, black = 0, wrong = 0;
  document.querySelectorAll('.card, .sym').forEach(function (c) {
    var color = getComputedStyle(c).color;
    var isRed = c.classList.contains('h') || c.classList.contains('d');
    if (isRed && color === 'rgb(200, 16, 46)') red++;
    else if (!isRed && color === 'rgb(17, 17, 17)') black++;
    else wrong++;
  });
  add('red', red);
  add('black', black);
  add('wrongColour', wrong);
  document.querySelectorAll('svg.chart').forEach(function (s) {
    add('svg', s.getAttribute('class') + '|' + s.querySelectorAll('circle').length + '|' +
        s.querySelectorAll('polyline').length + '|' + Math.round(s.getBoundingClientRect().width));
  });
  add('text', flat(document.body.innerText));
  outer.body.appendChild(list);
})();
</script>)js";

std::string Unescape(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '&') {
      static const std::pair<std::string_view, std::string_view> kEntities[] = {
          {"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&nbsp;", " "}};
      bool done = false;
      for (const auto& [entity, value] : kEntities) {
        if (text.substr(i, entity.size()) == entity) {
          out += value;
          i += entity.size() - 1;
          done = true;
          break;
        }
      }
      if (done) continue;
    }
    out += text[i];
  }
  return out;
}

struct Probe {
  std::multimap<std::string, std::string> values;
  std::string One(const std::string& key) const {
    auto it = values.find(key);
    return it == values.end() ? "" : it->second;
  }
  int Int(const std::string& key) const {
    const std::string v = One(key);
    return v.empty() ? -1 : std::stoi(v);
  }
  std::vector<std::string> All(const std::string& key) const {
    std::vector<std::string> out;
    auto [from, to] = values.equal_range(key);
    for (auto it = from; it != to; ++it) out.push_back(it->second);
    return out;
  }
  // The rows of the page's table `table` (0-based, in document order).
  std::vector<std::string> Rows(int table) const {
    std::vector<std::string> out;
    const std::string prefix = std::to_string(table) + "|";
    for (const std::string& row : All("row")) {
      if (row.rfind(prefix, 0) == 0) out.push_back(row.substr(prefix.size()));
    }
    return out;
  }
};

class ReportRenderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    chromium_ =
        FindProgram("chromium").empty() ? FindProgram("chromium-browser") : FindProgram("chromium");
    ASSERT_FALSE(chromium_.empty()) << "chromium is not installed (deploy/install-deps)";
    char pattern[] = "/tmp/skat-report-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    dir_ = pattern;
    data_ = MakeData();
    for (const File& f : Render(data_)) {
      files_[f.path] = f.content;
      WriteFile(dir_ / f.path, f.content);
    }
  }
  void TearDown() override {
    if (dir_.empty()) return;
    if (std::getenv("SKAT_KEEP_RENDER") != nullptr) {
      std::cout << "render files kept in " << dir_ << "\n";
    } else {
      std::filesystem::remove_all(dir_);
    }
  }

  // Loads `html` (a page's content) in an iframe `width` pixels wide and returns its probe.
  Probe Load(const std::string& name, const std::string& html, int width) {
    Probe probe;
    std::string copy = html;
    const size_t body_end = copy.rfind("</body>");
    EXPECT_NE(body_end, std::string::npos) << name;
    if (body_end == std::string::npos) return probe;
    copy.insert(body_end, kProbe);
    const std::string tag = name + "-" + std::to_string(width);
    WriteFile(dir_ / ("probe-" + tag + ".html"), copy);
    WriteFile(dir_ / ("frame-" + tag + ".html"),
              "<!DOCTYPE html><html><body style=\"margin:0\"><iframe src=\"probe-" + tag +
                  ".html\" style=\"width:" + std::to_string(width) +
                  "px;height:800px;border:0\"></iframe></body></html>\n");
    const std::vector<std::string> argv = {
        chromium_,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-dev-shm-usage",
        "--allow-file-access-from-files",
        "--window-size=" + std::to_string(width + 40) + ",900",
        "--user-data-dir=" + (dir_ / ("profile-" + tag)).string(),
        "--dump-dom",
        "file://" + (dir_ / ("frame-" + tag + ".html")).string()};
    const RunResult run =
        RunProgram(argv, (dir_ / (tag + ".dom")).string(), (dir_ / (tag + ".err")).string());
    EXPECT_FALSE(run.timed_out) << "chromium took more than 60 s on " << tag;
    EXPECT_EQ(run.exit_code, 0) << run.error << ReadFile(dir_ / (tag + ".err"));
    const std::string dom = ReadFile(dir_ / (tag + ".dom"));
    const size_t list = dom.find("<ol id=\"skat-probe\">");
    EXPECT_NE(list, std::string::npos) << "no probe output for " << tag << ":\n"
                                       << dom.substr(0, 2000);
    if (list == std::string::npos) return probe;
    const std::string open = "<li data-k=\"";
    for (size_t at = dom.find(open, list); at != std::string::npos; at = dom.find(open, at + 1)) {
      const size_t key_end = dom.find('"', at + open.size());
      const size_t value_start = dom.find('>', key_end) + 1;
      const size_t value_end = dom.find("</li>", value_start);
      probe.values.emplace(dom.substr(at + open.size(), key_end - at - open.size()),
                           Unescape(dom.substr(value_start, value_end - value_start)));
    }
    return probe;
  }

  // A page at phone width: it fits, shows the players `names` (indexes into kNames) exactly, and
  // has no script element but the probe.
  Probe LoadPhone(const std::string& page, const std::vector<int>& names) {
    Probe probe = Load(page, files_.at(page), 375);
    EXPECT_EQ(probe.Int("innerWidth"), 375) << page << ": the frame is not phone-sized";
    // The frame's scrollbar may take part of the 375 pixels: the page must fit what is left.
    const int visible = probe.Int("clientWidth");
    EXPECT_GE(visible, 340) << page;
    EXPECT_LE(probe.Int("scrollWidth"), visible) << page << " scrolls sideways at 375 px";
    EXPECT_LE(probe.Int("maxRight"), visible) << page << ": an element ends right of the page";
    EXPECT_EQ(probe.Int("scripts"), 1) << page << ": a script element besides the probe";
    for (int i : names) {
      EXPECT_NE(probe.One("text").find(kNames[i]), std::string::npos)
          << page << " does not show " << kNames[i];
    }
    return probe;
  }

  std::string chromium_;
  std::filesystem::path dir_;
  ReportData data_;
  std::map<std::string, std::string> files_;
};

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::string Pct(double p) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", p);
  return buffer;
}

std::string Signed(int64_t v) { return (v > 0 ? "+" : "") + std::to_string(v); }

// "+68", "-69.33", "0": a diff as the pages show it (two decimals at most, trailing zeros dropped).
std::string SignedDiff(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%+.2f", v);
  std::string text = buffer;
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text == "+0" || text == "-0" ? "0" : text;
}

TEST_F(ReportRenderTest, ControlPageTooWideIsCaught) {
  std::string wide = files_.at("index.html");
  wide.insert(wide.find("</main>"), "<div style=\"width:600px\">wide</div>");
  const Probe probe = Load("wide", wide, 375);
  EXPECT_EQ(probe.Int("innerWidth"), 375);
  EXPECT_GT(probe.Int("scrollWidth"), probe.Int("clientWidth"));
  EXPECT_GT(probe.Int("maxRight"), probe.Int("clientWidth"));
}

TEST_F(ReportRenderTest, StandingsOnAPhone) {
  const Probe probe = LoadPhone("index.html", {0, 1, 2, 3, 4, 5});
  const std::vector<std::string> rows = probe.Rows(0);
  ASSERT_EQ(rows.size(), static_cast<size_t>(kPlayers));
  for (int i = 0; i < kPlayers; ++i) {
    const v1::Standing& s = data_.standings.overall(i);
    const std::string rank = std::to_string(s.rank()) + (s.tied() ? "=" : "");
    EXPECT_EQ(rows[i].rfind(rank + " " + s.display_name(), 0), 0u) << rows[i];
    EXPECT_TRUE(Contains(rows[i], s.matchpoints() + " " + Pct(s.percentage()))) << rows[i];
    // Columns dropped on a phone: own points and total.
    EXPECT_FALSE(Contains(rows[i], std::to_string(s.own_points()))) << rows[i];
  }
  EXPECT_TRUE(Contains(probe.One("text"), data_.standings.display_name()));
  // The chart: a line and two dots per player, as wide as the phone allows.
  const std::vector<std::string> svgs = probe.All("svg");
  ASSERT_EQ(svgs.size(), 1u);
  EXPECT_EQ(svgs[0].rfind("chart rounds|18|9|", 0), 0u) << svgs[0];
  const int width = std::stoi(svgs[0].substr(svgs[0].rfind('|') + 1));
  EXPECT_GT(width, 300);
  EXPECT_LE(width, 375);
  // By direction: three more tables of five.
  for (int t = 1; t <= 3; ++t) EXPECT_EQ(probe.Rows(t).size(), 5u);
}

TEST_F(ReportRenderTest, StandingsOnADesktopShowEveryColumn) {
  const Probe probe = Load("index.html", files_.at("index.html"), 1200);
  EXPECT_LE(probe.Int("scrollWidth"), probe.Int("clientWidth"));
  const std::vector<std::string> rows = probe.Rows(0);
  ASSERT_EQ(rows.size(), static_cast<size_t>(kPlayers));
  for (int i = 0; i < kPlayers; ++i) {
    const v1::Standing& s = data_.standings.overall(i);
    EXPECT_TRUE(Contains(rows[i], s.display_name() + " " + s.club())) << rows[i];
    EXPECT_TRUE(Contains(rows[i], Signed(s.total()) + " " + std::to_string(s.own_points())))
        << rows[i];
    EXPECT_TRUE(Contains(rows[i], "2 " + std::to_string(s.direction_boards(0)) + "/" +
                                      std::to_string(s.direction_boards(1)) + "/" +
                                      std::to_string(s.direction_boards(2))))
        << rows[i];
  }
}

TEST_F(ReportRenderTest, TravellersWithHandsOnAPhone) {
  const Probe probe = LoadPhone("boards.html", {0, 1, 2, 3, 4, 5});
  // Tables: per board, forehand, middlehand and rearhand.
  int table = 0;
  for (const v1::Traveller& t : data_.travellers) {
    for (const v1::DirectionTraveller& d : t.directions()) {
      const std::vector<std::string> rows = probe.Rows(table++);
      ASSERT_EQ(rows.size(), 3u);
      for (int k = 0; k < 3; ++k) {
        const v1::TravellerRow& r = d.rows(k);
        EXPECT_EQ(rows[k].rfind(r.table_label() + " " + r.display_name(), 0), 0u) << rows[k];
        // On a phone the game goes under the player and the top is dropped.
        EXPECT_TRUE(Contains(rows[k], r.result().summary() + " " + Signed(r.board_score()) + " " +
                                          r.matchpoints() + " " + SignedDiff(r.diff())))
            << rows[k];
        EXPECT_TRUE(Contains(rows[k], r.result().summary())) << rows[k];
        EXPECT_EQ(Contains(rows[k], "(assigned)"), r.assigned()) << rows[k];
      }
    }
  }
  // Hands: every card of each hand once, with the four suit symbols; the skat in order.
  const std::vector<std::string> hands = probe.All("hand");
  ASSERT_EQ(hands.size(), 8u);
  for (size_t h = 0; h < hands.size(); ++h) {
    const v1::Traveller& t = data_.travellers[h / 4];
    std::stringstream parts(hands[h]);
    std::string direction, cards, text;
    std::getline(parts, direction, '|');
    std::getline(parts, cards, '|');
    std::getline(parts, text);
    if (h % 4 == 3) {
      EXPECT_EQ(direction, "skat");
      EXPECT_EQ(cards, t.skat());
      continue;
    }
    std::multiset<std::string> shown, dealt;
    std::stringstream a(cards), b(t.hands(static_cast<int>(h % 4)));
    for (std::string c; a >> c;) shown.insert(c);
    for (std::string c; b >> c;) dealt.insert(c);
    EXPECT_EQ(shown, dealt) << "board " << t.board() << " " << direction;
    for (std::string_view symbol : {"\u2663", "\u2660", "\u2665", "\u2666"}) {
      EXPECT_TRUE(Contains(text, std::string(symbol))) << text;
    }
  }
  EXPECT_GT(probe.Int("red"), 0);
  EXPECT_GT(probe.Int("black"), 0);
  EXPECT_EQ(probe.Int("wrongColour"), 0) << "a card in the wrong colour";
  // A dot strip per board: one dot per table and direction.
  const std::vector<std::string> svgs = probe.All("svg");
  ASSERT_EQ(svgs.size(), 2u);
  for (const std::string& svg : svgs) EXPECT_EQ(svg.rfind("chart spread|9|0|", 0), 0u) << svg;
}

TEST_F(ReportRenderTest, ScorecardsOnAPhone) {
  const Probe probe = LoadPhone("players.html", {0, 1, 2, 3, 4, 5});
  for (int i = 0; i < kPlayers; ++i) {
    const v1::Scorecard& card = data_.scorecards[i];
    const std::vector<std::string> rows = probe.Rows(i);
    ASSERT_EQ(rows.size(), static_cast<size_t>(card.rows_size())) << i;
    for (int k = 0; k < card.rows_size(); ++k) {
      const v1::ScorecardRow& r = card.rows(k);
      // On a phone: round, board, direction letter, score, matchpoints, diff.
      EXPECT_EQ(rows[k], std::to_string(r.round()) + " " + std::to_string(r.board()) + " " +
                             "?FMR"[r.direction()] + " " + Signed(r.board_score()) + " " +
                             r.matchpoints() + " " + SignedDiff(r.diff()));
    }
    EXPECT_TRUE(
        Contains(probe.One("text"), card.standing().display_name() + " " + card.standing().club()))
        << card.standing().display_name();
  }
}

TEST_F(ReportRenderTest, TeamMatchAndPrizesOnAPhone) {
  const Probe team = LoadPhone("team.html", {});
  const std::vector<std::string> rows = team.Rows(0);
  const v1::TeamMatch& t = *data_.team;
  ASSERT_EQ(rows.size(), static_cast<size_t>(t.lines_size() + 1));
  for (int i = 0; i < t.lines_size(); ++i) {
    const v1::TeamLine& line = t.lines(i);
    EXPECT_TRUE(Contains(rows[i], std::to_string(line.board()) + " ")) << rows[i];
    EXPECT_TRUE(Contains(
        rows[i], Signed(line.club_a()) + " " + Signed(line.club_b()) + " " + Signed(line.net())))
        << rows[i];
  }
  EXPECT_TRUE(Contains(rows.back(), "Total " + Signed(t.total_a()) + " " + Signed(t.total_b()) +
                                        " " + Signed(t.net())))
      << rows.back();
  EXPECT_TRUE(Contains(team.One("text"), kClubB));

  const Probe prizes = LoadPhone("prizes.html", {0, 1, 3});
  const std::vector<std::string> prize_rows = prizes.Rows(0);
  ASSERT_EQ(prize_rows.size(), 3u);
  for (int i = 0; i < 3; ++i) {
    const v1::Prize& p = data_.prizes->prizes(i);
    EXPECT_TRUE(Contains(prize_rows[i], p.category() + " " + p.display_name())) << prize_rows[i];
  }
  EXPECT_TRUE(Contains(prize_rows[1], "1334 own points, then \"net games\"")) << prize_rows[1];
}

}  // namespace
}  // namespace skat::report
