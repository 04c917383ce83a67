// skat sessions issue-tokens: a new seat token for every chair of a session, written to
// --tokens-file (docs/events-and-scoring.md "Seat tokens"); the chairs' earlier tokens are revoked.
#include <iostream>
#include <vector>

#include "services/cli/i18n/tr.h"
#include "services/cli/sessions/session_tokens.h"
#include "services/cli/sessions/sessions_verbs.h"

namespace skat::cli {

CLI::App* AddSessionsIssueTokens(CLI::App& sessions, SessionsOptions& o) {
  CLI::App* issue = sessions.add_subcommand(
      "issue-tokens",
      Tr("Issue a new seat token for every chair of every table of a session and write them to "
         "--tokens-file (director token needed). The chairs' earlier tokens are revoked: use it "
         "when "
         "a tokens file was lost."));
  issue->add_option("session", o.session, Tr("events/{event}/sessions/{session}"))->required();
  issue
      ->add_option("--tokens-file", o.tokens_file,
                   Tr("where the seat tokens go (mode 0600), as sessions start writes them"))
      ->required();
  AddServerOptions(*issue, o.server);
  return issue;
}

int RunSessionsIssueTokens(const SessionsOptions& o, SessionsEvent& e) {
  SessionTokensFile file(o.tokens_file, o.session, e.names);
  std::vector<v1::SessionTable> tables;
  if (int code =
          IssueAllSeatTokens(*e.stub, o.server, "sessions issue-tokens", o.session, file, tables);
      code != 0) {
    return code;
  }
  std::cout << o.session << ": " << file.count() << " new seat tokens for " << tables.size()
            << " tables written to " << o.tokens_file
            << " (the tokens issued before are revoked)\n";
  if (!file.codes().empty()) {
    std::cout << TrN("{n} new table code written to {0} (the codes issued before are void)",
                     "{n} new table codes written to {0} (the codes issued before are void)",
                     static_cast<long long>(file.codes().size()), o.tokens_file)
              << "\n";
  }
  return 0;
}

}  // namespace skat::cli
