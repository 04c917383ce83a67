// A load bench's run, as the load benchmarks (bench/seat_latency.cc, bench/web_results_load.cc,
// bench/table_load.cc, bench/stream_load.cc) share it: the command line's flags, the open-file
// limit, the start (the database, a directory for skatd's files) and the end (both removed unless
// kept), and the report's "reproduce:" lines. Part of the skat_load_common library.
#ifndef SKAT_BENCH_LOAD_RUN_H_
#define SKAT_BENCH_LOAD_RUN_H_

#include <filesystem>
#include <functional>
#include <initializer_list>
#include <string>
#include <utility>

#include "bench/load_common.h"

namespace skat::service::load {

// A bench's command line. Parse: `--help` or `-h` prints `help` on stdout and exits 0; a flag
// named in `switches` is set true; any other flag takes the next argument as its value, handed to
// `value(flag, value)`, which returns false for an unknown flag. A usage error prints
// "<program>: <error>" and `help` on stderr and exits 2.
class Flags {
 public:
  Flags(std::string program, std::string help)
      : program_(std::move(program)), help_(std::move(help)) {}
  void Parse(
      int argc, char** argv, std::initializer_list<std::pair<const char*, bool*>> switches,
      const std::function<bool(const std::string& flag, const std::string& value)>& value) const;
  // `value` as an integer in [least, most]; else the usage error "<flag> <value>".
  long long Integer(const std::string& flag, const std::string& value, long long least,
                    long long most) const;
  [[noreturn]] void Usage(const std::string& error) const;

 private:
  std::string program_;
  std::string help_;
};

// Raises this process's open-file limit to its hard limit (skatd, a child, inherits it): every
// stream and connection of a bench is a descriptor here and in skatd.
void RaiseFileLimit();

// The start of a run: OpenDatabase(database_url, prefix) and a new directory
// /tmp/<prefix>-run-XXXXXX for skatd's files. False on a failure, said on stderr as
// "<program>: <error>" (the database closed).
bool StartRun(const std::string& program, const std::string& database_url,
              const std::string& prefix, Database& db, std::filesystem::path& dir);

// The end of a run: without `keep` (--keep) and without a failure, removes `dir` and closes the
// database (a throwaway one is dropped); else says "<program>: kept <dir>" on stderr, and keeps
// the database too (" and <url>") with `keep`.
void FinishRun(const std::string& program, const std::filesystem::path& dir, Database& db,
               bool keep, bool failed);

// The end of the command that reproduces a run: " --skatd PATH" unless `skatd` is this build's
// (`built`), and " --database-url 'URL'" when one was given.
std::string SkatdAndDatabaseFlags(const std::string& skatd, const std::string& built,
                                  const std::string& database_url);

// The report's last lines: "reproduce:" and the command, after SKAT_TEST_DATABASE_URL=... when
// the run made a throwaway database on that server.
void PrintReproduce(const Database& db, const std::string& command);

}  // namespace skat::service::load

#endif  // SKAT_BENCH_LOAD_RUN_H_
