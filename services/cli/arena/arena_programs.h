// The outside programs of a `skat arena` match through skatd (docs/arena.md "Outside
// programs"): one process per seat, started with the contract's command line
//   COMMAND ARGS... --server HOST:PORT --table events/E/tables/T --token-file PATH
// (COMMAND ARGS... read by /bin/sh, the four options appended as its arguments), the seat token
// in PATH, a file of mode 0600 in a private temporary directory (never on the command line: the
// process list is public). Each process gets /dev/null as stdin, its stdout and stderr go to a
// log file, and it runs in its own process group with the default signal handling, so that
// ending it ends whatever it started. Used from one thread.
#ifndef SKAT_SERVICES_CLI_ARENA_ARENA_PROGRAMS_H_
#define SKAT_SERVICES_CLI_ARENA_ARENA_PROGRAMS_H_

#include <sys/types.h>

#include <string>
#include <vector>

namespace skat::cli {

class OutsidePrograms {
 public:
  OutsidePrograms() = default;
  // EndAll().
  ~OutsidePrograms();
  OutsidePrograms(const OutsidePrograms&) = delete;
  OutsidePrograms& operator=(const OutsidePrograms&) = delete;

  // Starts one seat's program; `label` names it in messages ("b at seating 3, chair 2"). Returns
  // "" or the error (the token file or the log could not be written, the shell not started).
  std::string Start(const std::string& label, const std::string& command, const std::string& server,
                    const std::string& table, const std::string& token,
                    const std::string& log_path);

  struct Ended {
    size_t index = 0;
    int status = 0;  // the wait status
  };
  // The programs that ended since the last call (never blocks). Whatever an ended program left
  // running in its process group is killed.
  std::vector<Ended> Reap();
  size_t running() const { return running_; }
  size_t size() const { return programs_.size(); }

  // SIGTERM to every running program's group; SIGKILL to those still running 2 s later; reaps.
  void KillAll();
  // KillAll() and the token directory removed (no program can start after it).
  void EndAll();

  const std::string& label(size_t i) const { return programs_[i].label; }
  const std::string& table(size_t i) const { return programs_[i].table; }
  const std::string& log(size_t i) const { return programs_[i].log; }
  // The last `lines` lines of program i's log, each indented by two spaces ("" when empty).
  std::string Tail(size_t i, int lines) const;

  // "exited with 3", "killed by signal 15".
  static std::string Describe(int status);

 private:
  struct Program {
    std::string label;
    std::string table;
    std::string log;
    pid_t pid = 0;
    bool running = false;
  };
  std::string MakeTokenDirectory();

  std::string token_dir_;
  std::vector<Program> programs_;
  size_t running_ = 0;
};

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_ARENA_ARENA_PROGRAMS_H_
