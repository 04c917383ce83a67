// ResultsDesk: the physical side of TableService (table_service.h; docs/tables.md "Physical
// play"): results entered, confirmed and corrected after boards played with real cards
// (table_results.cc), the refused reports kept for the director, and the chairs' session totals
// (chair_totals.cc), and the tables of table codes (table_codes.cc). Every call asks the database;
// the desk keeps no state of its own, and SubmitResult reads its context and writes in one
// transaction (store::ResultStore::InResultTransaction).
#ifndef SKAT_SERVICES_TABLE_RESULTS_DESK_H_
#define SKAT_SERVICES_TABLE_RESULTS_DESK_H_

#include <grpcpp/grpcpp.h>

#include <string>

#include "engine/status.h"
#include "services/store/event_store.h"
#include "services/store/result_store.h"
#include "services/store/session_store.h"
#include "services/store/table_store.h"
#include "services/table/table_auth.h"
#include "skat/v1/table_service.grpc.pb.h"

namespace skat::service {

class ResultsDesk {
 public:
  // REQUIRES: the stores outlive the desk.
  // `code_guesses` counts the table codes each client tries (table_auth.h kTableCodeGuesses).
  ResultsDesk(store::EventStore& events, store::TableStore& tables, store::ResultStore& results,
              store::SessionStore& sessions, PeerRateLimiter& code_guesses)
      : events_(events),
        tables_(tables),
        results_(results),
        sessions_(sessions),
        code_guesses_(code_guesses) {}

  // table_results.cc
  grpc::Status SubmitResult(grpc::ServerContext* context, const v1::SubmitResultRequest* request,
                            v1::ResultEntry* response);
  grpc::Status ConfirmResult(grpc::ServerContext* context, const v1::ConfirmResultRequest* request,
                             v1::ResultEntry* response);
  grpc::Status CorrectResult(grpc::ServerContext* context, const v1::CorrectResultRequest* request,
                             v1::ResultEntry* response);
  grpc::Status ListResults(grpc::ServerContext* context, const v1::ListResultsRequest* request,
                           v1::ListResultsResponse* response);
  grpc::Status ListRefusedReports(grpc::ServerContext* context,
                                  const v1::ListRefusedReportsRequest* request,
                                  v1::ListRefusedReportsResponse* response);
  // table_codes.cc
  grpc::Status FindTableCode(grpc::ServerContext* context, const v1::FindTableCodeRequest* request,
                             v1::FindTableCodeResponse* response);
  // chair_totals.cc
  grpc::Status SubmitChairTotal(grpc::ServerContext* context,
                                const v1::SubmitChairTotalRequest* request,
                                v1::ChairTotal* response);
  grpc::Status ListChairTotals(grpc::ServerContext* context,
                               const v1::ListChairTotalsRequest* request,
                               v1::ListChairTotalsResponse* response);

 private:
  // The reads of authorization and of the results' helpers (table_auth.h).
  StoreReads reads() { return StoreReads{tables_, events_}; }

  store::EventStore& events_;
  store::TableStore& tables_;
  store::ResultStore& results_;
  store::SessionStore& sessions_;
  PeerRateLimiter& code_guesses_;
};

}  // namespace skat::service

#endif  // SKAT_SERVICES_TABLE_RESULTS_DESK_H_
