// skat play: a terminal client for a human at one seat of an online table (no curses). On a
// terminal (stdout a tty, TERM not "dumb", no --plain) it draws a fixed screen in place with ANSI
// escapes (services/cli/play/play_screen.h): the board, the seats, the bidding, the game, the
// tricks, the hand with each card's letter, the keys, a message line and the prompt "play> " on the
// same rows, and edits the typed line itself (the terminal in non-canonical mode, restored on exit
// and on SIGTERM/SIGHUP/SIGINT). Otherwise (a pipe, a test, TERM=dumb, --plain) plain lines: on
// every view change the board, the bidding, the declaration, the tricks and the hand in the game's
// order with the legal cards marked; on this seat's turn a numbered menu of the legal acts and
// the prompt "play> ". It reads the keys and acts of services/cli/play/play_input.h, shows each
// board's result and the running pad, and exits when the table is finished, on end of input or
// on "q".
//
// Two threads: one reads the seat's WatchSeat stream (reconnecting) and hands every view to the
// main thread through a queue and a pipe; the main thread waits on that pipe and standard input
// with poll() and sends the acts (services/cli/seat/seat_client.h: retries and sequence numbers).
#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
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
#include "services/cli/play/play_input.h"
#include "services/cli/play/play_screen.h"
#include "services/cli/seat/seat_client.h"
#include "services/cli/tables/table_option.h"
#include "services/cli/token_files.h"
#include "services/common/game_proto.h"

