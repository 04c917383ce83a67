#include "services/cli/play/play_session.h"

#include <poll.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include "services/cli/i18n/tr.h"
#include "services/cli/play/play_inbox.h"
#include "services/cli/play/play_input.h"
#include "services/cli/play/play_screen.h"
#include "services/cli/play/play_terminal.h"
#include "services/cli/seat/seat_client.h"
#include "services/cli/tables/table_option.h"
#include "services/common/game_proto.h"

namespace skat::cli {
namespace {

std::string PlayHelpLine() {
  return Tr(
      "keys: a..l your cards (two to discard: c e) · a bid: its value · y hold · p pass · "
      "t take the skat · games by name (hand grand) · q quits");
}

std::string LeftLine() {
  return "skat play: " + Tr("leaving the table (the same seat token takes the seat again)");
}
std::string EndOfInputLine() {
  return "skat play: " +
         Tr("end of input; leaving the table (the same seat token takes the seat again)");
}

// The main thread's side once the seat is joined and the screen is up: the newest view, the
// menu, what was typed; every way out goes through Finish.
class PlayLoop {
 public:
  PlayLoop(const PlayOptions& o, bool fixed, bool plain_tty_input, Inbox& inbox, Stopper& stopper,
           SeatClient& seat, Screen& screen, std::shared_ptr<grpc::Channel> channel,
           const SeatOptions& options)
      : o_(o),
        fixed_(fixed),
        plain_tty_input_(plain_tty_input),
        inbox_(inbox),
        stopper_(stopper),
        seat_(seat),
        screen_(screen),
        watcher_(std::move(channel), options, stopper) {
    watching_ = std::thread([this] {
      CallResult r = watcher_.Watch(
          [this](const v1::SeatUpdate& u) {
            inbox_.Push(u);
            return true;
          },
          false);
      inbox_.End(r);
    });
  }
  ~PlayLoop() {
    if (watching_.joinable()) {
      stopper_.Stop();
      watching_.join();
    }
  }

  int Run() {
    for (;;) {
      pollfd fds[2] = {{inbox_.fd(), POLLIN, 0}, {0, POLLIN, 0}};
      const int ready = poll(fds, input_open_ ? 2 : 1, screen_.Ticking() ? 1000 : -1);
      if (ready < 0) {
        if (errno == EINTR) {
          if (TakePlayResized()) screen_.Draw(true);
          continue;
        }
        return Finish(1, "", std::string("skat play: poll: ") + std::strerror(errno));
      }
      if (ready == 0) {  // the clock
        screen_.Draw();
        continue;
      }
      if (fds[0].revents != 0) {
        if (std::optional<int> code = Updates()) return *code;
      }
      if (input_open_ && fds[1].revents != 0) {
        if (std::optional<int> code = Input()) return *code;
      }
    }
  }

 private:
  // Every way out: the watching stops, the terminal is restored, what the fixed screen showed
  // of the results stays on the terminal, then `out` (stdout) and `err` (stderr).
  int Finish(int code, const std::string& out = "", const std::string& err = "") {
    stopper_.Stop();
    watching_.join();
    if (fixed_) {
      LeavePlayTerminal();
      std::cout << screen_.Summary();
    }
    if (!out.empty()) std::cout << out << std::endl;
    if (!err.empty()) std::cerr << err << std::endl;
    std::cout << std::flush;
    return code;
  }

  // May act now (legal acts, not yet acted on this view); asked to act: prompted with the menu.
  bool MayAct() const {
    return current_ && !current_legal_.empty() &&
           std::make_pair(current_->board_index(), current_->act_count()) != acted_;
  }
  bool MyTurn() const { return MayAct() && AskedToAct(*current_view_); }

  // The views that arrived, shown; a value when skat play ends.
  std::optional<int> Updates() {
    std::optional<CallResult> ended;
    std::vector<std::string> notes;
    bool prompt = false;
    for (const v1::SeatUpdate& u : inbox_.Take(ended, notes)) {
      const std::pair<int, int> key(u.view().board_index(), u.view().act_count());
      if (key <= shown_ && !u.table_finished()) continue;  // seen (a reconnected stream)
      Result<SeatView> view = EngineView(u.view());
      Result<std::vector<Act>> legal = service::LegalActsFromProto(u.view());
      if (!view.ok() || !legal.ok()) {
        return Finish(1, "",
                      "skat play: " + Tr("unreadable view from skatd: {0}",
                                         (view.ok() ? legal.status() : view.status()).message()));
      }
      if (key > shown_) screen_.Show(u.view(), *view, *legal);
      shown_ = std::max(shown_, key);
      current_ = u.view();
      current_view_ = *view;
      current_legal_ = *legal;
      table_finished_ = table_finished_ || u.table_finished();
      prompt = MyTurn();
    }
    for (const std::string& n : notes) screen_.Message(n);
    if (table_finished_) {
      screen_.Final();
      return Finish(0);
    }
    if (ended && !ended->ok()) {
      if (ended->status.error_code() == grpc::StatusCode::CANCELLED && stopper_.stopped()) {
        return Finish(0);
      }
      return Finish(1, "", "skat play: " + ended->Describe(o_.server));
    }
    if (current_view_) {
      menu_ = current_legal_.empty() ? std::vector<MenuEntry>()
                                     : Menu(*current_view_, current_legal_, screen_.keys());
    }
    ShowTurn(prompt);
    return std::nullopt;
  }

