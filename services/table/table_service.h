// TableService (proto/skat/v1/table_service.proto): boards replayed at a table, act by act,
// under the rules, with every accepted act committed to PostgreSQL before it is acknowledged; and
// the results of boards played with real cards.
//
// The service delegates to two parts with their own state: the table host (table_host.h: tables
// opened, seats joined and watched, acts, the leases, the move clock and the bots) and the
// results desk (results_desk.h: physical results, refused reports, chair totals).
#ifndef SKAT_SERVICES_TABLE_TABLE_SERVICE_H_
#define SKAT_SERVICES_TABLE_TABLE_SERVICE_H_

#include <string>
#include <utility>

#include "services/store/store.h"
#include "services/table/results_desk.h"
#include "services/table/table_host.h"
#include "skat/v1/table_service.grpc.pb.h"

namespace skat::service {

// WatchSeat and Act on gRPC's callback API (no thread held per stream or per act in flight).
using TableServiceBase = v1::TableService::WithCallbackMethod_Act<
    v1::TableService::WithCallbackMethod_WatchSeat<v1::TableService::Service>>;

class TableServiceImpl final : public TableServiceBase {
 public:
  using TableServiceBase::Act;
  using TableServiceBase::WatchSeat;

  // The parts of the store each side uses (store.h). REQUIRES: store outlives the service.
  TableServiceImpl(store::Store& store, TableServiceOptions options)
      : host_(store, store, store, std::move(options)),
        desk_(store, store, store, store, host_.code_guesses()) {}

  // Ends every open WatchSeat stream (call before grpc::Server::Shutdown).
  void StopStreams() { host_.StopStreams(); }

  grpc::Status OpenTable(grpc::ServerContext* c, const v1::OpenTableRequest* r,
                         v1::OpenTableResponse* out) override {
    return host_.OpenTable(c, r, out);
  }
  grpc::Status GetTable(grpc::ServerContext* c, const v1::GetTableRequest* r,
                        v1::Table* out) override {
    return host_.GetTable(c, r, out);
  }
  grpc::Status JoinSeat(grpc::ServerContext* c, const v1::JoinSeatRequest* r,
                        v1::Seat* out) override {
    return host_.JoinSeat(c, r, out);
  }
  grpc::ServerWriteReactor<v1::SeatUpdate>* WatchSeat(grpc::CallbackServerContext* c,
                                                      const v1::WatchSeatRequest* r) override {
    return host_.WatchSeat(c, r);
  }
  grpc::ServerUnaryReactor* Act(grpc::CallbackServerContext* c, const v1::ActRequest* r,
                                v1::ActResponse* out) override {
    return host_.Act(c, r, out);
  }
  // Act without gRPC (TableHost::ActAs): skatd's web side.
  void ActAs(std::string token, const v1::ActRequest* r, TableHost::ActDone done) {
    host_.ActAs(std::move(token), r, std::move(done));
  }
  grpc::Status ListGames(grpc::ServerContext* c, const v1::ListGamesRequest* r,
                         v1::ListGamesResponse* out) override {
    return host_.ListGames(c, r, out);
  }
  grpc::Status RotateSeatToken(grpc::ServerContext* c, const v1::RotateSeatTokenRequest* r,
                               v1::RotateSeatTokenResponse* out) override {
    return host_.RotateSeatToken(c, r, out);
  }
  grpc::Status SetSeatBot(grpc::ServerContext* c, const v1::SetSeatBotRequest* r,
                          v1::Table* out) override {
    return host_.SetSeatBot(c, r, out);
  }

  grpc::Status SubmitResult(grpc::ServerContext* c, const v1::SubmitResultRequest* r,
                            v1::ResultEntry* out) override {
    return desk_.SubmitResult(c, r, out);
  }
  grpc::Status ConfirmResult(grpc::ServerContext* c, const v1::ConfirmResultRequest* r,
                             v1::ResultEntry* out) override {
    return desk_.ConfirmResult(c, r, out);
  }
  grpc::Status CorrectResult(grpc::ServerContext* c, const v1::CorrectResultRequest* r,
                             v1::ResultEntry* out) override {
    return desk_.CorrectResult(c, r, out);
  }
  grpc::Status ListResults(grpc::ServerContext* c, const v1::ListResultsRequest* r,
                           v1::ListResultsResponse* out) override {
    return desk_.ListResults(c, r, out);
  }
  grpc::Status FindTableCode(grpc::ServerContext* c, const v1::FindTableCodeRequest* r,
                             v1::FindTableCodeResponse* out) override {
    return desk_.FindTableCode(c, r, out);
  }
  grpc::Status SubmitChairTotal(grpc::ServerContext* c, const v1::SubmitChairTotalRequest* r,
                                v1::ChairTotal* out) override {
    return desk_.SubmitChairTotal(c, r, out);
  }
  grpc::Status ListChairTotals(grpc::ServerContext* c, const v1::ListChairTotalsRequest* r,
                               v1::ListChairTotalsResponse* out) override {
    return desk_.ListChairTotals(c, r, out);
  }
  grpc::Status ListRefusedReports(grpc::ServerContext* c, const v1::ListRefusedReportsRequest* r,
                                  v1::ListRefusedReportsResponse* out) override {
    return desk_.ListRefusedReports(c, r, out);
  }

 private:
  TableHost host_;
  ResultsDesk desk_;
};

}  // namespace skat::service

#endif  // SKAT_SERVICES_TABLE_TABLE_SERVICE_H_
