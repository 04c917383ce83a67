// ScoringService (proto/skat/v1/scoring_service.proto): every call scores the event's results and
// adjustments from the store with the engine (event_scores.h), through a cache that reloads
// whenever the store's rows changed (event_scores_cache.h), so several skatd processes on one
// database answer alike. The open-hand analysis runs on a bounded pool of solvers
// (solver_pool.h).
#ifndef SKAT_SERVICES_SCORING_SCORING_SERVICE_H_
#define SKAT_SERVICES_SCORING_SCORING_SERVICE_H_

#include <atomic>
#include <memory>
#include <string>

#include "services/scoring/event_scores_cache.h"
#include "services/scoring/score_notifier.h"
#include "services/scoring/solver_pool.h"
#include "services/store/store.h"
#include "skat/v1/scoring_service.grpc.pb.h"

namespace skat::service {

class ScoringServiceImpl final : public skat::v1::ScoringService::Service {
 public:
  // REQUIRES: store outlives the service. WatchStandings listens on database_url. At most
  // `analysis_threads` analyses compute at once (0: one per hardware thread).
  ScoringServiceImpl(store::Store& store, const std::string& database_url,
                     int analysis_threads = 0);
  ~ScoringServiceImpl() override;

  grpc::Status GetStandings(grpc::ServerContext* context, const v1::GetStandingsRequest* request,
                            v1::Standings* response) override;
  grpc::Status GetTraveller(grpc::ServerContext* context, const v1::GetTravellerRequest* request,
                            v1::Traveller* response) override;
  grpc::Status GetTeamMatch(grpc::ServerContext* context, const v1::GetTeamMatchRequest* request,
                            v1::TeamMatch* response) override;
  grpc::Status GetPrizeList(grpc::ServerContext* context, const v1::GetPrizeListRequest* request,
                            v1::PrizeList* response) override;
  grpc::Status GetSeriesLists(grpc::ServerContext* context,
                              const v1::GetSeriesListsRequest* request,
                              v1::SeriesLists* response) override;
  grpc::Status GetScorecard(grpc::ServerContext* context, const v1::GetScorecardRequest* request,
                            v1::Scorecard* response) override;
  // One gRPC thread per open stream: it sleeps on the notifier between updates.
  grpc::Status WatchStandings(grpc::ServerContext* context, const v1::GetStandingsRequest* request,
                              grpc::ServerWriter<v1::Standings>* writer) override;
  grpc::Status AddAdjustment(grpc::ServerContext* context, const v1::AddAdjustmentRequest* request,
                             v1::Adjustment* response) override;
  grpc::Status ListAdjustments(grpc::ServerContext* context,
                               const v1::ListAdjustmentsRequest* request,
                               v1::ListAdjustmentsResponse* response) override;
  // Open-hand analysis (issue 9): par tables cached in the store, games studied on request.
  grpc::Status GetBoardAnalysis(grpc::ServerContext* context,
                                const v1::GetTravellerRequest* request,
                                v1::BoardAnalysis* response) override;
  grpc::Status SearchBoards(grpc::ServerContext* context, const v1::SearchBoardsRequest* request,
                            v1::SearchBoardsResponse* response) override;
  grpc::Status GetParTable(grpc::ServerContext* context, const v1::GetParTableRequest* request,
                           v1::ParTable* response) override;

  // Ends every WatchStandings stream (before the server shuts down).
  void StopStreams() { stopping_ = true; }
  // The analysis solvers (tests, monitoring).
  SolverPool& solvers() { return solvers_; }

 private:
  // The event's scores for whoever sent the request: the director (the request carries the
  // event's director token) sees every counted result, anyone else only open boards
  // (event_scores.h "Who may see what").
  Result<std::shared_ptr<const EventScores>> Scores(const grpc::ServerContext& context,
                                                    const std::string& event_id);

  store::Store& store_;
  EventScoresCache scores_;  // every read-only RPC's scores (AddAdjustment loads its own)
  ScoreNotifier notifier_;
  SolverPool solvers_;
  std::atomic<bool> stopping_{false};
};

}  // namespace skat::service

#endif  // SKAT_SERVICES_SCORING_SCORING_SERVICE_H_