  // The prompt (with the menu) on this seat's turn.
  void ShowTurn(bool prompt) {
    if (fixed_) {
      if (MyTurn()) {
        screen_.Prompt(menu_);
      } else {
        screen_.Unprompt();
      }
      screen_.Draw();
    } else if (prompt) {
      int waiting = 0;
      if (plain_tty_input_ && ioctl(STDIN_FILENO, FIONREAD, &waiting) == 0 && waiting > 0) {
        // Typed before this menu was shown (its numbers may mean other acts now).
        tcflush(STDIN_FILENO, TCIFLUSH);
        std::cout << Tr("(dropped what was typed before this menu)") << std::endl;
      }
      screen_.Prompt(menu_);
    }
  }

  // What standard input holds, line by line; a value when skat play ends.
  std::optional<int> Input() {
    char buffer[1024];
    const ssize_t n = read(0, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) return std::nullopt;
    if (n <= 0) {
      input_open_ = false;
      return Finish(0, std::string(fixed_ ? "" : "\n") + EndOfInputLine());
    }
    if (fixed_ && PlayTerminalRaw()) {
      for (ssize_t i = 0; i < n; ++i) {
        std::string line;
        switch (editor_.Feed(buffer[i], line)) {
          case PlayLineEditor::Event::kNone: break;
          case PlayLineEditor::Event::kLine:
            screen_.SetTyped("");
            if (std::optional<int> code = TypedLine(line)) return *code;
            break;
          case PlayLineEditor::Event::kQuit: return Finish(0, LeftLine());
          case PlayLineEditor::Event::kEnd: return Finish(0, EndOfInputLine());
          case PlayLineEditor::Event::kRedraw: screen_.Draw(true); break;
        }
      }
      screen_.SetTyped(editor_.typed());
      screen_.Draw();
      return std::nullopt;
    }
    pending_input_.append(buffer, static_cast<size_t>(n));
    size_t newline;
    while ((newline = pending_input_.find('\n')) != std::string::npos) {
      const std::string line = pending_input_.substr(0, newline);
      pending_input_.erase(0, newline + 1);
      if (std::optional<int> code = TypedLine(line)) return *code;
    }
    screen_.Draw();
    return std::nullopt;
  }

  // One typed line; a value when skat play ends.
  std::optional<int> TypedLine(const std::string& typed) {
    const std::string line = Trim(typed);
    const std::string word = Lower(line);
    if (word == "q" || word == "quit" || word == "exit") return Finish(0, LeftLine());
    if (word == "?" || word == "help") {
      if (fixed_) {
        screen_.Message(PlayHelpLine());
        screen_.Draw(true);
        return std::nullopt;
      }
      if (current_) screen_.Show(*current_, *current_view_, current_legal_);
      if (MyTurn()) screen_.Prompt(menu_);
      return std::nullopt;
    }
    if (line.empty()) return std::nullopt;
    if (!MayAct()) {
      if (fixed_ && current_view_ && current_view_->to_move && current_) {
        screen_.Message(Tr("not your turn: the table waits for {0}",
                           DirectionText(service::ToProto(*current_view_->to_move))));
      } else {
        screen_.Message(Tr("(not your turn; waiting)"));
      }
      return std::nullopt;
    }
    return ActOn(line);
  }

  // The act a typed line names, sent; a value when skat play ends.
  std::optional<int> ActOn(const std::string& line) {
    std::string error;
    std::optional<Act> act = Interpret(line, *current_view_->seat, current_legal_,
                                       fixed_ ? std::vector<MenuEntry>() : menu_, screen_.keys(),
                                       screen_.style(), error);
    if (!act) {
      screen_.Message(error, true, true);
      return std::nullopt;
    }
    v1::Act request;
    service::ToProto(*act, &request);
    request.clear_text();
    CallResult r = seat_.SendAct(request, current_->board_number());
    if (r.ok()) {
      acted_ = std::make_pair(current_->board_index(), current_->act_count());
      screen_.Unprompt();
      screen_.Message(Tr("you: {0}", Label(*act, screen_.style())));
      return std::nullopt;
    }
    if (r.status.error_code() == grpc::StatusCode::FAILED_PRECONDITION) {
      // Another client used this seat's sequence numbers: learn the last one again.
      if (r.reason == "sequence-reused" && !seat_.Join().ok()) {
        return Finish(1, "", "skat play: " + Tr("cannot join the seat again"));
      }
      screen_.Message(Tr("refused: {0}", r.Describe(o_.server)), true, true);
      return std::nullopt;
    }
    return Finish(1, "", "skat play: " + r.Describe(o_.server));
  }

