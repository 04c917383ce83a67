// Random record ids for the store tests: `prefix` and ten characters of base32.
#ifndef SKAT_TESTS_SERVICES_RANDOM_ID_H_
#define SKAT_TESTS_SERVICES_RANDOM_ID_H_

#include <random>
#include <string>

namespace skat::testing_store {

inline std::string NewId(const std::string& prefix) {
  // One generator per thread: a pool test calls this from eight threads at once.
  thread_local std::mt19937_64 random(std::random_device{}());
  static constexpr char kAlphabet[] = "abcdefghijklmnopqrstuvwxyz234567";
  std::string id = prefix;
  for (int i = 0; i < 10; ++i) id += kAlphabet[random() % 32];
  return id;
}

}  // namespace skat::testing_store

#endif  // SKAT_TESTS_SERVICES_RANDOM_ID_H_
