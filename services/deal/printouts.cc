#include "services/deal/printouts.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/card_set.h"
#include "services/common/html.h"
#include "services/deal/printouts_internal.h"

namespace skat {
namespace {

using printouts::CardName;
using printouts::DealNumberText;
using printouts::DestinationLabel;
using printouts::DestinationLegend;
using printouts::DestinationName;
using printouts::kDestinations;
using printouts::kPackSuits;
using printouts::PackList;
using printouts::RankText;
using printouts::SeatingText;
using printouts::SkatLegend;
using printouts::SuitCards;
using printouts::SuitMark;
using printouts::Words;

// "c", "s", "h", "d": the CSS class of a suit (hearts and diamonds print red).
char SuitClass(Suit suit) { return static_cast<char>(SuitLetter(suit) - 'A' + 'a'); }

std::string Capitalized(std::string word) {
  if (!word.empty() && word[0] >= 'a' && word[0] <= 'z') word[0] = static_cast<char>(word[0] - 32);
  return word;
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
table.ds td.big { font-size: 12pt; font-weight: bold; width: 22mm; }
table.ds td.code { color: #666; font-family: "DejaVu Sans Mono", monospace; font-size: 8.5pt;
                   width: 12mm; }
table.ds td.dest { font-size: 12pt; font-weight: bold; }
table.ds td.dest small { font-size: 8.5pt; font-weight: normal; color: #444; margin-left: 1.5mm; }
table.ds tr.skat td { background: #eee; }
.dealing .note { margin: 1.5mm 0 0 0; font-size: 9.5pt; }
.dealing .note span { white-space: nowrap; }
table.ds td.big small.name { display: block; font-size: 7.5pt; font-weight: normal;
                             color: #444; white-space: nowrap; }

/* The four-colour deck (spades green, diamonds orange) and the German deck (acorns brown, leaves
   green, bells golden brown), as the pages draw them (docs/cards.md "Decks"). */
.deck-four .s, .deck-german .s { color: #16722a; }
.deck-four .d { color: #b05a00; }
.deck-german .c { color: #5c3d0e; }
.deck-german .d { color: #8a5a00; }
.deck-four table.pc td.punched.s span, .deck-german table.pc td.punched.s span {
  background: #16722a; }
.deck-four table.pc td.punched.d span { background: #b05a00; }
.deck-german table.pc td.punched.c span { background: #5c3d0e; }
.deck-german table.pc td.punched.d span { background: #8a5a00; }
/* The German deck names its suits: a word over each suit's columns and before each line. */
table.pc thead th.suit-word { font-size: 9pt; border-left: 0.5mm solid #222; }
.deck-german .suit-line { font-size: 12pt; }
.suit-line .suit-word { display: inline-block; min-width: 17mm; font-size: 10pt; }
.deck-german table.ds td.big { font-size: 9.5pt; width: 24mm; white-space: nowrap; }
)css";

// The suit's mark in a line: the symbol (French decks) or the word (German deck), in its colour.
std::string SuitMarkHtml(const Words& w, Suit suit) {
  std::string out = "<span class=\"";
  out += w.deck == "german" ? "suit-word " : "sym ";
  out += SuitClass(suit);
  out += "\">" + SuitMark(w, suit) + "</span>";
  return out;
}

void AppendHeader(std::string& out, const Words& w, const BoardSet& set, std::string_view kind) {
  out += "<header class=\"set-header\">\n<div class=\"kind\">";
  out += kind;
  out += "<small>" + w.tr.Tr("Comparative Skat") + "</small></div>\n<dl>\n";
  out +=
      "<dt>" + w.tr.Tr("Board set") + "</dt><dd class=\"label\">" + HtmlEscape(set.label) + "</dd>";
  out += "<dt>" + w.tr.Tr("Boards") + "</dt><dd class=\"count\">" +
         std::to_string(set.boards.size()) + "</dd>\n";
  out += "<dt>" + w.tr.Tr("Generator") + "</dt><dd class=\"version\">" +
         w.tr.Tr("version {0}", set.generator_version) + "</dd>";
  out += "<dt>" + w.tr.Tr("Table") + "</dt><dd>" +
         w.tr.TrN("{n} chair", "{n} chairs", set.table_size) + "</dd>\n";
  out += "<dt>" + w.tr.Tr("Commitment") + "</dt><dd class=\"wide mono commitment\">" +
         HtmlEscape(set.commitment) + "</dd>\n";
  if (!set.beacon_source.empty()) {
    out += "<dt>" + w.tr.Tr("Beacon") + "</dt><dd class=\"wide\">" + HtmlEscape(set.beacon_source);
    if (!set.beacon_value.empty()) out += " = " + HtmlEscape(set.beacon_value);
    out += "</dd>\n";
  }
  out += "</dl>\n</header>\n";
}

std::string CardAttributes(int board_number, Card card, std::string_view destination) {
  return "data-board=\"" + std::to_string(board_number) + "\" data-card=\"" + ToString(card) +
         "\" data-direction=\"" + std::string(destination) + "\"";
}

// The board's number, seating and deal number over a punch card or a dealing sheet.
std::string BoardHead(const Words& w, const BoardSet& set, const SetBoard& sb,
                      std::string_view cls) {
  return "<div class=\"" + std::string(cls) + "\"><span class=\"board-no\">" +
         w.tr.Tr("Board {0}", sb.number) + "</span><span class=\"meta\">" +
         SeatingText(w, sb.number, set.table_size) + "</span><span class=\"meta\">" +
         DealNumberText(w, sb.board) + "</span></div>\n";
}

// The punch card's head: a column per card (symbol and rank; the German deck names each suit
// once over its eight columns).
void AppendPunchHead(std::string& out, const Words& w) {
  const std::array<Card, kCardCount> pack = PackOrder();
  out += "<table class=\"pc\"><thead>";
  if (w.deck == "german") {
    out += "<tr><th class=\"row\"></th>";
    for (Suit suit : kPackSuits) {
      out += "<th colspan=\"8\" class=\"suit-word ";
      out += SuitClass(suit);
      out += "\">" + SuitMark(w, suit) + "</th>";
    }
    out += "</tr>";
  }
  out += "<tr><th class=\"row\"></th>";
  for (Card card : pack) {
    out += "<th class=\"";
    out += SuitClass(card.suit());
    if (card.rank() == Rank::kAce) out += " first";
    out += "\">";
    if (w.deck != "german") out += "<span class=\"sym\">" + SuitMark(w, card.suit()) + "</span>";
    out += "<span class=\"rank\">" + RankText(w, card) + "</span></th>";
  }
  out += "</tr></thead>\n<tbody>\n";
}

void AppendPunchCard(std::string& out, const Words& w, const BoardSet& set, const SetBoard& sb) {
  const std::array<Card, kCardCount> pack = PackOrder();
  const std::string number = std::to_string(sb.number);
  out += "<article class=\"punch-card\" data-board=\"" + number + "\">\n";
  out += BoardHead(w, set, sb, "pc-head");
  AppendPunchHead(out, w);
  for (std::string_view row : kDestinations) {
    const std::string label = DestinationLabel(w, row);
    out += "<tr data-row=\"" + std::string(row) + "\"><th class=\"row\">" + label + "</th>";
    for (Card card : pack) {
      const std::string_view destination = Destination(sb.board, card);
      const char* first = card.rank() == Rank::kAce ? " first" : "";
      if (destination == row) {
        out += "<td class=\"punched ";
        out += SuitClass(card.suit());
        out += first;
        out += "\" " + CardAttributes(sb.number, card, destination) + "><span>" + label +
               "</span></td>";
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

// "Chair 2" / "Chair 2 · dealer (chair 1) rests"; "" without a chair.
std::string CurtainChair(const Words& w, const BoardSet& set, const SetBoard& sb, Direction d) {
  const int chair = DirectionChair(sb.number, set.table_size, d);
  if (chair == 0) return "";
  std::string out = w.tr.Tr("Chair {0}", chair);
  if (set.table_size == 4) {
    out +=
        " \u00b7 " + w.tr.Tr("dealer (chair {0}) rests", RestingChair(sb.number, set.table_size));
  }
  return out;
}

void AppendCurtainRow(std::string& out, const Words& w, const BoardSet& set, const SetBoard& sb) {
  const std::string number = std::to_string(sb.number);
  out += "<div class=\"curtain-row\" data-board=\"" + number + "\">\n";
  for (Direction d : kDirections) {
    const std::string letter(1, DirectionLetter(d));
    out += "<article class=\"curtain\" data-board=\"" + number + "\" data-direction=\"" + letter +
           "\">\n";
    out += "<div class=\"cc-head\"><span class=\"board-no\">" + w.tr.Tr("Board {0}", sb.number) +
           "</span><span class=\"dir\">" + Capitalized(DestinationName(w, letter)) +
           "</span></div>\n";
    out += "<div class=\"chair\">" + CurtainChair(w, set, sb, d) + "</div>\n";
    for (Suit suit : kPackSuits) {
      out += "<div class=\"suit-line\">" + SuitMarkHtml(w, suit);
      const std::vector<Card> cards = SuitCards(sb.board.hand(d), suit);
      if (cards.empty()) out += "<span class=\"void\">\u2014</span>";
      for (Card card : cards) {
        out += " <span class=\"card ";
        out += SuitClass(suit);
        out +=
            "\" " + CardAttributes(sb.number, card, letter) + ">" + RankText(w, card) + "</span>";
      }
      out += "</div>\n";
    }
    out += "</article>\n";
  }
  out += "</div>\n";
}

// One half of a dealing sheet: pack positions first..first+15.
void AppendDealingHalf(std::string& out, const Words& w, const SetBoard& sb, int first) {
  const std::array<Card, kCardCount> pack = PackOrder();
  out += "<table class=\"ds\"><thead><tr><th>#</th><th>" + w.tr.Tr("Card") + "</th><th></th><th>" +
         w.tr.Tr("Goes to") + "</th></tr></thead><tbody>\n";
  for (int i = first; i < first + 16; ++i) {
    const Card card = pack[i];
    const std::string_view destination = Destination(sb.board, card);
    out += "<tr class=\"";
    if (card.rank() == Rank::kAce && i % 16 != 0) out += "suit-start";
    if (destination.size() == 2) out += " skat";
    out += "\"><td class=\"n\">" + std::to_string(i + 1) + "</td><td class=\"big card ";
    out += SuitClass(card.suit());
    out += "\" " + CardAttributes(sb.number, card, destination) + ">" + SuitMark(w, card.suit()) +
           " " + RankText(w, card) + "<small class=\"name\">" + CardName(w, card) +
           "</small></td><td class=\"code\">" + ToString(card) + "</td><td class=\"dest\">" +
           DestinationLabel(w, destination) + "<small>" + DestinationName(w, destination) +
           "</small></td></tr>\n";
  }
  out += "</tbody></table>\n";
}

void AppendDealingSheet(std::string& out, const Words& w, const BoardSet& set, const SetBoard& sb) {
  out += "<article class=\"dealing\" data-board=\"" + std::to_string(sb.number) + "\">\n";
  out += BoardHead(w, set, sb, "ds-head");
  out += "<div class=\"ds-cols\">\n";
  AppendDealingHalf(out, w, sb, 0);
  AppendDealingHalf(out, w, sb, 16);
  auto card_html = [&w](Card card) {
    std::string s = "<span class=\"";
    s += SuitClass(card.suit());
    s += "\">" + SuitMark(w, card.suit()) + " " + RankText(w, card) + "</span>";
    return s;
  };
  out += "</div>\n<p class=\"note\">" +
         w.tr.Tr("Check: 10 cards each in {0}, {1} and {2}, 2 in the skat.",
                 DestinationLabel(w, "F"), DestinationLabel(w, "M"), DestinationLabel(w, "R")) +
         " <b>" + w.tr.Tr("Skat card 1 = the top card as it lies") + "</b>: " +
         w.tr.Tr("lay skat card 2 ({0}) face down first, then skat card 1 ({1}) on top of it.",
                 card_html(sb.board.skat[1]), card_html(sb.board.skat[0])) +
         "</p>\n</article>\n";
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
  const Words w(options);
  std::string out;
  out.reserve(4096 + set.boards.size() * 24576);
  out += "<!DOCTYPE html>\n<html lang=\"" + HtmlEscape(w.tr.language()) +
         "\">\n<head>\n<meta charset=\"utf-8\">\n";
  out += "<title>" + w.tr.Tr("Board set") + " " + HtmlEscape(set.label) + " \u2014 " +
         w.tr.Tr("printouts") + "</title>\n";
  out += "<style>";
  out += kStyle;
  out += "</style>\n</head>\n<body class=\"deck-" + w.deck + "\">\n";
  const std::string pack = PackList(w);
  if (options.punch_cards) {
    out += "<section class=\"part\" data-section=\"punch\">\n";
    AppendHeader(out, w, set, w.tr.Tr("Punch cards"));
    out += "<p class=\"howto\">" + w.tr.Tr("Pack order: {0} in each suit.", pack) + " " +
           w.tr.Tr("The punched hole of each card is its destination: {0}.",
                   DestinationLegend(w, SkatLegend::kLong)) +
           "</p>\n";
    for (const SetBoard& sb : set.boards) AppendPunchCard(out, w, set, sb);
    out += "</section>\n";
  }
  if (options.curtain_cards) {
    out += "<section class=\"part\" data-section=\"curtain\">\n";
    AppendHeader(out, w, set, w.tr.Tr("Curtain cards"));
    out += "<p class=\"howto\">" +
           w.tr.Tr(
               "Cut along the dashed lines; each card goes into its board with the hand of "
               "its direction.") +
           "</p>\n";
    for (const SetBoard& sb : set.boards) AppendCurtainRow(out, w, set, sb);
    out += "</section>\n";
  }
  if (options.dealing_sheet) {
    out += "<section class=\"part\" data-section=\"dealing\">\n";
    AppendHeader(out, w, set, w.tr.Tr("Dealing sheet"));
    out += "<p class=\"howto\">" +
           w.tr.Tr(
               "Sort a pack: {0} in each suit. Take the cards one by one in this order and "
               "put each into the pocket shown: {1}.",
               pack, DestinationLegend(w, SkatLegend::kBoth)) +
           "</p>\n";
    for (const SetBoard& sb : set.boards) AppendDealingSheet(out, w, set, sb);
    out += "</section>\n";
  }
  out += "</body>\n</html>\n";
  return out;
}

}  // namespace skat