namespace skat::cli {
namespace {

// Views (and, on the fixed screen, the seat clients' notes) from the watching thread to the main
// thread.
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
  void Note(const std::string& line) {
    {
      std::lock_guard lock(mutex_);
      notes_.push_back(line);
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
  std::vector<v1::SeatUpdate> Take(std::optional<CallResult>& ended,
                                   std::vector<std::string>& notes) {
    char buffer[256];
    while (read(fds_[0], buffer, sizeof buffer) > 0) {
    }
    std::lock_guard lock(mutex_);
    std::vector<v1::SeatUpdate> out(updates_.begin(), updates_.end());
    updates_.clear();
    notes.assign(notes_.begin(), notes_.end());
    notes_.clear();
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
  std::deque<std::string> notes_;
  std::optional<CallResult> ended_;
};

// The terminal while the fixed screen is up: the alternate screen, and standard input in
// non-canonical mode without echo and signal keys (skat play edits the line and reads Ctrl-C
// itself). Restored by Leave(), also from a signal handler.
struct PlayTerminal {
  volatile sig_atomic_t active = 0;
  bool raw = false;
  termios saved{};
};
PlayTerminal play_terminal;
volatile sig_atomic_t play_resized = 0;

void LeavePlayTerminal() {
  if (!play_terminal.active) return;
  play_terminal.active = 0;
  if (play_terminal.raw) tcsetattr(STDIN_FILENO, TCSANOW, &play_terminal.saved);
  static const char kLeave[] = "\x1b[0m\x1b[?1049l";
  [[maybe_unused]] ssize_t n = write(STDOUT_FILENO, kLeave, sizeof kLeave - 1);
}

extern "C" void PlayFatalSignal(int signal_number) {
  LeavePlayTerminal();
  std::signal(signal_number, SIG_DFL);
  std::raise(signal_number);
}

extern "C" void PlayResized(int) { play_resized = 1; }

void EnterPlayTerminal() {
  static const char kEnter[] = "\x1b[?1049h\x1b[H\x1b[2J";
  [[maybe_unused]] ssize_t n = write(STDOUT_FILENO, kEnter, sizeof kEnter - 1);
  play_terminal.raw = false;
  if (isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &play_terminal.saved) == 0) {
    termios raw = play_terminal.saved;
    raw.c_lflag &= ~static_cast<tcflag_t>(ICANON | ECHO | ISIG | IEXTEN);
    raw.c_iflag &= ~static_cast<tcflag_t>(IXON | ICRNL);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    play_terminal.raw = tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0;
  }
  play_terminal.active = 1;
  struct sigaction fatal {};
  fatal.sa_handler = PlayFatalSignal;
  sigemptyset(&fatal.sa_mask);
  for (int s : {SIGTERM, SIGHUP, SIGINT, SIGQUIT}) sigaction(s, &fatal, nullptr);
  struct sigaction resized {};
  resized.sa_handler =
      PlayResized;  // no SA_RESTART: poll() returns EINTR and the screen is redrawn
  sigemptyset(&resized.sa_mask);
  sigaction(SIGWINCH, &resized, nullptr);
}

// The line being typed on the fixed screen, fed byte by byte: Enter ends it, Backspace, Ctrl-U
// and Ctrl-W erase, Ctrl-C is "q", Ctrl-D on an empty line ends the input, Ctrl-L redraws, escape
// sequences (arrow keys) are ignored.
class PlayLineEditor {
 public:
  enum class Event { kNone, kLine, kQuit, kEnd, kRedraw };
  Event Feed(char byte, std::string& line) {
    const auto b = static_cast<unsigned char>(byte);
    if (escape_ == 1) {
      escape_ = (b == '[' || b == 'O') ? 2 : 0;
      return Event::kNone;
    }
    if (escape_ == 2) {
      if (b >= 0x40 && b <= 0x7e) escape_ = 0;
      return Event::kNone;
    }
    switch (b) {
      case 0x1b: escape_ = 1; return Event::kNone;
      case '\r':
      case '\n':
        line = typed_;
        typed_.clear();
        return Event::kLine;
      case 0x7f:
      case 0x08:
        while (!typed_.empty() && (static_cast<unsigned char>(typed_.back()) & 0xc0) == 0x80) {
          typed_.pop_back();
        }
        if (!typed_.empty()) typed_.pop_back();
        return Event::kNone;
      case 0x15: typed_.clear(); return Event::kNone;
      case 0x17:
        while (!typed_.empty() && typed_.back() == ' ') typed_.pop_back();
        while (!typed_.empty() && typed_.back() != ' ') typed_.pop_back();
        return Event::kNone;
      case 0x03: return Event::kQuit;
      case 0x04: return typed_.empty() ? Event::kEnd : Event::kNone;
      case 0x0c: return Event::kRedraw;
      default:
        if (b >= 0x20) typed_ += byte;
        return Event::kNone;
    }
  }
  const std::string& typed() const { return typed_; }

 private:
  std::string typed_;
  int escape_ = 0;  // 1: after ESC; 2: in a CSI or SS3 sequence
};

constexpr char kPlayHelpLine[] =
    "keys: a..l your cards (two to discard: c e) \xc2\xb7 a bid: its value \xc2\xb7 y hold "
    "\xc2\xb7 "
    "p pass \xc2\xb7 t take the skat \xc2\xb7 games by name (hand grand) \xc2\xb7 q quits";

}  // namespace

Runner AddPlayCommand(CLI::App& app) {
  struct Options {
    std::string server;
    std::string table;
    std::string session;
    std::string seat_token;
    int retry_for = 60;
    bool plain = false;
    bool ascii = false;
  };
  auto o = std::make_shared<Options>();
  CLI::App* sub = app.add_subcommand("play", "Play one seat of an online table at the terminal.");
  sub->footer(
      "On a terminal a fixed screen is drawn in place (ANSI escapes): the board, the seats with\n"
      "their names, running pad, tricks, card in the trick and who is to move (with the clock),\n"
      "the bidding, the game, the current and the last trick, your hand in the game's order\n"
      "(trumps first) with a letter per card (legal cards bright), the keys you may type now, a\n"
      "message line (the last refusal) and the prompt \"play> \". Cards as \xe2\x99\xa3J "
      "\xe2\x99\xa0J"
      " \xe2\x99\xa5"
      "A \xe2\x99\xa6"
      "10, red\n"
      "suits in red (--ascii: C-J). Type a key, then Enter:\n"
      "  a..l     a card of your hand: each card keeps its letter for the whole board (dealt\n"
      "           cards a..j, the skat's two k and l), so a late key never plays another card:\n"
      "           the letter of a card you no longer hold is refused; two letters discard (c e)\n"
      "  18 20 .. a bid, by its value      y  hold (yes)      p  pass      n  no\n"
      "  t        take the skat            y / n  accept or refuse a claim or concession\n"
      "  a game by the name shown: grand solo, hearts ouvert, null (a hand game; also hand\n"
      "           grand), after taking the skat: hearts, grand, null ouvert; the trump after a\n"
      "           turned jack: hearts, grand; turn, accept, pmn (passt mir nicht), guckser\n"
      "  claim, concede, contra, recontra, resign: when the keys show them\n"
      "  a card by name (C-J, cj, \xe2\x99\xa3J), two to discard (S-7 D-8), an act line (play "
      "C-J)\n"
      "  ? help and redraw; q (or Ctrl-C) leaves; the same token takes the seat again later.\n"
      "Backspace, Ctrl-U, Ctrl-W edit the line; Ctrl-L redraws.\n"
      "Where stdout is no terminal, TERM is \"dumb\" or with --plain: plain lines instead, the\n"
      "state printed after every change and on your turn a numbered menu (numbers follow the\n"
      "menu; on a terminal what was typed before the menu appeared is dropped); the keys above\n"
      "work there too. After each board the result and the running pad; it exits when the table\n"
      "is finished.");
  sub->add_option("--table", o->table,
                  "events/{event}/tables/{table}, or with --session \"round 2 table 3\"")
      ->required();
  sub->add_option("--session", o->session,
                  "events/{event}/sessions/{session}: --table names a table of it");
  sub->add_flag("--plain", o->plain, "plain lines even on a terminal (as into a pipe)");
  sub->add_flag("--ascii", o->ascii, "cards as C-J, not \xe2\x99\xa3J, on the fixed screen");
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
    const char* term = std::getenv("TERM");
    const bool fixed = !o->plain && isatty(STDOUT_FILENO) && term != nullptr && *term != '\0' &&
                       std::string(term) != "dumb";
    const char* no_colour = std::getenv("NO_COLOR");
    const ScreenOptions screen_options{
        .fixed = fixed,
        .cards = {.symbols = fixed && !o->ascii,
                  .colour = fixed && (no_colour == nullptr || *no_colour == '\0')}};
    // Plain on a terminal: a menu number typed before its menu appeared is dropped (below).
    const bool plain_tty_input = !fixed && isatty(STDIN_FILENO);

    Inbox inbox;
    if (!inbox.ok()) {
      std::cerr << "skat play: cannot make a pipe\n";
      return 1;
    }
    Stopper stopper;
    std::shared_ptr<grpc::Channel> channel = ConnectSeats(o->server);
    // The seat clients' notes (retries): stderr, on the fixed screen its message line.
    auto note = std::make_shared<std::function<void(const std::string&)>>(
        [](const std::string& line) { std::cerr << "skat play: " << line << std::endl; });
    SeatOptions options{.server = o->server,
                        .table = o->table,
                        .token = token,
                        .retry_for = std::chrono::seconds(o->retry_for),
                        .note = [note](const std::string& line) { (*note)(line); }};
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
    Screen screen(table, seat.chair(), screen_options);
    const std::string hello = "skat play: chair " + std::to_string(seat.chair()) + " at " +
                              table.name() + " (" + std::to_string(table.boards_size()) +
                              (table.boards_size() == 1 ? " board, " : " boards, ") +
                              std::to_string(table.chairs()) + " chairs); q quits";
    if (fixed) {
      EnterPlayTerminal();
      *note = [&inbox](const std::string& line) { inbox.Note(line); };
      screen.Message("chair " + std::to_string(seat.chair()) + " at " +
                     ShortTableName(table.name()) + ": type a key, then Enter (? help, q quits)");
      screen.Draw(true);
    } else {
      std::cout << hello << std::endl;
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
    // Every way out: the watching stops, the terminal is restored, what the fixed screen showed
    // of the results stays on the terminal, then `out` (stdout) and `err` (stderr).
    auto finish = [&](int code, const std::string& out = "", const std::string& err = "") {
      stopper.Stop();
      watching.join();
      if (fixed) {
        LeavePlayTerminal();
        std::cout << screen.Summary();
      }
      if (!out.empty()) std::cout << out << std::endl;
      if (!err.empty()) std::cerr << err << std::endl;
      std::cout << std::flush;
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
    const std::string left =
        "skat play: leaving the table (the same seat token takes the seat again)";
    // One typed line; a value when skat play ends.
    auto typed_line = [&](const std::string& typed) -> std::optional<int> {
      const std::string line = Trim(typed);
      const std::string word = Lower(line);
      if (word == "q" || word == "quit" || word == "exit") return finish(0, left);
      if (word == "?" || word == "help") {
        if (fixed) {
          screen.Message(kPlayHelpLine);
          screen.Draw(true);
          return std::nullopt;
        }
        if (current) screen.Show(*current, *current_view, current_legal);
        if (my_turn()) screen.Prompt(menu);
        return std::nullopt;
      }
      if (line.empty()) return std::nullopt;
      if (!may_act()) {
        if (fixed && current_view && current_view->to_move && current) {
          screen.Message("not your turn: the table waits for " +
                         std::string(DirectionName(*current_view->to_move)));
        } else {
          screen.Message("(not your turn; waiting)");
        }
        return std::nullopt;
      }
      std::string error;
      std::optional<Act> act =
          Interpret(line, *current_view->seat, current_legal,
                    fixed ? std::vector<MenuEntry>() : menu, screen.keys(), screen.style(), error);
      if (!act) {
        screen.Message(error, true, true);
        return std::nullopt;
      }
      v1::Act request;
      service::ToProto(*act, &request);
      request.clear_text();
      CallResult r = seat.SendAct(request, current->board_number());
      if (r.ok()) {
        acted = std::make_pair(current->board_index(), current->act_count());
        screen.Unprompt();
        screen.Message("you: " + Label(*act, screen.style()));
        return std::nullopt;
      }
      if (r.status.error_code() == grpc::StatusCode::FAILED_PRECONDITION) {
        // Another client used this seat's sequence numbers: learn the last one again.
        if (r.reason == "sequence-reused" && !seat.Join().ok()) {
          return finish(1, "", "skat play: cannot join the seat again");
        }
        screen.Message("refused: " + r.Describe(o->server), true, true);
        return std::nullopt;
      }
      return finish(1, "", "skat play: " + r.Describe(o->server));
    };

    std::string pending_input;
    PlayLineEditor editor;
    bool input_open = true;
    for (;;) {
      pollfd fds[2] = {{inbox.fd(), POLLIN, 0}, {0, POLLIN, 0}};
      const int ready = poll(fds, input_open ? 2 : 1, screen.Ticking() ? 1000 : -1);
      if (ready < 0) {
        if (errno == EINTR) {
          if (play_resized) {
            play_resized = 0;
            screen.Draw(true);
          }
          continue;
        }
        return finish(1, "", std::string("skat play: poll: ") + std::strerror(errno));
      }
      if (ready == 0) {  // the clock
        screen.Draw();
        continue;
      }
      if (fds[0].revents != 0) {
        std::optional<CallResult> ended;
        std::vector<std::string> notes;
        bool prompt = false;
        for (const v1::SeatUpdate& u : inbox.Take(ended, notes)) {
          const std::pair<int, int> key(u.view().board_index(), u.view().act_count());
          if (key <= shown && !u.table_finished()) continue;  // seen (a reconnected stream)
          Result<SeatView> view = EngineView(u.view());
          Result<std::vector<Act>> legal = service::LegalActsFromProto(u.view());
          if (!view.ok() || !legal.ok()) {
            return finish(1, "",
                          "skat play: unreadable view from skatd: " +
                              std::string((view.ok() ? legal.status() : view.status()).message()));
          }
          if (key > shown) screen.Show(u.view(), *view, *legal);
          shown = std::max(shown, key);
          current = u.view();
          current_view = *view;
          current_legal = *legal;
          table_finished = table_finished || u.table_finished();
          prompt = my_turn();
        }
        for (const std::string& n : notes) screen.Message(n);
        if (table_finished) {
          screen.Final();
          return finish(0);
        }
        if (ended && !ended->ok()) {
          if (ended->status.error_code() == grpc::StatusCode::CANCELLED && stopper.stopped()) {
            return finish(0);
          }
          return finish(1, "", "skat play: " + ended->Describe(o->server));
        }
        if (current_view) {
          menu = current_legal.empty() ? std::vector<MenuEntry>()
                                       : Menu(*current_view, current_legal, screen.keys());
        }
        if (fixed) {
          if (my_turn()) {
            screen.Prompt(menu);
          } else {
            screen.Unprompt();
          }
          screen.Draw();
        } else if (prompt) {
          int waiting = 0;
          if (plain_tty_input && ioctl(STDIN_FILENO, FIONREAD, &waiting) == 0 && waiting > 0) {
            // Typed before this menu was shown (its numbers may mean other acts now).
            tcflush(STDIN_FILENO, TCIFLUSH);
            std::cout << "(dropped what was typed before this menu)" << std::endl;
          }
          screen.Prompt(menu);
        }
      }
      if (input_open && fds[1].revents != 0) {
        char buffer[1024];
        const ssize_t n = read(0, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
          input_open = false;
          return finish(0, std::string(fixed ? "" : "\n") +
                               "skat play: end of input; leaving the table (the same seat token "
                               "takes the seat again)");
        }
        if (fixed && play_terminal.raw) {
          for (ssize_t i = 0; i < n; ++i) {
            std::string line;
            switch (editor.Feed(buffer[i], line)) {
              case PlayLineEditor::Event::kNone: break;
              case PlayLineEditor::Event::kLine:
                screen.SetTyped("");
                if (std::optional<int> code = typed_line(line)) return *code;
                break;
              case PlayLineEditor::Event::kQuit: return finish(0, left);
              case PlayLineEditor::Event::kEnd:
                return finish(0,
                              "skat play: end of input; leaving the table (the same seat token "
                              "takes the seat again)");
              case PlayLineEditor::Event::kRedraw: screen.Draw(true); break;
            }
          }
          screen.SetTyped(editor.typed());
          screen.Draw();
          continue;
        }
        pending_input.append(buffer, static_cast<size_t>(n));
        size_t newline;
        while ((newline = pending_input.find('\n')) != std::string::npos) {
          const std::string line = pending_input.substr(0, newline);
          pending_input.erase(0, newline + 1);
          if (std::optional<int> code = typed_line(line)) return *code;
        }
        screen.Draw();
      }
    }
  };
}

}  // namespace skat::cli
