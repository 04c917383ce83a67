// The act fuzzer's seed corpus as an ordinary test (issue 7): every input of
// tests/fuzz/corpus/game_act/ goes through the fuzz target's entry point
// (tests/fuzz/game_act_fuzz.cc) in the gcc builds too, so that the inputs that once found a defect
// (regression-*.bin) and the seeds for every profile are replayed by every CI job, the gcc
// AddressSanitizer + UndefinedBehaviorSanitizer job included. A broken invariant aborts the test
// with the game's snapshot on stderr.
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
  for (const auto& entry : std::filesystem::directory_iterator(SKAT_ACT_CORPUS_DIR)) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST(ActFuzzCorpusTest, EverySeedKeepsEveryInvariant) {
  const std::vector<std::filesystem::path> files = CorpusFiles();
  // One seed per profile (14) and the regression inputs.
  ASSERT_GE(files.size(), 14u);
  for (const std::filesystem::path& file : files) {
    SCOPED_TRACE(file.filename().string());
    std::ifstream in(file, std::ios::binary);
    ASSERT_TRUE(in) << file;
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()),
              0);
  }
}

TEST(ActFuzzCorpusTest, ShortAndEmptyInputs) {
  // Fewer bytes than the profile and the deal need: the missing bytes read as zeros.
  const uint8_t bytes[9] = {13, 1, 2, 3, 4, 5, 6, 7, 8};
  for (size_t size = 0; size <= sizeof bytes; ++size) {
    EXPECT_EQ(LLVMFuzzerTestOneInput(bytes, size), 0) << size;
  }
}

}  // namespace