  const PlayOptions& o_;
  const bool fixed_;
  const bool plain_tty_input_;
  Inbox& inbox_;
  Stopper& stopper_;
  SeatClient& seat_;
  Screen& screen_;
  SeatClient watcher_;
  std::thread watching_;
  std::optional<v1::SeatView> current_;  // the newest view
  std::optional<SeatView> current_view_;
  std::vector<Act> current_legal_;
  std::vector<MenuEntry> menu_;
  std::pair<int, int> shown_{-1, -1};  // (board index, act count) last printed
  std::pair<int, int> acted_{-1, -1};  // the view an act was sent for
  bool table_finished_ = false;
  std::string pending_input_;
  PlayLineEditor editor_;
  bool input_open_ = true;
};

// The fixed screen, unless stdout is no terminal, TERM is unset or "dumb", or --plain.
ScreenOptions ScreenOptionsFor(const PlayOptions& o) {
  const char* term = std::getenv("TERM");
  const bool fixed = !o.plain && isatty(STDOUT_FILENO) && term != nullptr && *term != '\0' &&
                     std::string(term) != "dumb";
  const char* no_colour = std::getenv("NO_COLOR");
  return ScreenOptions{.fixed = fixed,
                       .cards = {.symbols = fixed && !o.ascii,
                                 .colour = fixed && (no_colour == nullptr || *no_colour == '\0')}};
}

}  // namespace

int RunPlay(PlayOptions& o) {
  const std::string& token = o.seat_token;
  if (token.empty()) {
    std::cerr << "skat play: "
              << Tr("no seat token: set SKAT_SEAT_TOKEN or pass --seat-token-file PATH (your "
                    "chair's token from skat tables open)")
              << "\n";
    return 2;
  }
  if (!o.session.empty()) {
    ServerOptions server{.server = o.server, .token = ""};
    if (int failed = ResolveTableOption(server, "play", o.session, &o.table); failed != 0) {
      return failed;
    }
  }
  const ScreenOptions screen_options = ScreenOptionsFor(o);
  const bool fixed = screen_options.fixed;
  // Plain on a terminal: a menu number typed before its menu appeared is dropped (PlayLoop).
  const bool plain_tty_input = !fixed && isatty(STDIN_FILENO);

  Inbox inbox;
  if (!inbox.ok()) {
    std::cerr << "skat play: " << Tr("cannot make a pipe") << "\n";
    return 1;
  }
  Stopper stopper;
  std::shared_ptr<grpc::Channel> channel = ConnectSeats(o.server);
  // The seat clients' notes (retries): stderr, on the fixed screen its message line.
  auto note = std::make_shared<std::function<void(const std::string&)>>(
      [](const std::string& line) { std::cerr << "skat play: " << line << std::endl; });
  SeatOptions options{.server = o.server,
                      .table = o.table,
                      .token = token,
                      .retry_for = std::chrono::seconds(o.retry_for),
                      .note = [note](const std::string& line) { (*note)(line); }};
  SeatClient seat(channel, options, stopper);
  CallResult joined = seat.Join();
  if (!joined.ok()) {
    std::cerr << "skat play: " << joined.Describe(o.server) << "\n";
    return 1;
  }
  v1::Table table;
  if (CallResult r = seat.GetTable(&table); !r.ok()) {
    std::cerr << "skat play: " << r.Describe(o.server) << "\n";
    return 1;
  }
  if (table.mode() == v1::TABLE_MODE_PHYSICAL || table.chairs() < 3) {
    std::cerr << "skat play: " << Tr("{0} plays with physical cards, not through skatd", o.table)
              << "\n";
    return 1;
  }
  Screen screen(table, seat.chair(), screen_options);
  if (fixed) {
    EnterPlayTerminal();
    *note = [&inbox](const std::string& line) { inbox.Note(line); };
    screen.Message(Tr("chair {0} at {1}: type a key, then Enter (? help, q quits)", seat.chair(),
                      ShortTableName(table.name())));
    screen.Draw(true);
  } else {
    std::cout << "skat play: "
              << Tr("chair {0} at {1} ({2}, {3} chairs); q quits", seat.chair(), table.name(),
                    TrN("{n} board", "{n} boards", table.boards_size()), table.chairs())
              << std::endl;
  }
  PlayLoop loop(o, fixed, plain_tty_input, inbox, stopper, seat, screen, channel, options);
  return loop.Run();
}

}  // namespace skat::cli
