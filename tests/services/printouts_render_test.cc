// Punched-style printouts rendered in headless Chromium
// (docs/development.md "Headless Chromium"): every
// card's direction is read back from the rendered DOM, and the printed PDF's text (pdftotext)
// holds every board's curtain cards with their suit symbols in an embedded DejaVu font.
//
// Needs chromium, poppler-utils and fonts-dejavu-core (deploy/install-deps); fails without them.
// Set SKAT_KEEP_RENDER=1 to keep the HTML, DOM, PDF and text in the printed directory.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "engine/board.h"
#include "engine/board_set.h"
#include "engine/card.h"
#include "services/deal/printouts.h"
#include "tests/services/printouts_test_util.h"
#include "tests/services/run_program.h"

extern char** environ;

namespace skat {
namespace {

using testing_printouts::Attr;
using testing_printouts::Expected;
using testing_program::FindProgram;
using testing_program::ReadFile;
using testing_program::RunProgram;
using testing_program::RunResult;

// The text of the markup from `from` to `until`, tags removed.
std::string TextBetween(const std::string& html, size_t from, size_t until) {
  std::string text;
  bool in_tag = false;
  for (size_t i = from; i < until && i < html.size(); ++i) {
    if (html[i] == '<') in_tag = true;
    if (!in_tag) text += html[i];
    if (html[i] == '>') in_tag = false;
  }
  return text;
}

std::string WithoutWhitespace(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c != ' ' && c != '\n' && c != '\t' && c != '\f' && c != '\r') out += c;
  }
  return out;
}

constexpr Suit kPackSuits[] = {Suit::kClubs, Suit::kSpades, Suit::kHearts, Suit::kDiamonds};

class PrintoutsRenderTest : public ::testing::TestWithParam<int> {
 protected:
  void SetUp() override {
    set_.label = "Render test <&> session";
    set_.generator_version = 1;
    set_.commitment = "5f1c0c8e4b7a2d9e3f6a1b0c7d8e9f0a1b2c3d4e5f60718293a4b5c6d7e8f901";
    set_.table_size = GetParam();
    int number = 1;
    for (uint64_t deal : {0ull, 1234567890123ull, 5506588817009279ull}) {
      set_.boards.push_back({number++, UnrankBoard(deal)});
    }
    char pattern[] = "/tmp/skat-printouts-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    dir_ = pattern;
  }
  void TearDown() override {
    if (dir_.empty()) return;
    if (std::getenv("SKAT_KEEP_RENDER") != nullptr) {
      std::cout << "render files kept in " << dir_ << "\n";
    } else {
      std::filesystem::remove_all(dir_);
    }
  }

  // Chromium with the flags of docs/development.md "Headless Chromium" and a fresh profile;
  // `extra` before the URL.
  RunResult Chromium(const std::string& chromium, const std::vector<std::string>& extra,
                     const std::string& url, const std::string& name) {
    std::vector<std::string> argv = {chromium,
                                     "--headless",
                                     "--no-sandbox",
                                     "--disable-gpu",
                                     "--disable-background-networking",
                                     "--disable-component-update",
                                     "--disable-sync",
                                     "--no-first-run",
                                     "--disable-dev-shm-usage",
                                     "--user-data-dir=" + (dir_ / ("profile-" + name)).string()};
    argv.insert(argv.end(), extra.begin(), extra.end());
    argv.push_back(url);
    return RunProgram(argv, (dir_ / (name + ".out")).string(), (dir_ / (name + ".err")).string());
  }

  BoardSet set_;
  std::filesystem::path dir_;
};

