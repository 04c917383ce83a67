// A fuzz target's seed corpus replayed as an ordinary test: every regular file of `dir`, in name
// order, goes through the target's entry point linked into the test, which must return 0 (a
// broken invariant aborts). Fails when the directory holds fewer than `min_files`. Several fuzz
// targets share the engine's test program, so each one's LLVMFuzzerTestOneInput is compiled there
// under its own name (tests/engine/CMakeLists.txt) and declared with SKAT_FUZZ_ENTRY.
#ifndef SKAT_TESTS_ENGINE_FUZZ_CORPUS_H_
#define SKAT_TESTS_ENGINE_FUZZ_CORPUS_H_

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

// Declares a fuzz target's entry point under the name the test program gives it.
#define SKAT_FUZZ_ENTRY(name) extern "C" int name(const uint8_t* data, size_t size)

namespace skat {

using FuzzEntry = int (*)(const uint8_t* data, size_t size);

inline void ReplayFuzzCorpus(FuzzEntry target, const char* dir, size_t min_files) {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  ASSERT_GE(files.size(), min_files);
  for (const std::filesystem::path& file : files) {
    SCOPED_TRACE(file.filename().string());
    std::ifstream in(file, std::ios::binary);
    ASSERT_TRUE(in) << file;
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(target(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()), 0);
  }
}

}  // namespace skat

#endif  // SKAT_TESTS_ENGINE_FUZZ_CORPUS_H_
