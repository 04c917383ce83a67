// skat play: a terminal client for a human at one seat of an online table. Plain line-based
// output (no curses): on every view change it prints the board, the bidding, the declaration,
// the tricks and the hand in the game's order with the legal cards marked; on this seat's turn a
// numbered menu of the legal acts and a prompt "play> ". It reads a menu number or the act as
// text, prints each board's result and the running pad, and exits when the table is finished,
// on end of input or on "q".
//
// Two threads: one reads the seat's WatchSeat stream (reconnecting) and hands every view to the
// main thread through a queue and a pipe; the main thread waits on that pipe and standard input
// with poll() and sends the acts (services/cli/seat_client.h: retries and sequence numbers).
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <deque>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "services/cli/commands.h"
#include "services/cli/play_input.h"
#include "services/cli/play_screen.h"
#include "services/cli/seat_client.h"
#include "services/cli/table_option.h"
#include "services/cli/token_files.h"
#include "services/common/game_proto.h"

namespace skat::cli {
namespace {

// Views from the watching thread to the main thread.
class Inbox {
 public:
  Inbox() {
    if (pipe(fds_) != 0) {
      fds_[0] = fds_[1] = -1;
      return;
    }
    fcntl(fds_[0], F_SETFL, fcntl(fds_[0], F_GETFL) | O_NONBLOCK);  // Take drains it
  }
  ~Inbox() {
    for (int fd : fds_) {
      if (fd >= 0) close(fd);
    }
  }
  bool ok() const { return fds_[0] >= 0; }
  int fd() const { return fds_[0]; }
  void Push(const v1::SeatUpdate& u) {
    {
      std::lock_guard lock(mutex_);
      updates_.push_back(u);
    }
    Wake();
  }
  void End(CallResult result) {
    {
      std::lock_guard lock(mutex_);
      ended_ = std::move(result);
    }
    Wake();
  }
  // Everything that arrived; `ended` is set once the watching stopped.
  std::vector<v1::SeatUpdate> Take(std::optional<CallResult>& ended) {
    char buffer[256];
    while (read(fds_[0], buffer, sizeof buffer) > 0) {
    }
    std::lock_guard lock(mutex_);
    std::vector<v1::SeatUpdate> out(updates_.begin(), updates_.end());
    updates_.clear();
    ended = ended_;
    return out;
  }

