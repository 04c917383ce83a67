// The event report (services/report/report.h) rendered (report_csv_test.cc reads back the CSV):
// every HTML page loaded in headless Chromium inside a 375-pixel-wide iframe (a phone; Chromium's
// headless window is at least 500 pixels wide) and read back from the rendered layout: names and
// numbers as the visible text (innerText, so columns hidden on a phone do not count), the hands'
// cards and their colours, the charts, no horizontal scrolling, and no script element but the
// test's own probe.
//
// How the pages are read: each page gets a test copy with a probe script appended; the probe runs
// in the iframe after layout and copies what it measured into the outer page as an <ol> of <li
// data-k="..."> items, which `chromium --dump-dom` prints (file:// frames share an origin with
// --allow-file-access-from-files). A control page that is too wide must be caught.
//
// Needs chromium (deploy/install-deps); fails without it. SKAT_KEEP_RENDER=1 keeps the files.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "services/report/report.h"
#include "tests/services/report_test_util.h"
#include "tests/services/run_program.h"
#include "tests/services/test_text.h"

namespace skat::report {
namespace {

using testing_text::Contains;

using testing_report::kClubB;
using testing_report::kNames;
using testing_report::kPlayers;
using testing_report::MakeData;

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

// each board's par table (opened here, as a reader would) and every table's play
// against open hands, with the widest texts the engine writes, still fit a phone; the "Lost"
// column is dropped there and the play list names each table's losses.
TEST_F(ReportRenderTest, ParTablesAndPlayOnAPhone) {
  ReportData data = data_;
  for (const v1::Traveller& t : data.travellers) {
    v1::BoardAnalysis& a = data.analyses.emplace_back();
    a.set_event(t.event());
    a.set_session(t.session());
    a.set_board(t.board());
    v1::ParTable* par = a.mutable_par();
    par->set_deal_number(t.deal_number());
    for (int i = 0; i < 33; ++i) {
      v1::ParRow* r = par->add_rows();
      r->set_declarer(static_cast<v1::Direction>(i / 11 + 1));
      r->set_game(i % 2 ? "passt-mir-nicht spades" : "clubs solo, schwarz announced");
      r->set_matadors("without 11");
      r->set_discards(i % 2 ? "S-10 S-K" : "");
      r->set_outcome(i % 3 ? "schneidered" : "schwarz");
      r->set_value(i % 3 ? -128 : 216);
    }
    par->set_par_row(t.board() == 1 ? 3 : -1);
    for (int k = 0; k < 3; ++k) {
      v1::GameAnalysis* g = a.add_games();
      g->set_table("events/ev-1/tables/t" + std::to_string(k + 1));
      g->set_table_label(k == 2 ? "Table 3 <east>" : "Table " + std::to_string(k + 1));
      g->set_studied(k != 1);
      g->set_reason("a result entered from physical play has no card play to study");
      g->set_declarer(static_cast<v1::Direction>(k % 3 + 1));
      g->set_game("hearts solo");
      g->set_open_points(78);
      g->set_open_outcome("won");
      g->set_actual_points(57);
      g->set_actual_outcome("lost");
      g->set_declarer_lost(21 + k);
      g->set_defenders_lost(4);
      g->add_turning_cards("card 14 M S-10: lost the game");
    }
  }
  std::string page;
  for (const File& f : Render(data)) {
    if (f.path == "boards.html") page = f.content;
  }
  // Open every par table, as a reader who taps it.
  for (size_t at = page.find("<details class=\"par\">"); at != std::string::npos;
       at = page.find("<details class=\"par\">", at + 1)) {
    page.insert(at + std::string("<details class=\"par\"").size(), " open");
  }
  files_["boards-analysed.html"] = page;
  const Probe probe = LoadPhone("boards-analysed.html", {0, 1, 2});
  const std::string text = probe.One("text");
  // Board 1's par contract in its summary; board 2 all pass.
  EXPECT_TRUE(Contains(text,
                       "Par (open hands): Forehand: passt-mir-nicht spades, without 11, "
                       "discards S-10 S-K \u2014 schwarz, +216"))
      << text;
  EXPECT_TRUE(Contains(text, "all pass (no seat secures a win)")) << text;
  // The par table is the board's first table: 33 rows of seat, game, outcome, value.
  const std::vector<std::string> rows = probe.Rows(0);
  ASSERT_EQ(rows.size(), 33u);
  EXPECT_EQ(rows[1], "F passt-mir-nicht spades, without 11, discards S-10 S-K schneidered -128");
  // Each table's play, the unstudied one with its reason.
  EXPECT_TRUE(Contains(text,
                       "Table 1: hearts solo by forehand: open-hand 78 (won), reached 57 "
                       "(lost); lost against open-hand play: declarer 21, defenders 4; "
                       "card 14 M S-10: lost the game"))
      << text;
  EXPECT_TRUE(Contains(text, "Table 2: a result entered from physical play")) << text;
  // On a phone the traveller rows keep their columns but drop "Lost".
  const std::vector<std::string> traveller = probe.Rows(1);
  ASSERT_EQ(traveller.size(), 3u);
  EXPECT_FALSE(Contains(traveller[0], "\u221221")) << traveller[0];
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
