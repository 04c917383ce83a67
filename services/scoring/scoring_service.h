// ScoringService (proto/skat/v1/scoring_service.proto): every call scores the event's results and
// adjustments from the store with the engine (event_scores.h), through a cache that reloads
// whenever the store's rows changed (event_scores_cache.h), so several skatd processes on one
// database answer alike; the registries' rating replays are kept the same way (ratings_cache.h)
// for ListRatings and the ratings beside the names in the standings (standing_ratings.h). The
// open-hand analysis runs on a bounded pool of solvers (solver_pool.h).
//
// WatchStandings is served with gRPC's callback API (standings_streams.h: a reactor per open
// stream, fed by one worker thread when the event's scores change); every other RPC is
// synchronous. Open streams count against the server's StreamLimits (stream_limits.h), shared
// with TableService.WatchSeat.
#ifndef SKAT_SERVICES_SCORING_SCORING_SERVICE_H_
#define SKAT_SERVICES_SCORING_SCORING_SERVICE_H_

#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>

#include "services/common/stream_limits.h"
#include "services/scoring/event_scores_cache.h"
#include "services/scoring/ratings_cache.h"
#include "services/scoring/score_notifier.h"
#include "services/scoring/scoring_names.h"
#include "services/scoring/scoring_stores.h"
#include "services/scoring/solver_pool.h"
#include "services/scoring/standings_streams.h"
#include "skat/v1/scoring_service.grpc.pb.h"