 private:
  void Wake() {
    const char byte = 1;
    while (write(fds_[1], &byte, 1) < 0 && errno == EINTR) {
    }
  }
  int fds_[2];
  std::mutex mutex_;
  std::deque<v1::SeatUpdate> updates_;
  std::optional<CallResult> ended_;
};

}  // namespace

Runner AddPlayCommand(CLI::App& app) {
  struct Options {
    std::string server;
    std::string table;
    std::string session;
    std::string seat_token;
    int retry_for = 60;
  };
  auto o = std::make_shared<Options>();
  CLI::App* sub = app.add_subcommand("play", "Play one seat of an online table at the terminal.");
  sub->footer(
      "On every change the table's state is printed: the board, the bidding, the game, the\n"
      "tricks and your hand in the game's order (trumps first; legal cards marked *). On your\n"
      "turn a numbered menu follows and the prompt \"play> \": type a menu number or the act\n"
      "(18, pass, hold, C-J, \"S-7 D-8\" to discard, hand grand, hearts solo, guckser, passt mir\n"
      "nicht, ...); a number that is no menu entry is a bid. \"?\" shows the state again; q or\n"
      "end of input leaves (the same token takes the seat again). After each board the result\n"
      "and the running pad; it exits when the table is finished.");
  sub->add_option("--table", o->table,
                  "events/{event}/tables/{table}, or with --session \"round 2 table 3\"")
      ->required();
  sub->add_option("--session", o->session,
                  "events/{event}/sessions/{session}: --table names a table of it");
  AddTokenOption(*sub, kSeatToken, o->seat_token);
  AddSeatOptions(*sub, o->server, o->retry_for);

  return [o]() -> int {
    const std::string& token = o->seat_token;
    if (token.empty()) {
      std::cerr << "skat play: no seat token: set SKAT_SEAT_TOKEN or pass --seat-token-file PATH "
                   "(your chair's token from skat tables open)\n";
      return 2;
    }
    if (!o->session.empty()) {
      ServerOptions server{.server = o->server, .token = ""};
      if (int failed = ResolveTableOption(server, "play", o->session, &o->table); failed != 0) {
        return failed;
      }
    }
    Stopper stopper;
    std::shared_ptr<grpc::Channel> channel = ConnectSeats(o->server);
    auto note = [](const std::string& line) { std::cerr << "skat play: " << line << std::endl; };
    SeatOptions options{.server = o->server,
                        .table = o->table,
                        .token = token,
                        .retry_for = std::chrono::seconds(o->retry_for),
                        .note = note};
    SeatClient seat(channel, options, stopper);
    CallResult joined = seat.Join();
    if (!joined.ok()) {
      std::cerr << "skat play: " << joined.Describe(o->server) << "\n";
      return 1;
    }
    v1::Table table;
    if (CallResult r = seat.GetTable(&table); !r.ok()) {
      std::cerr << "skat play: " << r.Describe(o->server) << "\n";
      return 1;
    }
    if (table.mode() == v1::TABLE_MODE_PHYSICAL || table.chairs() < 3) {
      std::cerr << "skat play: " << o->table << " plays with physical cards, not through skatd\n";
      return 1;
    }
    Screen screen(table, seat.chair());
    std::cout << "skat play: chair " << seat.chair() << " at " << table.name() << " ("
              << table.boards_size() << (table.boards_size() == 1 ? " board, " : " boards, ")
              << table.chairs() << " chairs); q quits" << std::endl;

    Inbox inbox;
    if (!inbox.ok()) {
      std::cerr << "skat play: cannot make a pipe\n";
      return 1;
    }
    SeatClient watcher(channel, options, stopper);
    std::thread watching([&] {
      CallResult r = watcher.Watch(
          [&](const v1::SeatUpdate& u) {
            inbox.Push(u);
            return true;
          },
          false);
      inbox.End(r);
    });
    auto finish = [&](int code) {
      stopper.Stop();
      watching.join();
      return code;
    };

    std::optional<v1::SeatView> current;  // the newest view
    std::optional<SeatView> current_view;
    std::vector<Act> current_legal;
    std::vector<MenuEntry> menu;
    std::pair<int, int> shown(-1, -1);  // (board index, act count) last printed
    std::pair<int, int> acted(-1, -1);  // the view an act was sent for
    bool table_finished = false;
    // May act now (legal acts, not yet acted on this view); asked to act: prompted with the menu.
    auto may_act = [&] {
      return current && !current_legal.empty() &&
             std::make_pair(current->board_index(), current->act_count()) != acted;
    };
    auto my_turn = [&] { return may_act() && AskedToAct(*current_view); };
    std::string pending_input;
    bool input_open = true;
    for (;;) {
      pollfd fds[2] = {{inbox.fd(), POLLIN, 0}, {0, POLLIN, 0}};
      const int ready = poll(fds, input_open ? 2 : 1, -1);
      if (ready < 0) {
        if (errno == EINTR) continue;
        std::cerr << "skat play: poll: " << std::strerror(errno) << "\n";
        return finish(1);
      }
      if (fds[0].revents != 0) {
        std::optional<CallResult> ended;
        bool prompt = false;
        for (const v1::SeatUpdate& u : inbox.Take(ended)) {
          const std::pair<int, int> key(u.view().board_index(), u.view().act_count());
          if (key <= shown && !u.table_finished()) continue;  // seen (a reconnected stream)
          Result<SeatView> view = EngineView(u.view());
          Result<std::vector<Act>> legal = service::LegalActsFromProto(u.view());
          if (!view.ok() || !legal.ok()) {
            std::cerr << "skat play: unreadable view from skatd: "
                      << (view.ok() ? legal.status() : view.status()).message() << "\n";
            return finish(1);
          }
          if (key > shown) screen.Show(u.view(), *view, *legal);
          shown = std::max(shown, key);
          current = u.view();
          current_view = *view;
          current_legal = *legal;
          table_finished = table_finished || u.table_finished();
          prompt = my_turn();
        }
        if (table_finished) {
          screen.Final();
          return finish(0);
        }
        if (ended && !ended->ok()) {
          if (ended->status.error_code() == grpc::StatusCode::CANCELLED && stopper.stopped()) {
            return finish(0);
          }
          std::cerr << "skat play: " << ended->Describe(o->server) << "\n";
          return finish(1);
        }
        if (current_view) {
          menu =
              current_legal.empty() ? std::vector<MenuEntry>() : Menu(*current_view, current_legal);
        }
        if (prompt) screen.Prompt(menu);
      }
      if (input_open && fds[1].revents != 0) {
        char buffer[1024];
        const ssize_t n = read(0, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
          input_open = false;
          std::cout << "\nskat play: end of input; leaving the table (the same seat token takes "
                       "the seat again)"
                    << std::endl;
          return finish(0);
        }
        pending_input.append(buffer, static_cast<size_t>(n));
        size_t newline;
        while ((newline = pending_input.find('\n')) != std::string::npos) {
          const std::string line = Trim(pending_input.substr(0, newline));
          pending_input.erase(0, newline + 1);
          const std::string word = Lower(line);
          if (word == "q" || word == "quit" || word == "exit") {
            std::cout << "skat play: leaving the table (the same seat token takes the seat again)"
                      << std::endl;
            return finish(0);
          }
          if (word == "?" || word == "help") {
            if (current) screen.Show(*current, *current_view, current_legal);
            if (my_turn()) screen.Prompt(menu);
            continue;
          }
          if (line.empty()) continue;
          if (!may_act()) {
            std::cout << "(not your turn; waiting)" << std::endl;
            continue;
          }
          std::string error;
          std::optional<Act> act = Interpret(line, *current_view->seat, current_legal, menu, error);
          if (!act) {
            std::cout << error << "\nplay> " << std::flush;
            continue;
          }
          v1::Act request;
          service::ToProto(*act, &request);
          request.clear_text();
          CallResult r = seat.SendAct(request, current->board_number());
          if (r.ok()) {
            acted = std::make_pair(current->board_index(), current->act_count());
            std::cout << "you: " << Label(*act) << std::endl;
            continue;
          }
          if (r.status.error_code() == grpc::StatusCode::FAILED_PRECONDITION) {
            // Another client used this seat's sequence numbers: learn the last one again.
            if (r.reason == "sequence-reused" && !seat.Join().ok()) return finish(1);
            std::cout << "refused: " << r.Describe(o->server) << "\nplay> " << std::flush;
            continue;
          }
          std::cerr << "skat play: " << r.Describe(o->server) << "\n";
          return finish(1);
        }
      }
    }
  };
}

}  // namespace skat::cli
