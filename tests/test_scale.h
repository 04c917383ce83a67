// The size of a test's heavy workload: full in the optimised build, smaller under the sanitizers.
//
// Contract:
// - kSanitized is true when the translation unit is compiled with AddressSanitizer or
//   UndefinedBehaviorSanitizer (clang: __has_feature(address_sanitizer) or
//   __has_feature(undefined_behavior_sanitizer); gcc: __SANITIZE_ADDRESS__), else false. gcc
//   defines no macro for -fsanitize=undefined alone: such a build runs the full workloads.
// - Scaled(full, sanitized) is `sanitized` in a sanitized build and `full` otherwise.
// - The sanitizer build runs every test label, so its heavy workloads shrink (fewer boards,
//   games, positions or kills); the optimised build runs them in full. The same code paths run
//   in both builds, and an assertion whose expected value depends on the size is pinned for each
//   size, never loosened to something that cannot fail.
#ifndef SKAT_TESTS_TEST_SCALE_H_
#define SKAT_TESTS_TEST_SCALE_H_

namespace skat::testing_scale {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(undefined_behavior_sanitizer)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
#else
inline constexpr bool kSanitized = false;
#endif

// `sanitized` under the sanitizers, else `full`.
constexpr int Scaled(int full, int sanitized) { return kSanitized ? sanitized : full; }

}  // namespace skat::testing_scale

#endif  // SKAT_TESTS_TEST_SCALE_H_
