#include "services/cli/match/match_setup.h"

#include <iostream>
#include <utility>

#include "services/cli/i18n/tr.h"
#include "services/cli/rate_limit_wait.h"

namespace skat::cli {

MatchSetup::MatchSetup(std::string command, const std::string& server)
    : command_(std::move(command)),
      director_{.server = server, .token = ""},
      channel_(Connect(director_)),
      events_(v1::EventService::NewStub(channel_)),
      deals_(v1::DealService::NewStub(channel_)) {}

int MatchSetup::Failed(const std::string& what, const grpc::Status& status,
                       const grpc::ClientContext& context) const {
  return ReportFailure(command_ + ": " + what, status, context, director_);
}

int MatchSetup::CreateEvent(const v1::CreateEventRequest& request, std::chrono::seconds retry_for,
                            std::function<bool(std::chrono::seconds)> sleep,
                            v1::CreateEventResponse* response) {
  const WaitedCall made = CallWaitingOutRateLimit(
      {.what = "skat " + command_ + ": " + Tr("create the event"),
       .wait_for = retry_for,
       .notes = &std::cerr,
       .sleep = std::move(sleep)},
      [&] { return NewContext(director_); },
      [&](grpc::ClientContext* c) { return events_->CreateEvent(c, request, response); });
  if (!made.status.ok()) return Failed(Tr("create the event"), made.status, *made.context);
  event_ = response->event().name();
  director_.token = response->director_token();
  return 0;
}

int MatchSetup::CreateBoardSet(int boards, v1::BoardSet* set) {
  v1::CreateBoardSetRequest request;
  request.set_parent(event_);
  request.set_board_count(boards);
  request.set_table_size(3);
  auto context = NewContext(director_);
  const grpc::Status s = deals_->CreateBoardSet(context.get(), request, set);
  if (!s.ok()) return Failed(Tr("create the board set"), s, *context);
  board_set_ = set->name();
  return 0;
}

}  // namespace skat::cli
