// The director's first steps of a match played through skatd, one way for `skat match` and for
// `skat arena` with outside programs (docs/arena.md "Through skatd"): one channel to skatd, the
// event created (skatd's rate limit waited out, docs/deployment.md "Limits") with its director
// token kept for every later call, and the board set skatd draws for it. Every step is an
// ordinary RPC a director could make by hand.
#ifndef SKAT_SERVICES_CLI_MATCH_MATCH_SETUP_H_
#define SKAT_SERVICES_CLI_MATCH_MATCH_SETUP_H_

#include <grpcpp/grpcpp.h>

#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include "services/cli/client.h"
#include "skat/v1/deal_service.grpc.pb.h"
#include "skat/v1/event_service.grpc.pb.h"

namespace skat::cli {

class MatchSetup {
 public:
  // `command` names the subcommand in every message ("match": "skat match: create the event").
  MatchSetup(std::string command, const std::string& server);

  // CreateEvent with `request`; a refusal for the rate limit is waited out for at most
  // `retry_for`, sleeping with `sleep` (empty: an ordinary sleep; false: stop waiting). Keeps the
  // event's name and director token. Returns 0, or 1 after the refusal is printed on stderr.
  int CreateEvent(const v1::CreateEventRequest& request, std::chrono::seconds retry_for,
                  std::function<bool(std::chrono::seconds)> sleep,
                  v1::CreateEventResponse* response);

  // CreateBoardSet of `boards` boards for three-handed tables in the event; keeps its name.
  // Returns 0, or 1 after the refusal is printed on stderr.
  int CreateBoardSet(int boards, v1::BoardSet* set);

  // Prints "skat COMMAND: WHAT: ..." for a failed call (ReportFailure); returns its exit code.
  int Failed(const std::string& what, const grpc::Status& status,
             const grpc::ClientContext& context) const;

  const ServerOptions& director() const { return director_; }
  const std::shared_ptr<grpc::Channel>& channel() const { return channel_; }
  v1::EventService::Stub& events() { return *events_; }
  v1::DealService::Stub& deals() { return *deals_; }
  const std::string& event() const { return event_; }
  const std::string& board_set() const { return board_set_; }

 private:
  const std::string command_;
  ServerOptions director_;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<v1::EventService::Stub> events_;
  std::unique_ptr<v1::DealService::Stub> deals_;
  std::string event_;
  std::string board_set_;
};

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_MATCH_MATCH_SETUP_H_
