#include "services/cli/sessions/session_tokens.h"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <thread>
#include <utility>

#include "services/cli/token_files.h"
#include "services/common/auth.h"

namespace skat::cli {
namespace {

constexpr int kAttempts = 6;
constexpr int kTablesPerPage = 1000;  // IssueSeatTokens' largest page: well under 1 MiB

bool Retryable(const grpc::Status& s) {
  return s.error_code() == grpc::StatusCode::UNAVAILABLE ||
         s.error_code() == grpc::StatusCode::DEADLINE_EXCEEDED ||
         s.error_code() == grpc::StatusCode::RESOURCE_EXHAUSTED;
}

}  // namespace

std::string NewRequestId() {
  std::string hex = service::NewToken().substr(0, 32);  // 128 random bits
  hex[12] = '4';                                        // version 4
  hex[16] = "89ab"[hex[16] % 4];                        // variant 10xx
  return hex.substr(0, 8) + "-" + hex.substr(8, 4) + "-" + hex.substr(12, 4) + "-" +
         hex.substr(16, 4) + "-" + hex.substr(20);
}

grpc::Status CallWithRetries(const ServerOptions& server, const std::string& what,
                             const std::function<grpc::Status(grpc::ClientContext*)>& call,
                             std::unique_ptr<grpc::ClientContext>* context) {
  int wait_seconds = 1;
  for (int attempt = 1;; ++attempt) {
    *context = NewContext(server);
    const grpc::Status s = call(context->get());
    if (s.ok() || !Retryable(s) || attempt == kAttempts) return s;
    std::cerr << "skat " << what << ": " << s.error_message() << " (code " << s.error_code()
              << "); retrying in " << wait_seconds << " s\n";
    std::this_thread::sleep_for(std::chrono::seconds(wait_seconds));
    wait_seconds = std::min(wait_seconds * 2, 8);
  }
}

SessionTokensFile::SessionTokensFile(std::string path, const std::string& session,
                                     const std::map<std::string, std::string>& names)
    : path_(std::move(path)), names_(names) {
  text_ = "# " + session +
          ": \"table chair token round player\" per seat (skat bot --tokens-file plays each "
          "player's rounds in order)\n";
}

void SessionTokensFile::Add(const v1::SeatToken& t) {
  auto it = names_.find(t.player());
  // A chair without a listed player is a player of its own.
  const std::string player =
      t.player().empty() ? t.table() + "/chair-" + std::to_string(t.chair()) : t.player();
  text_ += "# round " + std::to_string(t.round()) + ", " +
           (it == names_.end() ? "(empty)" : it->second) + "\n" + t.table() + " " +
           std::to_string(t.chair()) + " " + t.token() + " " + std::to_string(t.round()) + " " +
           player + "\n";
  tokens_.push_back(t);
  ++count_;
}

void SessionTokensFile::AddCode(const v1::TableCode& c) {
  text_ += "# table code of round " + std::to_string(c.round()) + ", table " +
           std::to_string(c.table_number()) + " (" + c.table() + "): " + c.code() + "\n";
  codes_.push_back(c);
}

bool SessionTokensFile::Write(std::string& error) const {
  return WriteTokenFile(path_, text_, error);
}

int IssueAllSeatTokens(v1::EventService::Stub& stub, const ServerOptions& server,
                       const std::string& what, const std::string& session, SessionTokensFile& file,
                       std::vector<v1::SessionTable>& tables) {
  v1::IssueSeatTokensRequest request;
  request.set_name(session);
  request.set_page_size(kTablesPerPage);
  do {
    v1::IssueSeatTokensResponse page;
    std::unique_ptr<grpc::ClientContext> context;
    // A retried page is issued again: the tokens of a lost reply are revoked with it.
    const grpc::Status s = CallWithRetries(
        server, what,
        [&](grpc::ClientContext* c) {
          page.Clear();
          return stub.IssueSeatTokens(c, request, &page);
        },
        &context);
    if (!s.ok()) return ReportFailure(what, s, *context, server);
    for (const v1::SeatToken& t : page.seat_tokens()) file.Add(t);
    for (const v1::TableCode& c : page.table_codes()) file.AddCode(c);
    for (const v1::SessionTable& t : page.tables()) tables.push_back(t);
    if (std::string error; !file.Write(error)) {
      std::cerr << "skat " << what << ": cannot write the tokens file: " << error
                << " (skat sessions issue-tokens " << session
                << " issues every seat token again)\n";
      return 1;
    }
    if (page.total_size() > kTablesPerPage) {
      std::cerr << "skat " << what << ": seat tokens of " << tables.size() << " of "
                << page.total_size() << " tables written\n";
    }
    request.set_page_token(page.next_page_token());
  } while (!request.page_token().empty());
  return 0;
}

}  // namespace skat::cli