TEST_P(PrintoutsRenderTest, ChromiumRendersEveryCardsDirection) {
  const std::string chromium =
      FindProgram("chromium").empty() ? FindProgram("chromium-browser") : FindProgram("chromium");
  ASSERT_FALSE(chromium.empty()) << "chromium is not installed (deploy/install-deps installs it)";
  const std::string pdftotext = FindProgram("pdftotext");
  const std::string pdffonts = FindProgram("pdffonts");
  ASSERT_FALSE(pdftotext.empty() || pdffonts.empty())
      << "poppler-utils is not installed (deploy/install-deps installs it)";

  const std::filesystem::path html_path = dir_ / "printouts.html";
  {
    std::ofstream out(html_path, std::ios::binary);
    out << PrintoutsHtml(set_);
  }
  const std::string url = "file://" + html_path.string();

  // 1. The DOM after rendering: every card's direction, from the punch cards, the curtain cards
  //    and the dealing sheet.
  const RunResult dom_run = Chromium(chromium, {"--dump-dom"}, url, "dom");
  ASSERT_FALSE(dom_run.timed_out) << "chromium --dump-dom took more than 60 s";
  ASSERT_EQ(dom_run.exit_code, 0) << dom_run.error << ReadFile(dir_ / "dom.err");
  const std::string dom = ReadFile(dir_ / "dom.out");
  ASSERT_NE(dom.find("</html>"), std::string::npos) << dom.substr(0, 500);

  const std::array<Card, kCardCount> pack = PackOrder();
  std::map<int, std::set<std::string>> punched;  // board -> cards
  const std::string punched_open = "<td class=\"punched";
  for (size_t at = dom.find(punched_open); at != std::string::npos;
       at = dom.find(punched_open, at + 1)) {
    const size_t tag_end = dom.find('>', at);
    const std::string_view tag(dom.data() + at, tag_end - at);
    const int board = std::stoi(Attr(tag, "data-board"));
    const std::string card = Attr(tag, "data-card");
    const std::string direction = Attr(tag, "data-direction");
    const size_t row_at = dom.rfind("data-row=\"", at);
    ASSERT_NE(row_at, std::string::npos);
    const std::string row = dom.substr(row_at + 10, dom.find('"', row_at + 10) - row_at - 10);
    const std::string text = TextBetween(dom, tag_end + 1, dom.find("</td>", tag_end));
    ASSERT_GE(board, 1);
    ASSERT_LE(board, 3);
    const std::optional<Card> parsed = ParseCard(card);
    ASSERT_TRUE(parsed.has_value()) << card;
    const std::string expected = Expected(set_.boards[board - 1].board, *parsed);
    EXPECT_EQ(direction, expected) << "board " << board << " " << card;
    EXPECT_EQ(row, expected) << "punched in the wrong row: board " << board << " " << card;
    EXPECT_EQ(text, expected) << "board " << board << " " << card;
    punched[board].insert(card);
  }
  ASSERT_EQ(punched.size(), 3u);
  for (const auto& [board, cards] : punched) EXPECT_EQ(cards.size(), 32u) << "board " << board;

  // Curtain cards: each card of each hand, with its rank as the visible text.
  std::map<std::pair<int, std::string>, int> curtain;  // (board, direction) -> cards
  const std::string card_open = "<span class=\"card ";
  for (size_t at = dom.find(card_open); at != std::string::npos; at = dom.find(card_open, at + 1)) {
    const size_t tag_end = dom.find('>', at);
    const std::string_view tag(dom.data() + at, tag_end - at);
    const int board = std::stoi(Attr(tag, "data-board"));
    const std::string card = Attr(tag, "data-card");
    const std::string direction = Attr(tag, "data-direction");
    const std::string text = TextBetween(dom, tag_end + 1, dom.find("</span>", tag_end));
    EXPECT_EQ(direction, Expected(set_.boards[board - 1].board, *ParseCard(card)));
    EXPECT_EQ(text, card.substr(2));
    ++curtain[{board, direction}];
  }
  EXPECT_EQ(curtain.size(), 9u);
  for (const auto& [key, count] : curtain) EXPECT_EQ(count, 10) << "board " << key.first;

  // Dealing sheet: the pack in order, each card's destination in the next cell.
  std::map<int, std::vector<std::string>> dealt;  // board -> cards in order
  const std::string deal_open = "<td class=\"big card ";
  for (size_t at = dom.find(deal_open); at != std::string::npos; at = dom.find(deal_open, at + 1)) {
    const size_t tag_end = dom.find('>', at);
    const std::string_view tag(dom.data() + at, tag_end - at);
    const int board = std::stoi(Attr(tag, "data-board"));
    const std::string card = Attr(tag, "data-card");
    const std::string expected = Expected(set_.boards[board - 1].board, *ParseCard(card));
    EXPECT_EQ(Attr(tag, "data-direction"), expected);
    const size_t dest = dom.find("<td class=\"dest\">", tag_end);
    const std::string dest_text = TextBetween(dom, dest, dom.find("</td>", dest));
    EXPECT_EQ(dest_text.substr(0, expected.size()), expected) << dest_text;
    dealt[board].push_back(card);
  }
  ASSERT_EQ(dealt.size(), 3u);
  for (const auto& [board, cards] : dealt) {
    ASSERT_EQ(cards.size(), 32u);
    for (int i = 0; i < kCardCount; ++i) EXPECT_EQ(cards[i], ToString(pack[i]));
  }

  // 2. The printed PDF: suit symbols in an embedded DejaVu font, every curtain card and every
  //    dealing-sheet line in the text.
  const std::string pdf = (dir_ / "out.pdf").string();
  const RunResult pdf_run =
      Chromium(chromium, {"--no-pdf-header-footer", "--print-to-pdf=" + pdf}, url, "pdf");
  ASSERT_FALSE(pdf_run.timed_out) << "chromium --print-to-pdf took more than 60 s";
  ASSERT_EQ(pdf_run.exit_code, 0) << pdf_run.error << ReadFile(dir_ / "pdf.err");
  ASSERT_TRUE(std::filesystem::exists(pdf)) << ReadFile(dir_ / "pdf.err");

  const std::string text_path = (dir_ / "out.txt").string();
  const RunResult text_run =
      RunProgram({pdftotext, "-layout", "-enc", "UTF-8", pdf, text_path},
                 (dir_ / "pdftotext.out").string(), (dir_ / "pdftotext.err").string());
  ASSERT_EQ(text_run.exit_code, 0) << ReadFile(dir_ / "pdftotext.err");
  const std::string text = ReadFile(text_path);
  const RunResult fonts_run =
      RunProgram({pdffonts, pdf}, (dir_ / "fonts.out").string(), (dir_ / "fonts.err").string());
  ASSERT_EQ(fonts_run.exit_code, 0);
  const std::string fonts = ReadFile(dir_ / "fonts.out");
  EXPECT_NE(fonts.find("DejaVuSans"), std::string::npos) << fonts;
  for (std::string_view symbol : {"\u2663", "\u2660", "\u2665", "\u2666"}) {
    EXPECT_NE(text.find(symbol), std::string::npos) << "no " << symbol << " in the PDF";
  }

  // Curtain cards: per board, the three cards side by side, suit line by suit line.
  const std::string flat = WithoutWhitespace(text);
  for (const SetBoard& sb : set_.boards) {
    std::string expected;
    for (Suit suit : kPackSuits) {
      for (Direction d : kDirections) {
        expected += SuitSymbol(suit);
        const CardSet cards = sb.board.hand(d) & CardSet::OfSuit(suit);
        if (cards.empty()) expected += "\u2014";
        for (int r = kRankCount - 1; r >= 0; --r) {
          const Card card(suit, static_cast<Rank>(r));
          if (cards.contains(card)) expected += ToString(card).substr(2);
        }
      }
    }
    EXPECT_NE(flat.find(expected), std::string::npos)
        << "board " << sb.number << " curtain cards not in the PDF text: " << expected;
    for (Direction d : kDirections) {
      std::string chair = "Chair" + std::to_string(DirectionChair(sb.number, set_.table_size, d));
      if (set_.table_size == 4) {
        chair += "\u00b7dealer(chair" + std::to_string(RestingChair(sb.number, 4)) + ")rests";
      }
      EXPECT_NE(flat.find(chair), std::string::npos) << chair;
    }
  }

  // Dealing sheet: "C-A" followed by its destination ("F", "S1", ...), per board.
  const size_t dealing_at = text.find("Dealing sheet");
  ASSERT_NE(dealing_at, std::string::npos);
  std::stringstream words(text.substr(dealing_at));
  std::vector<std::string> tokens;
  for (std::string w; words >> w;) tokens.push_back(w);
  std::map<int, std::map<std::string, std::string>> printed;  // board -> card -> destination
  int board = 0;
  for (size_t i = 0; i + 1 < tokens.size(); ++i) {
    const std::string& t = tokens[i];
    if (t == "Board" && tokens[i + 1].find_first_not_of("0123456789") == std::string::npos) {
      board = std::stoi(tokens[i + 1]);
      continue;
    }
    if (board == 0 || t.size() < 3 || t[1] != '-' || !ParseCard(t).has_value()) continue;
    const std::string& next = tokens[i + 1];
    std::string destination = next.substr(0, next.rfind('S', 0) == 0 ? 2 : 1);
    printed[board][t] = destination;
  }
  ASSERT_EQ(printed.size(), 3u) << text.substr(dealing_at);
  for (const SetBoard& sb : set_.boards) {
    const auto& cards = printed[sb.number];
    EXPECT_EQ(cards.size(), 32u) << "board " << sb.number;
    for (const auto& [card, destination] : cards) {
      EXPECT_EQ(destination, Expected(sb.board, *ParseCard(card)))
          << "board " << sb.number << " " << card;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(TableSizes, PrintoutsRenderTest, ::testing::Values(3, 4),
                         [](const ::testing::TestParamInfo<int>& param) {
                           return std::to_string(param.param) + "Chairs";
                         });

}  // namespace
}  // namespace skat
