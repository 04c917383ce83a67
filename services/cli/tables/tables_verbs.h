// The verbs of `skat tables` (tables_command.cc registers them): open (tables_open.cc), show
// (tables_show.cc), games (tables_games.cc), refused (tables_refused.cc) and list
// (tables_list.cc), through skatd's TableService; rotate-token and bot have their own files.
#ifndef SKAT_SERVICES_CLI_TABLES_TABLES_VERBS_H_
#define SKAT_SERVICES_CLI_TABLES_TABLES_VERBS_H_

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>

#include "services/cli/client.h"
#include "skat/v1/table_service.grpc.pb.h"

namespace skat::cli {

// The options of every verb; only the parsed verb's are read.
struct TablesOptions {
  ServerOptions server;
  std::string event;
  std::string set;
  std::string boards;
  std::string label;
  std::string mode = "online";
  std::string players;
  std::string tokens_file;
  std::string tokens_dir;
  int move_seconds = 0;
  std::string table;
  std::string seat_token;
  std::string session;
  std::string format = "text";
  std::string out;
};

// `skat tables open`, its options parsed into `o`.
CLI::App* AddTablesOpen(CLI::App& tables, TablesOptions& o);

// Each verb run; returns the exit code.
int RunTablesOpen(const TablesOptions& o, v1::TableService::Stub& stub);
int RunTablesShow(const TablesOptions& o, v1::TableService::Stub& stub);
int RunTablesGames(const TablesOptions& o, v1::TableService::Stub& stub);
// Every page of ListRefusedReports, oldest first.
int RunTablesRefused(v1::TableService::Stub& stub, const ServerOptions& server,
                     const std::string& table);
// One block per table of the session: "round 1 table 2  boards 1-3  chairs: 1=Anna 2=Bert
// 3=Carl", its name, and its progress (session_progress.h).
int RunTablesList(const ServerOptions& server, const std::string& session_name);

// "1 2 3 4 5 6", or "1-6" for three or more consecutive boards.
std::string TableBoardsText(const google::protobuf::RepeatedField<int32_t>& boards);
// "online", "physical cards" or "imported game records".
std::string TableModeName(v1::TableMode mode);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_TABLES_TABLES_VERBS_H_
