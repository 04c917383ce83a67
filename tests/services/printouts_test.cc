// Punched-style printouts (services/deal/printouts.h): the structure of the HTML document and the
// text form, read back with plain string search.
#include "services/deal/printouts.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board.h"
#include "engine/board_set.h"
#include "engine/card.h"
#include "tests/services/printouts_test_util.h"

namespace skat {
namespace {

constexpr uint64_t kDeals[] = {0, 1234567890123, 5506588817009279};

BoardSet MakeSet(int table_size, int board_count = 3) {
  BoardSet set;
  set.label = "Club night 2026-11-21, session A";
  set.generator_version = 1;
  set.commitment = std::string(64, 'a');
  set.table_size = table_size;
  for (int i = 0; i < board_count; ++i) {
    set.boards.push_back(
        {i + 1, UnrankBoard((kDeals[i % 3] + static_cast<uint64_t>(i / 3)) % kDealCount)});
  }
  return set;
}

using testing_printouts::Attr;
using testing_printouts::Expected;

struct CardEntry {
  std::string section;  // data-section of the enclosing section: punch, curtain, dealing
  int board;
  std::string card;
  std::string direction;
};

// Every element with a data-card attribute, in document order.
std::vector<CardEntry> CardEntries(const std::string& html) {
  std::vector<CardEntry> entries;
  for (size_t pos = html.find(" data-card=\""); pos != std::string::npos;
       pos = html.find(" data-card=\"", pos + 1)) {
    const size_t open = html.rfind('<', pos);
    const std::string_view tag(html.data() + open, html.find('>', pos) - open);
    const size_t section_at = html.rfind("data-section=\"", pos);
    std::string section;
    if (section_at != std::string::npos) {
      section = html.substr(section_at + 14, html.find('"', section_at + 14) - section_at - 14);
    }
    entries.push_back({section, std::stoi(Attr(tag, "data-board")), Attr(tag, "data-card"),
                       Attr(tag, "data-direction")});
  }
  return entries;
}

std::map<int, std::vector<CardEntry>> BySection(const std::vector<CardEntry>& entries,
                                                std::string_view section) {
  std::map<int, std::vector<CardEntry>> by_board;
  for (const CardEntry& e : entries) {
    if (e.section == section) by_board[e.board].push_back(e);
  }
  return by_board;
}

size_t Count(std::string_view text, std::string_view what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string_view::npos; at = text.find(what, at + 1)) {
    ++n;
  }
  return n;
}

TEST(PrintoutsTest, PackOrderIsClubsSpadesHeartsDiamondsAceDown) {
  const std::array<Card, kCardCount> pack = PackOrder();
  std::string joined;
  for (Card c : pack) joined += (joined.empty() ? "" : " ") + ToString(c);
  EXPECT_EQ(joined, ToString(CardSet::All()));
  EXPECT_EQ(ToString(pack.front()), "C-A");
  EXPECT_EQ(ToString(pack[7]), "C-7");
  EXPECT_EQ(ToString(pack.back()), "D-7");
}

TEST(PrintoutsTest, DestinationOfEveryCard) {
  const Board board = UnrankBoard(0);  // skat C-K C-A, card 1 first
  EXPECT_EQ(Destination(board, *ParseCard("D-7")), "F");
  EXPECT_EQ(Destination(board, *ParseCard("S-10")), "M");
  EXPECT_EQ(Destination(board, *ParseCard("C-Q")), "R");
  EXPECT_EQ(Destination(board, *ParseCard("C-K")), "S1");
  EXPECT_EQ(Destination(board, *ParseCard("C-A")), "S2");
  EXPECT_EQ(Destination(UnrankBoard(1), *ParseCard("C-A")), "S1");
}

TEST(PrintoutsTest, EveryBoardHas32PunchedCardsWithTheirDirections) {
  for (int table_size : {3, 4}) {
    const BoardSet set = MakeSet(table_size);
    const auto punch = BySection(CardEntries(PrintoutsHtml(set)), "punch");
    ASSERT_EQ(punch.size(), set.boards.size());
    for (const SetBoard& sb : set.boards) {
      const std::vector<CardEntry>& entries = punch.at(sb.number);
      ASSERT_EQ(entries.size(), 32u) << "board " << sb.number;
      std::set<std::string> seen;
      std::map<std::string, int> per_direction;
      for (const CardEntry& e : entries) {
        const std::optional<Card> card = ParseCard(e.card);
        ASSERT_TRUE(card.has_value()) << e.card;
        EXPECT_EQ(e.direction, Expected(sb.board, *card)) << "board " << sb.number << " " << e.card;
        seen.insert(e.card);
        ++per_direction[e.direction];
      }
      EXPECT_EQ(seen.size(), 32u);
      EXPECT_EQ(per_direction, (std::map<std::string, int>{
                                   {"F", 10}, {"M", 10}, {"R", 10}, {"S1", 1}, {"S2", 1}}));
    }
  }
}

TEST(PrintoutsTest, DealingSheetListsThePackInOrderWithDestinations) {
  const BoardSet set = MakeSet(3);
  const auto dealing = BySection(CardEntries(PrintoutsHtml(set)), "dealing");
  ASSERT_EQ(dealing.size(), set.boards.size());
  const std::array<Card, kCardCount> pack = PackOrder();
  for (const SetBoard& sb : set.boards) {
    const std::vector<CardEntry>& entries = dealing.at(sb.number);
    ASSERT_EQ(entries.size(), 32u);
    for (int i = 0; i < kCardCount; ++i) {
      EXPECT_EQ(entries[i].card, ToString(pack[i]));
      EXPECT_EQ(entries[i].direction, Expected(sb.board, pack[i]));
    }
  }
  EXPECT_EQ(Count(PrintoutsHtml(set), "Skat card 1 = the top card as it lies"), 3u);
}

TEST(PrintoutsTest, CurtainCardsHoldEachHandSorted) {
  const BoardSet set = MakeSet(3);
  const std::string html = PrintoutsHtml(set);
  const auto curtain = BySection(CardEntries(html), "curtain");
  ASSERT_EQ(curtain.size(), set.boards.size());
  for (const SetBoard& sb : set.boards) {
    std::map<std::string, std::string> hands;  // direction -> cards in document order
    for (const CardEntry& e : curtain.at(sb.number)) {
      std::string& hand = hands[e.direction];
      hand += (hand.empty() ? "" : " ") + e.card;
    }
    ASSERT_EQ(hands.size(), 3u);
    for (Direction d : kDirections) {
      EXPECT_EQ(hands[std::string(1, DirectionLetter(d))], ToString(sb.board.hand(d)))
          << "board " << sb.number;
    }
  }
  // Suit symbols, hearts and diamonds red.
  for (std::string_view symbol : {"\u2663", "\u2660", "\u2665", "\u2666"}) {
    EXPECT_NE(html.find(symbol), std::string::npos) << symbol;
  }
  EXPECT_NE(html.find("<span class=\"sym h\">\u2665</span>"), std::string::npos);
  EXPECT_NE(html.find(".h, .d { color: #c8102e; }"), std::string::npos);
}

// The chair printed on each curtain card: "Chair N" after the card's opening tag.
std::map<std::pair<int, std::string>, std::string> CurtainChairs(const std::string& html) {
  std::map<std::pair<int, std::string>, std::string> chairs;
  const std::string open = "<article class=\"curtain\"";
  for (size_t at = html.find(open); at != std::string::npos; at = html.find(open, at + 1)) {
    const std::string_view tag(html.data() + at, html.find('>', at) - at);
    const size_t chair = html.find("<div class=\"chair\">", at) + 19;
    chairs[{std::stoi(Attr(tag, "data-board")), Attr(tag, "data-direction")}] =
        html.substr(chair, html.find("</div>", chair) - chair);
  }
  return chairs;
}

TEST(PrintoutsTest, ChairsAtThreeChairTables) {
  const auto chairs = CurtainChairs(PrintoutsHtml(MakeSet(3, 6)));
  // Board b: forehand in chair ((b - 1) mod 3) + 1, then clockwise.
  const char* expected[6][3] = {{"1", "2", "3"}, {"2", "3", "1"}, {"3", "1", "2"},
                                {"1", "2", "3"}, {"2", "3", "1"}, {"3", "1", "2"}};
  ASSERT_EQ(chairs.size(), 18u);
  for (int b = 1; b <= 6; ++b) {
    for (int d = 0; d < 3; ++d) {
      const std::string letter(1, DirectionLetter(kDirections[d]));
      EXPECT_EQ(chairs.at({b, letter}), std::string("Chair ") + expected[b - 1][d])
          << "board " << b << " " << letter;
      EXPECT_EQ(DirectionChair(b, 3, kDirections[d]), std::stoi(expected[b - 1][d]));
    }
    EXPECT_EQ(RestingChair(b, 3), 0);
  }
}

TEST(PrintoutsTest, ChairsAtFourChairTablesWithTheRestingDealer) {
  const auto chairs = CurtainChairs(PrintoutsHtml(MakeSet(4, 8)));
  // Board b: dealer in chair ((b - 1) mod 4) + 1 rests; forehand in the next chair clockwise.
  const int expected[8][4] = {{1, 2, 3, 4}, {2, 3, 4, 1}, {3, 4, 1, 2}, {4, 1, 2, 3},
                              {1, 2, 3, 4}, {2, 3, 4, 1}, {3, 4, 1, 2}, {4, 1, 2, 3}};
  ASSERT_EQ(chairs.size(), 24u);
  for (int b = 1; b <= 8; ++b) {
    const int dealer = expected[b - 1][0];
    EXPECT_EQ(RestingChair(b, 4), dealer);
    EXPECT_EQ(ForehandChair(b, 4), expected[b - 1][1]);
    for (int d = 0; d < 3; ++d) {
      const std::string letter(1, DirectionLetter(kDirections[d]));
      EXPECT_EQ(chairs.at({b, letter}), "Chair " + std::to_string(expected[b - 1][d + 1]) +
                                            " \u00b7 dealer (chair " + std::to_string(dealer) +
                                            ") rests")
          << "board " << b << " " << letter;
    }
  }
}

TEST(PrintoutsTest, LabelIsEscaped) {
  BoardSet set = MakeSet(3, 1);
  set.label = "<script>alert(\"x\")</script> & 'y'";
  const std::string html = PrintoutsHtml(set);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(Count(html, "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;"),
            4u);  // the title and the header of each of the three sections
}

TEST(PrintoutsTest, HeaderOnEverySectionAndSelfContained) {
  BoardSet set = MakeSet(3);
  set.commitment = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
  set.generator_version = 7;
  const std::string html = PrintoutsHtml(set);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(Count(html, "<section class=\"part\""), 3u);
  EXPECT_EQ(Count(html, set.commitment), 3u);
  EXPECT_EQ(Count(html, "<dd class=\"count\">3</dd>"), 3u);
  EXPECT_EQ(Count(html, "<dd class=\"version\">version 7</dd>"), 3u);
  EXPECT_NE(html.find("@page"), std::string::npos);
  EXPECT_NE(html.find("break-before: page"), std::string::npos);
  for (std::string_view external : {"http:", "https:", "<script", "<link", " src=", "url("}) {
    EXPECT_EQ(html.find(external), std::string::npos) << external;
  }
}

TEST(PrintoutsTest, OptionsSelectSections) {
  const BoardSet set = MakeSet(3);
  PrintoutOptions only_curtains;
  only_curtains.punch_cards = false;
  only_curtains.dealing_sheet = false;
  const std::string html = PrintoutsHtml(set, only_curtains);
  EXPECT_EQ(Count(html, "data-section="), 1u);
  EXPECT_NE(html.find("data-section=\"curtain\""), std::string::npos);
  EXPECT_EQ(CardEntries(html).size(), 90u);
}

TEST(PrintoutsTest, TextHasTheThreeParts) {
  const BoardSet set = MakeSet(4);
  const std::string text = PrintoutsText(set);
  EXPECT_NE(text.find("== Punch cards =="), std::string::npos);
  EXPECT_NE(text.find("== Curtain cards =="), std::string::npos);
  EXPECT_NE(text.find("== Dealing sheet =="), std::string::npos);
  EXPECT_EQ(Count(text, "Commitment: " + set.commitment), 3u);
  // Deal number 0: forehand holds H-8 H-7 and the diamonds; the skat is C-K (card 1), C-A.
  EXPECT_NE(text.find("Board 1 (deal number 0; forehand in chair 2, dealer in chair 1 rests)\n"
                      "      A   K   Q   J   10  9   8   7\n"
                      "  \u2663   S2  S1  R   R   R   R   R   R\n"
                      "  \u2660   R   R   R   R   M   M   M   M\n"
                      "  \u2665   M   M   M   M   M   M   F   F\n"
                      "  \u2666   F   F   F   F   F   F   F   F\n"),
            std::string::npos)
      << text;
  // The three curtain cards of board 1 side by side.
  EXPECT_NE(text.find("  Board 1  Forehand         Board 1  Middlehand       "
                      "Board 1  Rearhand\n"
                      "  Chair 2                   Chair 3                   "
                      "Chair 4\n"
                      "  \u2663 \u2014                       \u2663 \u2014                       "
                      "\u2663 Q J 10 9 8 7\n"
                      "  \u2660 \u2014                       \u2660 10 9 8 7                "
                      "\u2660 A K Q J\n"
                      "  \u2665 8 7                     \u2665 A K Q J 10 9            "
                      "\u2665 \u2014\n"
                      "  \u2666 A K Q J 10 9 8 7        \u2666 \u2014                       "
                      "\u2666 \u2014\n"
                      "  (dealer in chair 1 rests)\n"),
            std::string::npos)
      << text;
  // The dealing sheet writes each card as a line of text writes it (docs/cards.md "Card names").
  EXPECT_NE(text.find("   1  \u2663A    -> S2"), std::string::npos);
  EXPECT_NE(text.find("  skat: card 1 (top) \u2663K, card 2 \u2663A\n"), std::string::npos);
}

}  // namespace
}  // namespace skat
