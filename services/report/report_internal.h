// Shared by the report's HTML, chart and CSV writers: escaping, number and name formats.
#ifndef SKAT_SERVICES_REPORT_REPORT_INTERNAL_H_
#define SKAT_SERVICES_REPORT_REPORT_INTERNAL_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "services/common/html.h"
#include "services/report/report.h"

namespace skat::report::internal {

// HTML escaping (services/common/html.h).
inline std::string Escape(std::string_view text) { return HtmlEscape(text); }

// "62.50": a percentage for display.
std::string Percent(double percentage);
// "+68", "-8.5", "0": a signed difference for display, at most two decimals.
std::string Signed(double value);
// The shortest text that reads back as exactly `value` ("0.1", "62.5", "1e+100").
std::string Exact(double value);

// "forehand", "middlehand", "rearhand"; "" for an unset direction.
std::string_view DirectionName(v1::Direction direction);
// "F", "M", "R"; "?" for an unset direction (machine-stable: CSV, attributes).
std::string_view DirectionLetter(v1::Direction direction);
// For a reader, in tr's language: "Forehand" ("Vorhand"), "forehand" ("Vorhand"), "F" ("V").
std::string DirectionTitle(const cli::Translator& tr, v1::Direction direction);
std::string DirectionWord(const cli::Translator& tr, v1::Direction direction);
std::string DirectionInitial(const cli::Translator& tr, v1::Direction direction);

// The display name of a table: its label, else the last segment of "events/e/tables/{table}".
std::string TableName(std::string_view resource, std::string_view label = "");
// The same for a reader: the label a session gives its tables ("round 2, table 3",
// services/event/sessions.cc) in tr's language; another label as it is (a name).
std::string TableTitle(const cli::Translator& tr, std::string_view resource,
                       std::string_view label);

// The cards of "C-J H-10 ..." in the engine's notation as HTML: one line per suit (clubs, spades,
// hearts, diamonds; ace down to seven) with its mark, in the event's deck and tr's language
// (services/cli/i18n/deck_words.h: the suit symbol, or the suit's word in the German deck; the
// ranks' letters), coloured as the deck colours them. Each card is a
// <span class="card x" data-card="H-10">. Text that is no card is shown escaped, as given.
std::string HandHtml(std::string_view cards, const cli::Translator& tr, std::string_view deck);
// The same cards in the order given, on one line (the ordered skat).
std::string CardsInlineHtml(std::string_view cards, const cli::Translator& tr,
                            std::string_view deck);

// The charts (inline SVG with a viewBox; they scale to the width they are given).
// Each player's percentage by round, one line per player in standings order; "" when no player has
// a round.
std::string RoundsChart(const v1::Standings& standings, const cli::Translator& tr);
// The colour of the i-th player's line in RoundsChart, and its dash pattern ("" for solid).
std::string_view SeriesColor(int i);
std::string_view SeriesDash(int i);
// One board: per direction (and version) a strip of dots, one per table's board score.
std::string SpreadChart(const v1::Traveller& traveller, const cli::Translator& tr);

// The open-hand analysis (analysis_lookup.cc). The board's analysis in `data` (by session and
// board), or nullptr when the report has none.
const v1::BoardAnalysis* AnalysisOf(const ReportData& data, const v1::Traveller& traveller);
// The game `table` played in `analysis`, or nullptr (also when `analysis` is nullptr).
const v1::GameAnalysis* GameOf(const v1::BoardAnalysis* analysis, std::string_view table);
// The card points the side of `direction` lost against open-hand play in `game` (the declarer's
// losses for the declarer, the defenders' for the others); nullopt when the game was not studied.
std::optional<int> PointsLost(const v1::GameAnalysis* game, v1::Direction direction);
// "grand ouvert, with 4, discards S-10 S-K": a par row's game, matadors and discards (the
// word "discards" in tr's language; the game and matadors as the server wrote them).
std::string ParGame(const v1::ParRow& row, const cli::Translator& tr = cli::Translator());
// The par contract in the engine's text form ("R hearts tournee, without 4, discards C-Q C-7:
// won, +30"), or "all pass".
std::string ParContract(const v1::ParTable& par);

std::vector<File> HtmlFiles(const ReportData& data, const RenderOptions& options);
std::vector<File> CsvFiles(const ReportData& data);

}  // namespace skat::report::internal

#endif  // SKAT_SERVICES_REPORT_REPORT_INTERNAL_H_
