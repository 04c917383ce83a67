// One run of `skat play` (play_command.cc registers it): the seat joined with its token, the
// fixed screen or plain lines chosen, then views and typed lines handled until the table is
// finished, the input ends or the player leaves. Two threads: one reads the seat's WatchSeat
// stream (reconnecting) and hands every view to the main thread (play_inbox.h); the main thread
// waits on that and standard input with poll() and sends the acts (services/cli/seat/
// seat_client.h: retries and sequence numbers).
#ifndef SKAT_SERVICES_CLI_PLAY_PLAY_SESSION_H_
#define SKAT_SERVICES_CLI_PLAY_PLAY_SESSION_H_

#include <string>

namespace skat::cli {

struct PlayOptions {
  std::string server;
  std::string table;
  std::string session;
  std::string seat_token;
  int retry_for = 60;
  bool plain = false;
  bool ascii = false;
};

// Plays the seat; returns the exit code. With --session, `o.table` is resolved to the table's
// resource name first.
int RunPlay(PlayOptions& o);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_PLAY_PLAY_SESSION_H_
