// The terminal under `skat play`'s fixed screen (play_screen.h): entered and left (also from a
// signal handler, so a killed client leaves the terminal as it found it), a resize noted for a
// redraw, and the line being typed, edited byte by byte in non-canonical mode.
#ifndef SKAT_SERVICES_CLI_PLAY_PLAY_TERMINAL_H_
#define SKAT_SERVICES_CLI_PLAY_PLAY_TERMINAL_H_

#include <string>

namespace skat::cli {

// The alternate screen, and standard input in non-canonical mode without echo and signal keys
// (skat play edits the line and reads Ctrl-C itself) when it is a terminal. SIGTERM, SIGHUP,
// SIGINT and SIGQUIT leave the terminal before they end the process; SIGWINCH is noted.
void EnterPlayTerminal();
// Restores the terminal Enter found; nothing when it was not entered.
void LeavePlayTerminal();
// Standard input is in non-canonical mode (the line is edited by PlayLineEditor).
bool PlayTerminalRaw();
// The terminal was resized since the last call.
bool TakePlayResized();

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

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_PLAY_PLAY_TERMINAL_H_
