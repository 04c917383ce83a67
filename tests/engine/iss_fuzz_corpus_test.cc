// The ISS record fuzzer's seed corpus as an ordinary test (docs/events-and-scoring.md 4.9): every
// input of tests/fuzz/corpus/iss_record/ goes through the fuzz target's entry point
// (tests/fuzz/iss_record_reader_fuzz.cc) in the gcc builds too, so that its invariants (errors at
// a position the message names; Read(Write(r)) == r; a replayed record's own record replays to
// the same acts) are checked by every CI job, the sanitizer job included. A broken invariant
// aborts the test.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "tests/engine/fuzz_corpus.h"

SKAT_FUZZ_ENTRY(IssRecordFuzzOneInput);

namespace iss_fuzz_corpus_test {

TEST(IssFuzzCorpusTest, EverySeedKeepsEveryInvariant) {
  // The 31 example records of tests/engine/iss_examples.h, a live record with hidden cards and a
  // lenient file.
  skat::ReplayFuzzCorpus(IssRecordFuzzOneInput, SKAT_ISS_CORPUS_DIR, 33u);
}

TEST(IssFuzzCorpusTest, ShortInputs) {
  for (const std::string s : {"", "(", "(;", "(;)", "(; ;)", "(;MV[", "(;R[d:", "\n\n", "#"}) {
    EXPECT_EQ(IssRecordFuzzOneInput(reinterpret_cast<const uint8_t*>(s.data()), s.size()), 0) << s;
  }
}

}  // namespace iss_fuzz_corpus_test
