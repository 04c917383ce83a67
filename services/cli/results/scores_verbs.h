// The verbs of `skat scores` (scores_command.cc registers them): the views of an event's results
// (standings, traveller, team, prizes, series: scores_views.cc) and the director's adjustments
// (adjust: scores_adjust.cc), through skatd's ScoringService.
#ifndef SKAT_SERVICES_CLI_RESULTS_SCORES_VERBS_H_
#define SKAT_SERVICES_CLI_RESULTS_SCORES_VERBS_H_

#include <CLI/CLI.hpp>
#include <string>

#include "services/cli/client.h"
#include "skat/v1/scoring_service.grpc.pb.h"

namespace skat::cli {

// The options of every verb; only the parsed verb's are read.
struct ScoresOptions {
  ServerOptions server;
  std::string event;
  int session = 0;
  int board = 1;
  bool watch = false;
  bool lines = false;
  std::string kind;
  std::string table;
  std::string direction;
  std::string player;
  long long score = 0;
  int percent = 50;
  std::string penalty;
  int version = 0;
  std::string reason;
};

// `skat scores adjust`, its options parsed into `o`.
CLI::App* AddScoresAdjust(CLI::App& scores, ScoresOptions& o);

// Each verb run; returns the exit code.
int RunScoresStandings(const ScoresOptions& o, v1::ScoringService::Stub& stub);
int RunScoresTraveller(const ScoresOptions& o, v1::ScoringService::Stub& stub);
int RunScoresTeam(const ScoresOptions& o, v1::ScoringService::Stub& stub);
int RunScoresPrizes(const ScoresOptions& o, v1::ScoringService::Stub& stub);
int RunScoresSeries(const ScoresOptions& o, v1::ScoringService::Stub& stub);
int RunScoresAdjust(const ScoresOptions& o, v1::ScoringService::Stub& stub);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_RESULTS_SCORES_VERBS_H_
