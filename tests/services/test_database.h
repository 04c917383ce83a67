// The throwaway database of a test program (label db; STYLE: cgimap): SKAT_TEST_DATABASE_URL
// names a server and an admin database (deploy/test-postgres prints one); each run of a program
// creates skat_test_<pid>_<random> there and drops it at the end. Register the environment in
// main(); fixtures check DatabaseUrl() and fail (never skip) with SetupError() when it is empty.
#ifndef SKAT_TESTS_SERVICES_TEST_DATABASE_H_
#define SKAT_TESTS_SERVICES_TEST_DATABASE_H_

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <random>
#include <string>

#include "services/store/database_admin.h"

namespace skat::testing_db {

// The throwaway database's URL; empty when the environment could not make one, and then
// SetupError() says why. (A fatal failure in a gtest Environment would only skip the tests; the
// fixture fails them instead.)
inline std::string& DatabaseUrl() {
  static std::string url;
  return url;
}
inline std::string& SetupError() {
  static std::string error;
  return error;
}

class ThrowawayDatabase : public ::testing::Environment {
 public:
  void SetUp() override {
    const char* server = std::getenv("SKAT_TEST_DATABASE_URL");
    if (server == nullptr || *server == '\0') {
      SetupError() =
          "SKAT_TEST_DATABASE_URL is not set. The database tests need a PostgreSQL server: "
          "start one with\n  export SKAT_TEST_DATABASE_URL=$(deploy/test-postgres start "
          "build/test-pg)\nand stop it with deploy/test-postgres stop build/test-pg "
          "(deploy/test does both).";
      return;
    }
    server_ = server;
    std::random_device random;
    name_ = "skat_test_" + std::to_string(getpid()) + "_" + std::to_string(random() % 1000000000);
    const Status created = store::CreateDatabase(server_, name_);
    if (!created.ok()) {
      SetupError() =
          "cannot create the throwaway database on SKAT_TEST_DATABASE_URL: " + created.ToString();
      return;
    }
    DatabaseUrl() = store::UrlWithDatabase(server_, name_);
  }
  void TearDown() override {
    if (DatabaseUrl().empty()) return;
    const Status dropped = store::DropDatabase(server_, name_);
    EXPECT_TRUE(dropped.ok()) << dropped.ToString();
  }

 private:
  std::string server_;
  std::string name_;
};

}  // namespace skat::testing_db

#endif  // SKAT_TESTS_SERVICES_TEST_DATABASE_H_
