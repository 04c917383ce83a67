// An event's report data read from the ScoringService (report.h renders it): the one reader used
// by `skat report` and by skatd's web side (docs/web.md "Result pages").
#ifndef SKAT_SERVICES_REPORT_REPORT_FETCH_H_
#define SKAT_SERVICES_REPORT_REPORT_FETCH_H_

#include <grpcpp/grpcpp.h>

#include <functional>
#include <memory>
#include <string>

#include "services/report/report.h"
#include "skat/v1/scoring_service.grpc.pb.h"

namespace skat::report {

struct FetchedReport {
  ReportData data;         // without analyses: the caller asks for them if it wants them
  int boards_in_play = 0;  // boards left out because some table has not finished them
};

// Reads the standings, team match, prize list, Seeger-Fabian series lists, every player's
// scorecard and every open traveller of `event` ("events/{event}"), each call with a context
// from new_context (which sets the caller's token and deadline). On a failed call it stops and
// returns that call's status, with its context in *failed (for the skat-reason).
grpc::Status FetchReport(v1::ScoringService::StubInterface& stub, const std::string& event,
                         const std::function<std::unique_ptr<grpc::ClientContext>()>& new_context,
                         FetchedReport& out, std::unique_ptr<grpc::ClientContext>* failed);

}  // namespace skat::report

#endif  // SKAT_SERVICES_REPORT_REPORT_FETCH_H_
