// The verbs of `skat boards` (boards_command.cc registers them): the set's life through skatd's
// DealService (create, list, show, beacon, reveal: boards_sets.cc), its verification, offline
// from an archive file too (boards_verify.cc), and its files (export, print: boards_files.cc).
#ifndef SKAT_SERVICES_CLI_BOARDS_BOARDS_VERBS_H_
#define SKAT_SERVICES_CLI_BOARDS_BOARDS_VERBS_H_

#include <CLI/CLI.hpp>
#include <string>

#include "services/cli/client.h"
#include "skat/v1/deal_service.grpc.pb.h"

namespace skat::cli {

// The options of every verb; only the parsed verb's are read.
struct BoardsOptions {
  ServerOptions server;
  std::string event;
  std::string set;
  std::string label;
  int count = 12;
  int table_size = 3;
  std::string beacon_source;
  std::string beacon_value;
  int board = 0;
  std::string file;
  std::string format = "archive";
  std::string out;
  bool pdf = false;
  std::string session;
  bool force = false;
  std::string reason;
};

// Each verb's subcommand under `boards`, its options parsed into `o`.
CLI::App* AddBoardsCreate(CLI::App& boards, BoardsOptions& o);
CLI::App* AddBoardsList(CLI::App& boards, BoardsOptions& o);
CLI::App* AddBoardsShow(CLI::App& boards, BoardsOptions& o);
CLI::App* AddBoardsBeacon(CLI::App& boards, BoardsOptions& o);
CLI::App* AddBoardsReveal(CLI::App& boards, BoardsOptions& o);
CLI::App* AddBoardsVerify(CLI::App& boards, BoardsOptions& o);
CLI::App* AddBoardsExport(CLI::App& boards, BoardsOptions& o);
CLI::App* AddBoardsPrint(CLI::App& boards, BoardsOptions& o);

// Each verb run; returns the exit code.
int RunBoardsCreate(const BoardsOptions& o, v1::DealService::Stub& stub);
int RunBoardsList(const BoardsOptions& o, v1::DealService::Stub& stub);
int RunBoardsShow(const BoardsOptions& o, v1::DealService::Stub& stub);
int RunBoardsBeacon(const BoardsOptions& o, v1::DealService::Stub& stub);
int RunBoardsReveal(const BoardsOptions& o, v1::DealService::Stub& stub);
// `skat boards verify --file F`: the archive file checked offline, no server needed.
int RunBoardsVerifyFile(const BoardsOptions& o);
int RunBoardsVerify(const BoardsOptions& o, v1::DealService::Stub& stub);
int RunBoardsExport(const BoardsOptions& o, v1::DealService::Stub& stub);
int RunBoardsPrint(const BoardsOptions& o, v1::DealService::Stub& stub);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_BOARDS_BOARDS_VERBS_H_
