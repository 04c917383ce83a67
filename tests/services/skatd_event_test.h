// A fixture for end-to-end tests of `skat` against one skatd (skatd_process.h) on the process's
// throwaway database (test_database.h), with one event made by `skat events create`. No token
// reaches a command from the test's own environment: each test passes the ones it means.
#ifndef SKAT_TESTS_SERVICES_SKATD_EVENT_TEST_H_
#define SKAT_TESTS_SERVICES_SKATD_EVENT_TEST_H_

#include <gtest/gtest.h>
#include <signal.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "tests/services/run_skat.h"
#include "tests/services/skatd_process.h"
#include "tests/services/test_database.h"

namespace skat::testing_skatd {

class SkatdEventTest : public ::testing::Test {
 protected:
  // Starts skatd in a new directory named after `root_prefix` and creates the event
  // `event_name`: event_ is its resource name, director_ its director token.
  void StartWithEvent(const std::string& root_prefix, const std::string& event_name) {
    ASSERT_FALSE(testing_db::DatabaseUrl().empty()) << testing_db::SetupError();
    root_ = MakeRoot(root_prefix);
    ASSERT_FALSE(root_.empty());
    setenv("SKAT_DATABASE_URL", testing_db::DatabaseUrl().c_str(), 1);
    unsetenv("SKAT_DIRECTOR_TOKEN");
    unsetenv("SKAT_SEAT_TOKEN");
    skatd_ = std::make_unique<Skatd>(root_);
    skatd_->Start();
    ASSERT_FALSE(skatd_->server().empty());
    const testing_cli::Output event = Skat("events create --name '" + event_name + "'");
    ASSERT_EQ(event.exit_code, 0) << event.out;
    event_ = FirstWord(event.out);
    director_ = ValueAfter(event.out, "director token: ");
    ASSERT_EQ(director_.size(), 64u) << event.out;
  }

  // skatd must stop cleanly (a sanitizer report at its exit fails the test); the directory stays
  // after a failure, with skatd's log in it.
  void TearDown() override {
    if (skatd_) {
      EXPECT_EQ(skatd_->Stop(SIGTERM), 0);
    }
    if (!HasFailure() && !root_.empty()) std::filesystem::remove_all(root_);
  }

  // `skat ARGS` against the test's skatd, with `env` ("NAME=value ...") in front.
  testing_cli::Output Skat(const std::string& args, const std::string& env = "") {
    return testing_cli::Skat(args,
                             "SKAT_SERVER=" + skatd_->server() + (env.empty() ? "" : " ") + env);
  }

  std::filesystem::path root_;
  std::unique_ptr<Skatd> skatd_;
  std::string event_;
  std::string director_;
};

}  // namespace skat::testing_skatd

#endif  // SKAT_TESTS_SERVICES_SKATD_EVENT_TEST_H_
