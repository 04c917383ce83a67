// The main of every service test program (tests/CMakeLists.txt skat_test): gtest, and the
// environment that drops the process's throwaway database at the end (test_database.h).
#include <gtest/gtest.h>

#include "tests/services/test_database.h"

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  ::testing::AddGlobalTestEnvironment(new skat::testing_db::ThrowawayDatabase);
  return RUN_ALL_TESTS();
}
