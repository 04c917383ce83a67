#include "services/deal/printouts.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/card_set.h"
#include "services/common/html.h"

namespace skat {
namespace {

constexpr std::array<std::string_view, 5> kDestinations = {"F", "M", "R", "S1", "S2"};

// "c", "s", "h", "d": the CSS class of a suit (hearts and diamonds print red).
char SuitClass(Suit suit) { return static_cast<char>(SuitLetter(suit) - 'A' + 'a'); }

std::string RankText(Card card) { return ToString(card).substr(2); }

std::string_view DestinationName(std::string_view destination) {
  if (destination == "F") return "forehand";
  if (destination == "M") return "middlehand";
  if (destination == "R") return "rearhand";
  if (destination == "S1") return "skat card 1";
  if (destination == "S2") return "skat card 2";
  return "nowhere";
}

std::string Capitalized(std::string_view word) {
  std::string out(word);
  if (!out.empty() && out[0] >= 'a' && out[0] <= 'z') out[0] = static_cast<char>(out[0] - 32);
  return out;
}

constexpr std::array<Suit, 4> kPackSuits = {Suit::kClubs, Suit::kSpades, Suit::kHearts,
                                            Suit::kDiamonds};

// The cards of `hand` in one suit, from the ace down.
std::vector<Card> SuitCards(CardSet hand, Suit suit) {
  std::vector<Card> cards;
  for (int r = kRankCount - 1; r >= 0; --r) {
    const Card card(suit, static_cast<Rank>(r));
    if (hand.contains(card)) cards.push_back(card);
  }
  return cards;
}

std::string DealNumberText(const Board& board) {
  if (!CheckBoard(board).ok()) return "invalid board";
  return "deal number " + std::to_string(DealNumber(board));
}

// "forehand in chair 2" / "forehand in chair 3, dealer in chair 2 rests".
std::string SeatingText(int board_number, int table_size) {
  const int forehand = DirectionChair(board_number, table_size, Direction::kForehand);
  if (forehand == 0) return "";
  std::string text = "forehand in chair " + std::to_string(forehand);
  if (table_size == 4) {
    text +=
        ", dealer in chair " + std::to_string(RestingChair(board_number, table_size)) + " rests";
  }
  return text;
}

// ---------------------------------------------------------------------------------------------
// HTML

constexpr std::string_view kStyle = R"css(
@page { size: A4 portrait; margin: 11mm 12mm 12mm 12mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; font-family: "DejaVu Sans", "Noto Sans", Arial, sans-serif; color: #111;
       font-size: 10pt; line-height: 1.25; }
.sym, .card, .big { font-family: "DejaVu Sans", "Noto Sans Symbols 2", "Segoe UI Symbol", sans-serif; }
.h, .d { color: #c8102e; }
.c, .s { color: #111; }
section.part { break-before: page; page-break-before: always; }
section.part:first-of-type { break-before: auto; page-break-before: auto; }
.set-header { border-bottom: 2px solid #111; padding-bottom: 2mm; margin-bottom: 4mm;
              break-inside: avoid; }
.set-header .kind { font-size: 17pt; font-weight: bold; }
.set-header .kind small { font-size: 10pt; font-weight: normal; color: #444; margin-left: 3mm; }
.set-header dl { display: grid; grid-template-columns: max-content 1fr max-content 1fr;
                 gap: 0.6mm 3mm; margin: 1.5mm 0 0 0; }
.set-header dt { color: #555; }
.set-header dd { margin: 0; font-weight: bold; }
.set-header dd.wide { grid-column: 2 / 5; }
.mono { font-family: "DejaVu Sans Mono", monospace; font-weight: normal !important;
        font-size: 8.5pt; word-break: break-all; }
.howto { margin: 0 0 4mm 0; color: #333; }
.board-no { font-weight: bold; font-size: 15pt; }
.meta { color: #444; font-size: 9pt; }

/* Punch cards: one column per card of the pack, one row per destination, the hole punched. */
.punch-card { border: 0.5mm solid #222; border-radius: 2.5mm; padding: 2.5mm 3mm 3mm 3mm;
              margin: 0 0 5mm 0; background: #fdf8e8; break-inside: avoid;
              clip-path: polygon(7mm 0, 100% 0, 100% 100%, 0 100%, 0 7mm); }
.punch-card .pc-head { display: flex; justify-content: space-between; align-items: baseline;
                       padding-left: 5mm; margin-bottom: 1.5mm; }
table.pc { border-collapse: collapse; width: 100%; table-layout: fixed; }
table.pc th, table.pc td { text-align: center; padding: 0; }
table.pc thead th { font-weight: bold; line-height: 1.05; padding-bottom: 1mm; }
table.pc thead th .sym { display: block; font-size: 12pt; }
table.pc thead th .rank { display: block; font-size: 10pt; }
table.pc th.row { width: 9mm; text-align: left; font-size: 10pt; }
table.pc td { height: 6.2mm; border-left: 0.2mm dotted #bbb; }
table.pc .first { border-left: 0.5mm solid #222; }
table.pc td.hole::before { content: ""; display: inline-block; width: 2.2mm; height: 2.2mm;
                           border: 0.25mm solid #aaa; border-radius: 50%; vertical-align: middle; }
table.pc td.punched { font-weight: bold; font-size: 8.5pt; color: #fff; }
table.pc td.punched span { display: inline-block; min-width: 4.2mm; padding: 0.5mm 0.3mm;
                           background: #111; border-radius: 1.2mm; }
table.pc td.punched.h span, table.pc td.punched.d span { background: #c8102e; }

/* Curtain cards: per board a row of three cards, one per direction, to cut apart. */
.curtain-row { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 4mm;
               margin: 0 0 5mm 0; break-inside: avoid; }
.curtain { border: 0.5mm dashed #333; border-radius: 2mm; padding: 2.5mm 2.5mm 2mm 3mm; }
.curtain .cc-head { display: flex; justify-content: space-between; align-items: baseline;
                   white-space: nowrap; gap: 2mm; }
.curtain .board-no { font-size: 14pt; }
.curtain .dir { font-size: 11.5pt; font-weight: bold; }
.curtain .chair { font-size: 9.5pt; color: #333; margin: 0.5mm 0 1.5mm 0; white-space: nowrap; }
.suit-line { font-size: 14pt; line-height: 1.4; white-space: nowrap; font-weight: bold; }
.suit-line .sym { display: inline-block; width: 6mm; font-size: 15pt; }
.suit-line .void { color: #888; font-weight: normal; }

/* Dealing sheet: the pack in order, each card with the pocket it goes to. */
.dealing { margin: 0 0 5mm 0; break-inside: avoid; }
.dealing .ds-head { display: flex; justify-content: space-between; align-items: baseline;
                    border-bottom: 0.4mm solid #111; margin-bottom: 1.5mm; }
.ds-cols { display: flex; gap: 6mm; }
table.ds { border-collapse: collapse; flex: 1 1 0; }
table.ds th { text-align: left; font-size: 8.5pt; color: #555; font-weight: normal;
              border-bottom: 0.3mm solid #555; }
table.ds td { padding: 0.2mm 1.5mm; border-bottom: 0.2mm solid #ddd; vertical-align: baseline;
              line-height: 1.15; }
table.ds tr.suit-start td { border-top: 0.4mm solid #555; }
table.ds td.n { color: #666; width: 8mm; text-align: right; font-size: 9pt; }
table.ds td.big { font-size: 12pt; font-weight: bold; width: 16mm; }
table.ds td.code { color: #666; font-family: "DejaVu Sans Mono", monospace; font-size: 8.5pt;
                   width: 12mm; }
table.ds td.dest { font-size: 12pt; font-weight: bold; }
table.ds td.dest small { font-size: 8.5pt; font-weight: normal; color: #444; margin-left: 1.5mm; }
table.ds tr.skat td { background: #eee; }
.dealing .note { margin: 1.5mm 0 0 0; font-size: 9.5pt; }
.dealing .note span { white-space: nowrap; }
)css";

void AppendHeader(std::string& out, const BoardSet& set, std::string_view kind) {
  out += "<header class=\"set-header\">\n<div class=\"kind\">";
  out += kind;
  out += "<small>Comparative Skat</small></div>\n<dl>\n";
  out += "<dt>Board set</dt><dd class=\"label\">" + HtmlEscape(set.label) + "</dd>";
  out += "<dt>Boards</dt><dd class=\"count\">" + std::to_string(set.boards.size()) + "</dd>\n";
  out += "<dt>Generator</dt><dd class=\"version\">version " +
         std::to_string(set.generator_version) + "</dd>";
  out += "<dt>Table</dt><dd>" + std::to_string(set.table_size) + " chairs</dd>\n";
  out += "<dt>Commitment</dt><dd class=\"wide mono commitment\">" + HtmlEscape(set.commitment) +
         "</dd>\n";
  if (!set.beacon_source.empty()) {
    out += "<dt>Beacon</dt><dd class=\"wide\">" + HtmlEscape(set.beacon_source);
    if (!set.beacon_value.empty()) out += " = " + HtmlEscape(set.beacon_value);
    out += "</dd>\n";
  }
  out += "</dl>\n</header>\n";
}

std::string CardAttributes(int board_number, Card card, std::string_view destination) {
  return "data-board=\"" + std::to_string(board_number) + "\" data-card=\"" + ToString(card) +
         "\" data-direction=\"" + std::string(destination) + "\"";
}

void AppendPunchCard(std::string& out, const BoardSet& set, const SetBoard& sb) {
  const std::array<Card, kCardCount> pack = PackOrder();
  const std::string number = std::to_string(sb.number);
  out += "<article class=\"punch-card\" data-board=\"" + number + "\">\n";
  out += "<div class=\"pc-head\"><span class=\"board-no\">Board " + number +
         "</span><span class=\"meta\">" + SeatingText(sb.number, set.table_size) +
         "</span><span class=\"meta\">" + DealNumberText(sb.board) + "</span></div>\n";
  out += "<table class=\"pc\"><thead><tr><th class=\"row\"></th>";
  for (Card card : pack) {
    const char cls = SuitClass(card.suit());
    out += "<th class=\"";
    out += cls;
    if (card.rank() == Rank::kAce) out += " first";
    out += "\"><span class=\"sym\">";
    out += SuitSymbol(card.suit());
    out += "</span><span class=\"rank\">" + RankText(card) + "</span></th>";
  }
  out += "</tr></thead>\n<tbody>\n";
  for (std::string_view row : kDestinations) {
    out +=
        "<tr data-row=\"" + std::string(row) + "\"><th class=\"row\">" + std::string(row) + "</th>";
    for (Card card : pack) {
      const std::string_view destination = Destination(sb.board, card);
      const char* first = card.rank() == Rank::kAce ? " first" : "";
      if (destination == row) {
        out += "<td class=\"punched ";
        out += SuitClass(card.suit());
        out += first;
        out += "\" " + CardAttributes(sb.number, card, destination) + "><span>" +
               std::string(destination) + "</span></td>";
      } else {
        out += "<td class=\"hole";
        out += first;
        out += "\"></td>";
      }
    }
    out += "</tr>\n";
  }
  out += "</tbody></table>\n</article>\n";
}

void AppendCurtainRow(std::string& out, const BoardSet& set, const SetBoard& sb) {
  const std::string number = std::to_string(sb.number);
  out += "<div class=\"curtain-row\" data-board=\"" + number + "\">\n";
  for (Direction d : kDirections) {
    const std::string letter(1, DirectionLetter(d));
    out += "<article class=\"curtain\" data-board=\"" + number + "\" data-direction=\"" + letter +
           "\">\n";
    out += "<div class=\"cc-head\"><span class=\"board-no\">Board " + number +
           "</span><span class=\"dir\">" + Capitalized(DirectionName(d)) + "</span></div>\n";
    out += "<div class=\"chair\">";
    const int chair = DirectionChair(sb.number, set.table_size, d);
    if (chair > 0) {
      out += "Chair " + std::to_string(chair);
      if (set.table_size == 4) {
        out += " \u00b7 dealer (chair " + std::to_string(RestingChair(sb.number, set.table_size)) +
               ") rests";
      }
    }
    out += "</div>\n";
    for (Suit suit : kPackSuits) {
      out += "<div class=\"suit-line\"><span class=\"sym ";
      out += SuitClass(suit);
      out += "\">";
      out += SuitSymbol(suit);
      out += "</span>";
      const std::vector<Card> cards = SuitCards(sb.board.hand(d), suit);
      if (cards.empty()) out += "<span class=\"void\">\u2014</span>";
      for (Card card : cards) {
        out += " <span class=\"card ";
        out += SuitClass(suit);
        out += "\" " + CardAttributes(sb.number, card, letter) + ">" + RankText(card) + "</span>";
      }
      out += "</div>\n";
    }
    out += "</article>\n";
  }
  out += "</div>\n";
}

void AppendDealingSheet(std::string& out, const BoardSet& set, const SetBoard& sb) {
  const std::array<Card, kCardCount> pack = PackOrder();
  const std::string number = std::to_string(sb.number);
  out += "<article class=\"dealing\" data-board=\"" + number + "\">\n";
  out += "<div class=\"ds-head\"><span class=\"board-no\">Board " + number +
         "</span><span class=\"meta\">" + SeatingText(sb.number, set.table_size) +
         "</span><span class=\"meta\">" + DealNumberText(sb.board) + "</span></div>\n";
  out += "<div class=\"ds-cols\">\n";
  for (int half = 0; half < 2; ++half) {
    out +=
        "<table class=\"ds\"><thead><tr><th>#</th><th>Card</th><th></th><th>Goes to</th>"
        "</tr></thead><tbody>\n";
    for (int i = 16 * half; i < 16 * half + 16; ++i) {
      const Card card = pack[i];
      const std::string_view destination = Destination(sb.board, card);
      out += "<tr class=\"";
      if (card.rank() == Rank::kAce && i % 16 != 0) out += "suit-start";
      if (destination.size() == 2) out += " skat";
      out += "\"><td class=\"n\">" + std::to_string(i + 1) + "</td><td class=\"big card ";
      out += SuitClass(card.suit());
      out += "\" " + CardAttributes(sb.number, card, destination) + ">";
      out += SuitSymbol(card.suit());
      out += " " + RankText(card) + "</td><td class=\"code\">" + ToString(card) +
             "</td><td class=\"dest\">" + std::string(destination) + "<small>" +
             std::string(DestinationName(destination)) + "</small></td></tr>\n";
    }
    out += "</tbody></table>\n";
  }
  out +=
      "</div>\n<p class=\"note\">Check: 10 cards each in F, M and R, 2 in the skat. "
      "<b>Skat card 1 = the top card as it lies</b>: lay skat card 2 (";
  auto card_html = [](Card card) {
    std::string s = "<span class=\"";
    s += SuitClass(card.suit());
    s += "\">";
    s += SuitSymbol(card.suit());
    s += " " + RankText(card) + "</span>";
    return s;
  };
  out += card_html(sb.board.skat[1]) + ") face down first, then skat card 1 (" +
         card_html(sb.board.skat[0]) + ") on top of it.</p>\n</article>\n";
}

// ---------------------------------------------------------------------------------------------
// Text

void AppendTextHeader(std::string& out, const BoardSet& set, std::string_view kind) {
  out += "== " + std::string(kind) + " ==\n";
  out += "Board set:  " + set.label + "\n";
  out += "Boards:     " + std::to_string(set.boards.size()) + "    Generator: version " +
         std::to_string(set.generator_version) + "    Table: " + std::to_string(set.table_size) +
         " chairs\n";
  out += "Commitment: " + set.commitment + "\n";
  if (!set.beacon_source.empty()) {
    out += "Beacon:     " + set.beacon_source;
    if (!set.beacon_value.empty()) out += " = " + set.beacon_value;
    out += "\n";
  }
  out += "\n";
}

std::string BoardLine(const BoardSet& set, const SetBoard& sb) {
  std::string line = "Board " + std::to_string(sb.number) + " (" + DealNumberText(sb.board);
  const std::string seating = SeatingText(sb.number, set.table_size);
  if (!seating.empty()) line += "; " + seating;
  return line + ")\n";
}

std::string Pad(std::string_view text, size_t width) {
  std::string out(text);
  if (out.size() < width) out.append(width - out.size(), ' ');
  return out;
}

// Pads to `width` terminal columns, counting UTF-8 code points (the suit symbols and the dash
// take one column each).
std::string PadColumns(std::string_view text, size_t width) {
  size_t columns = 0;
  for (char c : text) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++columns;
  }
  std::string out(text);
  if (columns < width) out.append(width - columns, ' ');
  return out;
}

}  // namespace

std::array<Card, kCardCount> PackOrder() {
  std::array<Card, kCardCount> pack;
  for (int i = 0; i < kCardCount; ++i) pack[i] = Card::FromIndex(kCardCount - 1 - i);
  return pack;
}

std::string_view Destination(const Board& board, Card card) {
  for (Direction d : kDirections) {
    if (board.hand(d).contains(card)) return kDestinations[Index(d)];
  }
  if (board.skat[0] == card) return "S1";
  if (board.skat[1] == card) return "S2";
  return "?";
}

int DirectionChair(int board_number, int table_size, Direction d) {
  if (board_number < 1 || (table_size != 3 && table_size != 4)) return 0;
  const int forehand = ForehandChair(board_number, table_size);
  return (forehand - 1 + Index(d)) % table_size + 1;
}

int RestingChair(int board_number, int table_size) {
  if (board_number < 1 || table_size != 4) return 0;
  return (board_number - 1) % 4 + 1;
}

std::string PrintoutsHtml(const BoardSet& set, const PrintoutOptions& options) {
  std::string out;
  out.reserve(4096 + set.boards.size() * 24576);
  out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  out += "<title>Board set " + HtmlEscape(set.label) + " \u2014 printouts</title>\n";
  out += "<style>";
  out += kStyle;
  out += "</style>\n</head>\n<body>\n";
  if (options.punch_cards) {
    out += "<section class=\"part\" data-section=\"punch\">\n";
    AppendHeader(out, set, "Punch cards");
    out +=
        "<p class=\"howto\">Pack order: clubs, spades, hearts, diamonds; A K Q J 10 9 8 7 in "
        "each suit. The punched hole of each card is its destination: F forehand, M middlehand, "
        "R rearhand, S1 skat card 1 (the top card as it lies), S2 skat card 2.</p>\n";
    for (const SetBoard& sb : set.boards) AppendPunchCard(out, set, sb);
    out += "</section>\n";
  }
  if (options.curtain_cards) {
    out += "<section class=\"part\" data-section=\"curtain\">\n";
    AppendHeader(out, set, "Curtain cards");
    out +=
        "<p class=\"howto\">Cut along the dashed lines; each card goes into its board with the "
        "hand of its direction.</p>\n";
    for (const SetBoard& sb : set.boards) AppendCurtainRow(out, set, sb);
    out += "</section>\n";
  }
  if (options.dealing_sheet) {
    out += "<section class=\"part\" data-section=\"dealing\">\n";
    AppendHeader(out, set, "Dealing sheet");
    out +=
        "<p class=\"howto\">Sort a pack: clubs, spades, hearts, diamonds; A K Q J 10 9 8 7 in "
        "each suit. Take the cards one by one in this order and put each into the pocket shown: "
        "F forehand, M middlehand, R rearhand, S1/S2 the skat.</p>\n";
    for (const SetBoard& sb : set.boards) AppendDealingSheet(out, set, sb);
    out += "</section>\n";
  }
  out += "</body>\n</html>\n";
  return out;
}

std::string PrintoutsText(const BoardSet& set) {
  const std::array<Card, kCardCount> pack = PackOrder();
  std::string out;

  AppendTextHeader(out, set, "Punch cards");
  out +=
      "Pack order: clubs, spades, hearts, diamonds; A K Q J 10 9 8 7 in each suit.\n"
      "Destinations: F forehand, M middlehand, R rearhand, S1 skat card 1 (top), S2 skat card 2.\n"
      "\n";
  for (const SetBoard& sb : set.boards) {
    out += BoardLine(set, sb);
    out += "      A   K   Q   J   10  9   8   7\n";
    for (Suit suit : kPackSuits) {
      out += "  ";
      out += SuitSymbol(suit);
      out += "   ";
      for (int r = kRankCount - 1; r >= 0; --r) {
        out += Pad(Destination(sb.board, Card(suit, static_cast<Rank>(r))), 4);
      }
      while (!out.empty() && out.back() == ' ') out.pop_back();
      out += "\n";
    }
    out += "\n";
  }

  AppendTextHeader(out, set, "Curtain cards");
  for (const SetBoard& sb : set.boards) {
    // The three cards of a board side by side: a heading, the chair, one line per suit.
    std::array<std::vector<std::string>, kDirectionCount> cards;
    for (Direction d : kDirections) {
      std::vector<std::string>& lines = cards[Index(d)];
      lines.push_back("Board " + std::to_string(sb.number) + "  " + Capitalized(DirectionName(d)));
      const int chair = DirectionChair(sb.number, set.table_size, d);
      lines.push_back(chair > 0 ? "Chair " + std::to_string(chair) : "");
      for (Suit suit : kPackSuits) {
        std::string line(SuitSymbol(suit));
        const std::vector<Card> in_suit = SuitCards(sb.board.hand(d), suit);
        if (in_suit.empty()) line += " \u2014";
        for (Card card : in_suit) line += " " + RankText(card);
        lines.push_back(line);
      }
    }
    for (size_t i = 0; i < cards[0].size(); ++i) {
      std::string line = "  ";
      for (int d = 0; d < kDirectionCount; ++d) {
        line += d + 1 < kDirectionCount ? PadColumns(cards[d][i], 26) : cards[d][i];
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line + "\n";
    }
    if (set.table_size == 4) {
      out += "  (dealer in chair " + std::to_string(RestingChair(sb.number, set.table_size)) +
             " rests)\n";
    }
    out += "\n";
  }

  AppendTextHeader(out, set, "Dealing sheet");
  out +=
      "Sort a pack in the order above; take the cards one by one and put each into its pocket.\n"
      "Skat card 1 = the top card as it lies: lay skat card 2 face down first, card 1 on top.\n"
      "\n";
  for (const SetBoard& sb : set.boards) {
    out += BoardLine(set, sb);
    for (int row = 0; row < kRankCount; ++row) {
      std::string line;
      for (int column = 0; column < 4; ++column) {
        const int i = column * kRankCount + row;
        const Card card = pack[i];
        std::string cell = (i + 1 < 10 ? "   " : "  ") + std::to_string(i + 1) + "  ";
        cell += Pad(ToString(card), 5) + " -> ";
        cell += Pad(Destination(sb.board, card), 4);
        line += cell;
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line + "\n";
    }
    out += "  skat: card 1 (top) " + ToString(sb.board.skat[0]) + ", card 2 " +
           ToString(sb.board.skat[1]) + "\n\n";
  }
  return out;
}

}  // namespace skat
