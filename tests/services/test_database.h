// The throwaway database of a test program (label db; docs/development.md "cgimap"):
// SKAT_TEST_DATABASE_URL
// names a server and an admin database (deploy/test-postgres prints one); each run of a program
// creates skat_test_<pid>_<random> there when a test first asks for it and drops it at the end;
// fixtures check DatabaseUrl() and fail (never skip) with SetupError() when it is empty.
// The database is made migrated: a copy of the server's template of this build's migrations
// (CreateMigratedDatabase), so the fixtures' Migrate() finds nothing to do.
#ifndef SKAT_TESTS_SERVICES_TEST_DATABASE_H_
#define SKAT_TESTS_SERVICES_TEST_DATABASE_H_

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <random>
#include <string>

#include "services/store/database_admin.h"

namespace skat::testing_db {

// CREATE DATABASE `name` as a copy of skat_test_template_<hash of the embedded migrations> on
// `server`, made first when the server has none (by one process at a time, under an advisory
// lock; built under another name and renamed when complete, so a copy is never half-migrated).
// Templates of other migrations stay on the server (a few MB each; the test clusters are
// throwaway).
Status CreateMigratedDatabase(const std::string& server, const std::string& name);

// The throwaway database of this process: made on the first call of DatabaseUrl(), dropped by
// the ThrowawayDatabase environment at the end (tests/services/test_main.cc registers it in
// every service test program, so a test that never asks for a database never makes one).
class Throwaway {
 public:
  static Throwaway& Get() {
    static Throwaway throwaway;
    return throwaway;
  }
  // The URL; empty when no database could be made, and then error() says why. (A fatal failure
  // in a gtest Environment would only skip the tests; the fixture fails them instead.)
  const std::string& url() {
    if (!tried_) Make();
    return url_;
  }
  const std::string& error() const { return error_; }
  void Drop() {
    if (url_.empty()) return;
    const Status dropped = store::DropDatabase(server_, name_);
    EXPECT_TRUE(dropped.ok()) << dropped.ToString();
    url_.clear();
  }

 private:
  void Make() {
    tried_ = true;
    const char* server = std::getenv("SKAT_TEST_DATABASE_URL");
    if (server == nullptr || *server == '\0') {
      error_ =
          "SKAT_TEST_DATABASE_URL is not set. The database tests need a PostgreSQL server: "
          "start one with\n  export SKAT_TEST_DATABASE_URL=$(deploy/test-postgres start "
          "build/test-pg)\nand stop it with deploy/test-postgres stop build/test-pg "
          "(deploy/test does both).";
      return;
    }
    server_ = server;
    std::random_device random;
    name_ = "skat_test_" + std::to_string(getpid()) + "_" + std::to_string(random() % 1000000000);
    const Status created = CreateMigratedDatabase(server_, name_);
    if (!created.ok()) {
      error_ =
          "cannot create the throwaway database on SKAT_TEST_DATABASE_URL: " + created.ToString();
      return;
    }
    url_ = store::UrlWithDatabase(server_, name_);
  }

  bool tried_ = false;
  std::string server_;
  std::string name_;
  std::string url_;
  std::string error_;
};

inline const std::string& DatabaseUrl() { return Throwaway::Get().url(); }
inline const std::string& SetupError() { return Throwaway::Get().error(); }

class ThrowawayDatabase : public ::testing::Environment {
 public:
  void TearDown() override { Throwaway::Get().Drop(); }
};

}  // namespace skat::testing_db

#endif  // SKAT_TESTS_SERVICES_TEST_DATABASE_H_
