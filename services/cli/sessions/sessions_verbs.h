// The verbs of `skat sessions` (sessions_command.cc registers them): start, show, issue-tokens
// and print, each in a file of its own, sharing the options they are parsed into and what every
// verb reads first, the event's players.
#ifndef SKAT_SERVICES_CLI_SESSIONS_SESSIONS_VERBS_H_
#define SKAT_SERVICES_CLI_SESSIONS_SESSIONS_VERBS_H_

#include <CLI/CLI.hpp>
#include <cstdint>
#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "services/cli/client.h"
#include "services/cli/i18n/tr.h"
#include "skat/v1/event_service.grpc.pb.h"

namespace skat::cli {

// The options of every verb; only the parsed verb's are read.
struct SessionsOptions {
  ServerOptions server;
  std::string event;
  std::string board_set;
  std::string movement = "inter-club";
  int tables = 0;
  int boards_per_round = 0;
  int rounds = 0;
  bool neutral = false;
  bool comparative = false;
  uint64_t seed = 1909;
  bool physical = false;
  std::vector<std::string> players;
  std::string tokens_file;
  std::string session;
  std::string request_id;
  std::string seating;
  bool accept_warnings = false;
  bool validate_only = false;
  std::string out;
  bool pdf = false;
  std::string tokens_dir;
};

// What every verb reads first: a stub of skatd's EventService, the event's players and their
// display names by resource name.
struct SessionsEvent {
  std::unique_ptr<v1::EventService::Stub> stub;
  v1::ListPlayersResponse known;
  std::map<std::string, std::string> names;
};

// Each verb's subcommand under `sessions`, its options parsed into `o`.
CLI::App* AddSessionsStart(CLI::App& sessions, SessionsOptions& o);
CLI::App* AddSessionsShow(CLI::App& sessions, SessionsOptions& o);
CLI::App* AddSessionsIssueTokens(CLI::App& sessions, SessionsOptions& o);
CLI::App* AddSessionsPrint(CLI::App& sessions, SessionsOptions& o);

// Each verb run; returns the exit code.
int RunSessionsStart(const SessionsOptions& o, SessionsEvent& e);
int RunSessionsShow(const SessionsOptions& o, SessionsEvent& e);
int RunSessionsIssueTokens(const SessionsOptions& o, SessionsEvent& e);
int RunSessionsPrint(const SessionsOptions& o, SessionsEvent& e);

// "round 1 table 1  boards 1 2 3 4  chairs: 1=Anna 2=Bert 3=Carl  (forehand always in chair 1)",
// then the table's resource name.
template <typename Tables>
void PrintSeating(const Tables& tables, const std::map<std::string, std::string>& names,
                  std::ostream& out) {
  for (const v1::SessionTable& t : tables) {
    out << Tr("round {0} table {1}", t.round(), t.table_number()) << "  " << Tr("boards");
    for (int b : t.boards()) out << " " << b;
    out << "  " << Tr("chairs:");
    for (int i = 0; i < t.players_size(); ++i) {
      auto it = names.find(t.players(i));
      out << " " << (i + 1) << "=" << (it == names.end() ? Tr("(empty)") : it->second);
    }
    if (t.forehand_chair() != 0) {
      out << "  " << Tr("(forehand always in chair {0})", t.forehand_chair());
    }
    out << "\n";
    if (!t.table().empty()) out << "  " << t.table() << "\n";
  }
}

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_SESSIONS_SESSIONS_VERBS_H_
