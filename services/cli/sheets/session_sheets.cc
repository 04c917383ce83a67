#include "services/cli/sheets/session_sheets.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "engine/board_set.h"
#include "services/cli/i18n/deck_words.h"
#include "services/cli/i18n/tr.h"
#include "services/common/html.h"

namespace skat::cli {
namespace {

std::string NameOf(const std::map<std::string, std::string>& names, const std::string& player,
                   const Translator& tr) {
  auto it = names.find(player);
  return it == names.end() ? tr.Tr("(empty chair)") : it->second;
}

std::string Boards(const v1::SessionTable& t) {
  std::string out;
  for (int i = 0; i < t.boards_size(); ++i) {
    const int b = t.boards(i);
    int j = i;
    while (j + 1 < t.boards_size() && t.boards(j + 1) == t.boards(j) + 1) ++j;
    out += (out.empty() ? "" : ", ") + std::to_string(b) +
           (j > i ? "-" + std::to_string(t.boards(j)) : "");
    i = j;
  }
  return out;
}

const char* kStyle =
    "<style>body{font-family:sans-serif;font-size:11pt}h1{font-size:15pt}h2{font-size:13pt}"
    ".page{page-break-before:always}.slip{break-inside:avoid;border-top:1px dashed #444;"
    "padding-top:0.5em;margin-top:1em}table{border-collapse:collapse;margin:0.5em 0}"
    "td,th{border:1px solid #444;padding:0.3em 0.6em;text-align:left}"
    "td.blank{min-width:7em;height:1.6em}</style>";

}  // namespace

std::map<int, int> CopiesNeeded(const v1::Session& session) {
  std::map<std::pair<int, int>, int> per_round;  // (round, board) -> tables
  for (const v1::SessionTable& t : session.tables()) {
    for (int b : t.boards()) ++per_round[{t.round(), b}];
  }
  std::map<int, int> copies;
  for (const auto& [round_board, tables] : per_round) {
    int& c = copies[round_board.second];
    c = std::max(c, tables);
  }
  return copies;
}

std::string CopiesLine(const std::map<int, int>& copies, const Translator& tr) {
  std::string out;
  for (auto it = copies.begin(); it != copies.end();) {
    auto last = it;
    auto next = std::next(it);
    while (next != copies.end() && next->first == last->first + 1 && next->second == it->second) {
      last = next;
      ++next;
    }
    out += (out.empty() ? "" : ", ") +
           (last == it ? tr.Tr("board {0}", it->first)
                       : tr.Tr("boards {0}-{1}", it->first, last->first)) +
           " x" + std::to_string(it->second);
    it = next;
  }
  return tr.Tr("copies: {0}", out.empty() ? tr.Tr("none") : out);
}

namespace {

using Names = std::map<std::string, std::string>;

// The table cards, one per table number: each round's boards and the players of its chairs.
std::string TableCards(const v1::Session& session, const Names& names, const std::string& head,
                       const Translator& tr) {
  std::string html;
  std::map<int, std::vector<const v1::SessionTable*>> by_table;
  for (const v1::SessionTable& t : session.tables()) by_table[t.table_number()].push_back(&t);
  for (const auto& [number, rounds] : by_table) {
    html += "<div class=\"page\"><h1>" + head + ": " + tr.Tr("table {0}", number) +
            "</h1><table><tr><th>" + tr.Tr("round") + "</th><th>" + tr.Tr("boards") + "</th>";
    size_t chairs = 0;
    for (const v1::SessionTable* t : rounds) {
      chairs = std::max(chairs, static_cast<size_t>(t->players_size()));
    }
    for (size_t c = 1; c <= chairs; ++c) html += "<th>" + tr.Tr("chair {0}", c) + "</th>";
    html += "</tr>";
    for (const v1::SessionTable* t : rounds) {
      html += "<tr><td>" + std::to_string(t->round()) + "</td><td>" + Boards(*t) + "</td>";
      for (const std::string& p : t->players())
        html += "<td>" + HtmlEscape(NameOf(names, p, tr)) + "</td>";
      html += "</tr>";
    }
    html += "</table></div>";
  }
  return html;
}

// "clubs, spades, hearts, diamonds" as the deck names them ("Eichel, Grün, Rot, Schellen").
std::string SuitList(const Translator& tr, std::string_view deck) {
  std::string out;
  for (char suit : {'C', 'S', 'H', 'D'})
    out += (out.empty() ? "" : ", ") + SuitName(tr, deck, suit);
  return out;
}

// The score slip of board b at table t; `first` opens a new page.
std::string ScoreSlip(const v1::SessionTable& t, int b, bool first, const Names& names,
                      const std::string& head, const Translator& tr, std::string_view deck) {
  const std::string directions[] = {tr.Tr("forehand"), tr.Tr("middlehand"), tr.Tr("rearhand")};
  const int chairs = t.players_size();
  const int forehand = ForehandChair(b, chairs, t.forehand_chair());
  std::string html =
      std::string(first ? "<div class=\"page slip\">" : "<div class=\"slip\">") + "<h2>" + head +
      ": " + tr.Tr("score slip, board {0}, round {1}, table {2}", b, t.round(), t.table_number()) +
      "</h2><table><tr><th>" + tr.Tr("direction") + "</th><th>" + tr.Tr("chair") + "</th><th>" +
      tr.Tr("player") + "</th><th>" + tr.Tr("initials") + "</th></tr>";
  for (int d = 0; d < 3; ++d) {
    const int chair = (forehand - 1 + d) % chairs + 1;
    html += "<tr><td>" + directions[d] + "</td><td>" + std::to_string(chair) + "</td><td>" +
            HtmlEscape(NameOf(names, t.players(chair - 1), tr)) +
            "</td><td class=\"blank\"></td></tr>";
  }
  if (chairs == 4) {
    const int dealer = (forehand + 2) % chairs + 1;
    html += "<tr><td>" + tr.Tr("dealer (rests)") + "</td><td>" + std::to_string(dealer) +
            "</td><td>" + HtmlEscape(NameOf(names, t.players(dealer - 1), tr)) +
            "</td><td class=\"blank\"></td></tr>";
  }
  html += "</table><table>";
  for (const std::string& field :
       {tr.Tr("declarer"), tr.Tr("game ({0}, grand, null; hand, ouvert)", SuitList(tr, deck)),
        tr.Tr("announced (schneider, schwarz)"), tr.Tr("matadors (with / without)"),
        tr.Tr("card points of the declarer"), tr.Tr("contra / re"), tr.Tr("passed in"),
        tr.Tr("irregularities")}) {
    html += "<tr><th>" + field + "</th><td class=\"blank\"></td></tr>";
  }
  html += "</table><p>" +
          tr.Tr(
              "Entered and confirmed by two chairs (initials above); the scorer types it with skat "
              "results enter or skat results import.") +
          "</p></div>";
  return html;
}

// The seating sheet: each player's table and chair in each round.
std::string SeatingSheet(const v1::Session& session, const Names& names, const std::string& head,
                         const Translator& tr) {
  std::set<int> round_numbers;
  std::map<std::string, std::map<int, std::string>> seat_of;  // display name -> round -> seat
  for (const v1::SessionTable& t : session.tables()) {
    round_numbers.insert(t.round());
    for (int c = 0; c < t.players_size(); ++c) {
      if (t.players(c).empty()) continue;
      std::string& seat = seat_of[NameOf(names, t.players(c), tr)][t.round()];
      seat += (seat.empty() ? "" : " + ") + tr.Tr("table {0} chair {1}", t.table_number(), c + 1);
    }
  }
  std::string html = "<div class=\"page\"><h1>" + head + ": " + tr.Tr("seating") +
                     "</h1><table><tr><th>" + tr.Tr("player") + "</th>";
  for (int r : round_numbers) html += "<th>" + tr.Tr("round {0}", r) + "</th>";
  html += "</tr>";
  for (const auto& [player, seats] : seat_of) {
    html += "<tr><td>" + HtmlEscape(player) + "</td>";
    for (int r : round_numbers) {
      auto it = seats.find(r);
      html += "<td>" + (it == seats.end() ? tr.Tr("out") : it->second) + "</td>";
    }
    html += "</tr>";
  }
  return html + "</table></div>";
}

}  // namespace

std::string SessionSheetsHtml(const v1::Session& session,
                              const std::map<std::string, std::string>& names,
                              const std::string& title, const Translator& tr,
                              std::string_view deck) {
  const std::string head = HtmlEscape(title) + ", " + tr.Tr("session {0}", session.number());
  const std::string lang =
      tr.language() == kEnglish ? "" : " lang=\"" + HtmlEscape(tr.language()) + "\"";
  std::string html = std::string("<!DOCTYPE html><html") + lang +
                     "><head><meta charset=\"utf-8\"><title>" + head + "</title>" + kStyle +
                     "</head><body>";
  // Copies.
  html += "<h1>" + head + ": " + tr.Tr("boards to prepare") + "</h1><p>" +
          HtmlEscape(CopiesLine(CopiesNeeded(session), tr)) + " " +
          tr.Tr("(as many copies of a board as tables play it in one round)") + "</p>";
  html += TableCards(session, names, head, tr);
  // Score slips, one per board of each table and round.
  for (const v1::SessionTable& t : session.tables()) {
    for (int b : t.boards()) {
      html += ScoreSlip(t, b, &t == &session.tables(0) && b == t.boards(0), names, head, tr, deck);
    }
  }
  html += SeatingSheet(session, names, head, tr);
  html += "</body></html>\n";
  return html;
}

}  // namespace skat::cli
