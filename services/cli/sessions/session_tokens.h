// Seat tokens of a session for `skat sessions start` and `skat sessions issue-tokens`
// (docs/events-and-scoring.md "Seat tokens").
//
// StartSession carries a request id (AIP-155) that the command makes up, prints and sends again
// with every retry (UNAVAILABLE, DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED): a retry whose first
// attempt started the session gets that session back instead of a second one. When the reply
// has no seat tokens (the session is too large for one reply, or the reply that had them was
// lost), IssueSeatTokens issues new ones page by page, which revokes any earlier ones; the tokens
// file is rewritten after every page (atomically, mode 0600: token_files.h WriteTokenFile), so it
// always holds valid tokens of every page issued so far. A page whose reply was lost is asked
// for again with the same page token. At the end the file holds a valid token for every chair of
// every table.
#ifndef SKAT_SERVICES_CLI_SESSIONS_SESSION_TOKENS_H_
#define SKAT_SERVICES_CLI_SESSIONS_SESSION_TOKENS_H_

#include <grpcpp/grpcpp.h>

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "services/cli/client.h"
#include "skat/v1/event_service.grpc.pb.h"

namespace skat::cli {

// A random UUID (version 4), e.g. "0b6f0a3e-8c1d-4e9a-b7a2-5d3c9e1f2a40".
std::string NewRequestId();

// Makes a fresh context (NewContext) and calls `call` with it until it succeeds or fails with a
// code other than UNAVAILABLE, DEADLINE_EXCEEDED or RESOURCE_EXHAUSTED, at most 6 times, waiting
// 1, 2, 4, 8 and 8 seconds between attempts (each retry noted on stderr as "skat <what>: ...").
// Returns the last status; *context is the last attempt's context (for ReportFailure).
grpc::Status CallWithRetries(const ServerOptions& server, const std::string& what,
                             const std::function<grpc::Status(grpc::ClientContext*)>& call,
                             std::unique_ptr<grpc::ClientContext>* context);

// The tokens file: a header naming the session, then per seat a "# round R, NAME" comment and a
// "table chair token round player" line (skat bot --tokens-file reads them; a chair without a
// player gets "<table>/chair-N" as its player); for a session played with real cards also per
// table a comment "# table code of round R, table T (TABLE): CODE" (docs/tables.md "Table
// codes"; skat bot skips comments). `names`: player resource name -> display name.
class SessionTokensFile {
 public:
  SessionTokensFile(std::string path, const std::string& session,
                    const std::map<std::string, std::string>& names);
  void Add(const v1::SeatToken& token);
  void AddCode(const v1::TableCode& code);
  int count() const { return count_; }
  const std::vector<v1::SeatToken>& tokens() const { return tokens_; }
  const std::vector<v1::TableCode>& codes() const { return codes_; }
  // Writes every token added so far; false with `error` set when it could not.
  bool Write(std::string& error) const;

 private:
  const std::string path_;
  const std::map<std::string, std::string>& names_;
  std::string text_;
  std::vector<v1::SeatToken> tokens_;
  std::vector<v1::TableCode> codes_;
  int count_ = 0;
};

// Issues new seat tokens for every table of `session` through IssueSeatTokens (revoking the old
// ones), page by page, adding each page's tokens and table codes to `file` and writing it after
// each page, and
// appends each page's tables to `tables`. Returns 0, or 1 after reporting the failure (`what`:
// "sessions start").
int IssueAllSeatTokens(v1::EventService::Stub& stub, const ServerOptions& server,
                       const std::string& what, const std::string& session, SessionTokensFile& file,
                       std::vector<v1::SessionTable>& tables);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_SESSIONS_SESSION_TOKENS_H_
