// The ISS record fuzzer's seed corpus as an ordinary test (issue 8): every input of
// tests/fuzz/corpus/iss_record/ goes through the fuzz target's entry point
// (tests/fuzz/iss_record_reader_fuzz.cc) in the gcc builds too, so that its invariants (errors at
// a position the message names; Read(Write(r)) == r; a replayed record's own record replays to
// the same acts) are checked by every CI job, the sanitizer job included. A broken invariant
// aborts the test.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

std::vector<std::filesystem::path> CorpusFiles() {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(SKAT_ISS_CORPUS_DIR)) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST(IssFuzzCorpusTest, EverySeedKeepsEveryInvariant) {
  const std::vector<std::filesystem::path> files = CorpusFiles();
  // The 30 example records of tests/engine/iss_examples.h, a live record with hidden cards and a
  // lenient file.
  ASSERT_GE(files.size(), 32u);
  for (const std::filesystem::path& file : files) {
    SCOPED_TRACE(file.filename().string());
    std::ifstream in(file, std::ios::binary);
    ASSERT_TRUE(in) << file;
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()),
              0);
  }
}

TEST(IssFuzzCorpusTest, ShortInputs) {
  for (const std::string s : {"", "(", "(;", "(;)", "(; ;)", "(;MV[", "(;R[d:", "\n\n", "#"}) {
    EXPECT_EQ(LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(s.data()), s.size()), 0) << s;
  }
}

}  // namespace