namespace skat::service {

struct ScoringServiceOptions {
  // At most this many analyses compute at once (0: one per hardware thread).
  int analysis_threads = 0;
  // Open WatchStandings streams take places here (null: limits of this service alone, with the
  // default sizes).
  std::shared_ptr<StreamLimits> stream_limits;
  // WatchStandings messages a second after changes, over all events (standings_streams.h).
  double standings_rate = StandingsStreams::kDefaultMessagesPerSecond;
};

// WatchStandings is served raw (its messages as serialized bytes), so that one serialization of
// the standings serves every stream of an event.
class ScoringServiceImpl final
    : public v1::ScoringService::WithRawCallbackMethod_WatchStandings<v1::ScoringService::Service> {
 public:
  using v1::ScoringService::WithRawCallbackMethod_WatchStandings<
      v1::ScoringService::Service>::WatchStandings;

  // REQUIRES: store outlives the service. WatchStandings listens on database_url.
  ScoringServiceImpl(ScoringStores store, const std::string& database_url,
                     ScoringServiceOptions options = {});
  ~ScoringServiceImpl() override;

  grpc::Status GetStandings(grpc::ServerContext* context, const v1::GetStandingsRequest* request,
                            v1::Standings* response) override;
  grpc::Status GetTraveller(grpc::ServerContext* context, const v1::GetTravellerRequest* request,
                            v1::Traveller* response) override;
  grpc::Status ListTravellers(grpc::ServerContext* context,
                              const v1::ListTravellersRequest* request,
                              v1::ListTravellersResponse* response) override;
  grpc::Status GetTeamMatch(grpc::ServerContext* context, const v1::GetTeamMatchRequest* request,
                            v1::TeamMatch* response) override;
  grpc::Status GetPrizeList(grpc::ServerContext* context, const v1::GetPrizeListRequest* request,
                            v1::PrizeList* response) override;
  grpc::Status GetSeriesLists(grpc::ServerContext* context,
                              const v1::GetSeriesListsRequest* request,
                              v1::SeriesLists* response) override;
  grpc::Status GetScorecard(grpc::ServerContext* context, const v1::GetScorecardRequest* request,
                            v1::Scorecard* response) override;
  // The standings now, then after changes, paced (standings_streams.h); the request is a
  // serialized v1::WatchStandingsRequest, every message a serialized v1::Standings.
  // INVALID_ARGUMENT for a request that does not parse or a malformed event name and
  // RESOURCE_EXHAUSTED without a place under the stream limits, at once; the rest from the
  // worker.
  grpc::ServerWriteReactor<grpc::ByteBuffer>* WatchStandings(
      grpc::CallbackServerContext* context, const grpc::ByteBuffer* raw_request) override;
  grpc::Status AddAdjustment(grpc::ServerContext* context, const v1::AddAdjustmentRequest* request,
                             v1::Adjustment* response) override;
  grpc::Status ListAdjustments(grpc::ServerContext* context,
                               const v1::ListAdjustmentsRequest* request,
                               v1::ListAdjustmentsResponse* response) override;
  // Open-hand analysis (docs/par.md): par tables cached in the store, games studied on request.
  grpc::Status GetBoardAnalysis(grpc::ServerContext* context,
                                const v1::GetBoardAnalysisRequest* request,
                                v1::BoardAnalysis* response) override;
  grpc::Status SearchBoards(grpc::ServerContext* context, const v1::SearchBoardsRequest* request,
                            v1::SearchBoardsResponse* response) override;
  grpc::Status GetParTable(grpc::ServerContext* context, const v1::GetParTableRequest* request,
                           v1::ParTable* response) override;
  // ratings.cc (docs/ratings.md)
  grpc::Status ListRatings(grpc::ServerContext* context, const v1::ListRatingsRequest* request,
                           v1::ListRatingsResponse* response) override;
  // person_history.cc (docs/persons.md "History")
  grpc::Status ListPersonEvents(grpc::ServerContext* context,
                                const v1::ListPersonEventsRequest* request,
                                v1::ListPersonEventsResponse* response) override;
  // list_person_boards.cc and person_totals.cc (docs/persons.md "Boards" and "Totals")
  grpc::Status ListPersonBoards(grpc::ServerContext* context,
                                const v1::ListPersonBoardsRequest* request,
                                v1::ListPersonBoardsResponse* response) override;
  grpc::Status GetPersonTotals(grpc::ServerContext* context,
                               const v1::GetPersonTotalsRequest* request,
                               v1::PersonTotals* response) override;
  // session_progress.cc (docs/web.md "The live screen")
  grpc::Status GetSessionProgress(grpc::ServerContext* context,
                                  const v1::GetSessionProgressRequest* request,
                                  v1::SessionProgress* response) override;

  // Ends every WatchStandings stream (before the server shuts down), with OK.
  void StopStreams() { streams_.StopAll(); }
  // The analysis solvers (tests, monitoring).
  SolverPool& solvers() { return solvers_; }
  // The registries' replayed ratings (tests: RatingsCache::loads).
  const RatingsCache& ratings() const { return ratings_; }

 private:
  // The event's scores for whoever sent the request: the director (the request carries the
  // event's director token) sees every counted result, anyone else only open boards
  // (event_scores.h "Who may see what").
  Result<std::shared_ptr<const EventScores>> Scores(const grpc::ServerContextBase& context,
                                                    const std::string& event_id);
  // A request's resource name (scoring_names.h) with the scores of its event for the caller
  // (Scores) and the number of its session (0: none named).
  struct Named {
    ScoringName name;
    std::shared_ptr<const EventScores> scores;
    int session = 0;
  };
  // kInvalidArgument for a name that fits none of `patterns`; kNotFound for an unknown event or
  // session.
  Result<Named> Resolve(const grpc::ServerContextBase& context, std::string_view name,
                        std::initializer_list<std::string_view> patterns);
  // The traveller of `board` in session `session` with its name (scoring_proto.h
  // TravellerProto): kNotFound, kBoardInPlay.
  Status Traveller(const EventScores& scores, int session, int board, v1::Traveller* out);

  ScoringStores store_;
  const std::shared_ptr<StreamLimits> stream_limits_;
  EventScoresCache scores_;  // every read-only RPC's scores (AddAdjustment loads its own)
  RatingsCache ratings_;     // ListRatings and the standings' ratings (docs/ratings.md)
  ScoreNotifier notifier_;   // its listener feeds streams_ (set in the constructor)
  StandingsStreams streams_;
  SolverPool solvers_;
};

}  // namespace skat::service

#endif  // SKAT_SERVICES_SCORING_SCORING_SERVICE_H_
