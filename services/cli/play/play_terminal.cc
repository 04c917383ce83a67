#include "services/cli/play/play_terminal.h"

#include <signal.h>
#include <termios.h>
#include <unistd.h>

#include <csignal>

namespace skat::cli {
namespace {

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

extern "C" void PlayFatalSignal(int signal_number) {
  LeavePlayTerminal();
  std::signal(signal_number, SIG_DFL);
  std::raise(signal_number);
}

extern "C" void PlayResized(int) { play_resized = 1; }

}  // namespace

void LeavePlayTerminal() {
  if (!play_terminal.active) return;
  play_terminal.active = 0;
  if (play_terminal.raw) tcsetattr(STDIN_FILENO, TCSANOW, &play_terminal.saved);
  static const char kLeave[] = "\x1b[0m\x1b[?1049l";
  [[maybe_unused]] ssize_t n = write(STDOUT_FILENO, kLeave, sizeof kLeave - 1);
}

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

bool PlayTerminalRaw() { return play_terminal.raw; }

bool TakePlayResized() {
  if (!play_resized) return false;
  play_resized = 0;
  return true;
}

}  // namespace skat::cli
