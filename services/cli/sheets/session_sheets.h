// The printed sheets of a session played with real cards (docs/cli.md "Printed sheets"): how many
// copies of each board the session needs, a table card per table (its seating and boards round by
// round), a score slip per board and table (the chairs' names by direction, room for the game,
// the points and the confirming initials) and a seating sheet for the wall (each player's table
// and chair in each round). One HTML document: a page per table card, the slips a few to a page
// (cut along the dashed lines); every name escaped, no script, nothing fetched from elsewhere.
#ifndef SKAT_SERVICES_CLI_SHEETS_SESSION_SHEETS_H_
#define SKAT_SERVICES_CLI_SHEETS_SESSION_SHEETS_H_

#include <map>
#include <string>
#include <string_view>

#include "services/cli/i18n/tr.h"
#include "skat/v1/event_service.pb.h"

namespace skat::cli {

// Board number -> copies: the most tables that play the board in one round.
std::map<int, int> CopiesNeeded(const v1::Session& session);

// "copies: board 1 x3, board 2 x3, ..." (boards needing the same count grouped: "boards 1-9 x3"),
// in tr's language.
std::string CopiesLine(const std::map<int, int>& copies,
                       const Translator& tr = Translator(CurrentLanguage()));

// The sheets as HTML in tr's language and the event's deck (docs/i18n.md "Printed sheets": the
// score slip names the deck's suits); `names` maps player resource names to display names,
// `title` heads every page (the event's name).
std::string SessionSheetsHtml(const v1::Session& session,
                              const std::map<std::string, std::string>& names,
                              const std::string& title, const Translator& tr,
                              std::string_view deck = "french");

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_SHEETS_SESSION_SHEETS_H_
