// The options of a result from physical play as a person types them (`skat results enter` and
// `skat results correct`), read into the wire form v1::PhysicalReport. Only the spelling is
// checked here (a seat's name, a card, a game's name, a fine): skatd checks the report against
// the board and the rules and answers with the rule a contradiction breaks (docs/tables.md
// "Physical play").
#ifndef SKAT_SERVICES_CLI_RESULTS_PHYSICAL_REPORT_OPTIONS_H_
#define SKAT_SERVICES_CLI_RESULTS_PHYSICAL_REPORT_OPTIONS_H_

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/status.h"
#include "skat/v1/table_service.pb.h"

namespace skat::cli {

struct PhysicalReportOptions {
  bool passed_in = false;
  bool ramsch = false;
  // A declarer game.
  std::string declarer;
  std::string game;
  std::string announce = "none";
  std::string turned;
  int floor = 0;
  int points = -1;
  int tricks = -1;
  int conceded_after = -1;
  // The defenders conceded (isko: one gave up for both) and, under isko, the defenders' card
  // points and tricks at that moment (docs/rules-decisions.md D73, D74).
  bool defenders_conceded = false;
  int defender_points = 0;
  int defender_tricks = 0;
  bool claim_accepted = false;
  std::string contra_by;
  bool recontra = false;
  std::string revoke_by;
  std::string wrong_lead_by;
  int after_tricks = -1;
  int tricks_before = 0;
  int points_before = 0;
  int defender_points_before = 0;
  int discarded = -1;
  bool declarer_looked = false;
  std::string defender_looked;
  std::vector<std::string> wrong_count;
  // Ramsch.
  std::vector<int> card_points;
  std::vector<int> ramsch_tricks;
  std::string last_trick;
  // Any deal.
  std::vector<std::string> fines;
};

// A seat as a person types it: "forehand", "middlehand", "rearhand" or F, M, R (either case).
std::optional<Direction> ParseSeat(const std::string& text);

// Adds the options above to `sub`; `options` must outlive the parse.
void AddPhysicalReportOptions(CLI::App& sub, PhysicalReportOptions& options);

// The report the options describe; kInvalidArgument naming the option for a value that cannot
// be read (an unknown seat, game, card or fine; a declarer game without --declarer, --game or
// --points; Ramsch numbers not of three seats).
Result<v1::PhysicalReport> ReadPhysicalReport(const PhysicalReportOptions& options);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_RESULTS_PHYSICAL_REPORT_OPTIONS_H_
