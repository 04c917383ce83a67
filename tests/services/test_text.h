// Small checks on text and files that several service tests make.
#ifndef SKAT_TESTS_SERVICES_TEST_TEXT_H_
#define SKAT_TESTS_SERVICES_TEST_TEXT_H_

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <string>

namespace skat::testing_text {

inline bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// How often `what` occurs in `text`, overlapping occurrences included.
inline int Count(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The permission bits of `path` (0600 for a token file).
inline unsigned Mode(const std::filesystem::path& path) {
  struct stat st {};
  EXPECT_EQ(stat(path.c_str(), &st), 0) << path;
  return st.st_mode & 07777;
}

}  // namespace skat::testing_text

#endif  // SKAT_TESTS_SERVICES_TEST_TEXT_H_
