#include "bench/load_run.h"

#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <system_error>

namespace skat::service::load {

namespace fs = std::filesystem;

void Flags::Parse(
    int argc, char** argv, std::initializer_list<std::pair<const char*, bool*>> switches,
    const std::function<bool(const std::string& flag, const std::string& value)>& value) const {
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (flag == "--help" || flag == "-h") {
      std::cout << help_;
      std::exit(0);
    }
    bool is_switch = false;
    for (const auto& [name, set] : switches) {
      if (flag == name) {
        *set = true;
        is_switch = true;
      }
    }
    if (is_switch) continue;
    if (i + 1 >= argc) Usage(flag + " needs a value");
    if (!value(flag, argv[++i])) Usage("unknown option " + flag);
  }
}

long long Flags::Integer(const std::string& flag, const std::string& value, long long least,
                         long long most) const {
  char* end = nullptr;
  const long long n = std::strtoll(value.c_str(), &end, 10);
  if (end == value.c_str() || *end != '\0' || n < least || n > most) Usage(flag + " " + value);
  return n;
}

void Flags::Usage(const std::string& error) const {
  std::cerr << program_ << ": " << error << "\n" << help_;
  std::exit(2);
}

void RaiseFileLimit() {
  rlimit files{};
  if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
  }
}

bool StartRun(const std::string& program, const std::string& database_url,
              const std::string& prefix, Database& db, fs::path& dir) {
  if (std::string e = OpenDatabase(database_url, prefix, db); !e.empty()) {
    std::cerr << program << ": " << e << "\n";
    CloseDatabase(db);
    return false;
  }
  std::string dir_template = "/tmp/" + prefix + "-run-XXXXXX";
  if (mkdtemp(dir_template.data()) == nullptr) {
    std::cerr << program << ": mkdtemp " << dir_template << " failed\n";
    CloseDatabase(db);
    return false;
  }
  dir = dir_template;
  return true;
}

void FinishRun(const std::string& program, const fs::path& dir, Database& db, bool keep,
               bool failed) {
  if (!keep && !failed) {
    std::error_code ec;
    fs::remove_all(dir, ec);
    CloseDatabase(db);
  } else {
    if (!keep) CloseDatabase(db);
    std::cerr << program << ": kept " << dir << (keep ? " and " + db.url : "") << "\n";
  }
}

std::string SkatdAndDatabaseFlags(const std::string& skatd, const std::string& built,
                                  const std::string& database_url) {
  std::string flags;
  if (skatd != built) flags += " --skatd " + skatd;
  if (!database_url.empty()) flags += " --database-url '" + database_url + "'";
  return flags;
}

void PrintReproduce(const Database& db, const std::string& command) {
  // A throwaway database is made only when no --database-url is given.
  std::printf("reproduce:\n  %s%s\n",
              db.throwaway.empty() ? "" : "SKAT_TEST_DATABASE_URL=<a PostgreSQL server> ",
              command.c_str());
}

}  // namespace skat::service::load
