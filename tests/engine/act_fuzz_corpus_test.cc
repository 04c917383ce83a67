// The act fuzzer's seed corpus as an ordinary test (docs/testing.md): every input of
// tests/fuzz/corpus/game_act/ goes through the fuzz target's entry point
// (tests/fuzz/game_act_fuzz.cc) in the gcc builds too, so that the inputs that once found a defect
// (regression-*.bin) and the seeds for every profile are replayed by every CI job, the gcc
// AddressSanitizer + UndefinedBehaviorSanitizer job included. A broken invariant aborts the test
// with the game's snapshot on stderr.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>

#include "tests/engine/fuzz_corpus.h"

SKAT_FUZZ_ENTRY(GameActFuzzOneInput);

namespace act_fuzz_corpus_test {

TEST(ActFuzzCorpusTest, EverySeedKeepsEveryInvariant) {
  // One seed per profile (14) and the regression inputs.
  skat::ReplayFuzzCorpus(GameActFuzzOneInput, SKAT_ACT_CORPUS_DIR, 14u);
}

TEST(ActFuzzCorpusTest, ShortAndEmptyInputs) {
  // Fewer bytes than the profile and the deal need: the missing bytes read as zeros.
  const uint8_t bytes[9] = {13, 1, 2, 3, 4, 5, 6, 7, 8};
  for (size_t size = 0; size <= sizeof bytes; ++size) {
    EXPECT_EQ(GameActFuzzOneInput(bytes, size), 0) << size;
  }
}

}  // namespace act_fuzz_corpus_test
