// Numbers in the engine's messages: a decimal integer as the sentences of refusals and reports
// spell it (docs/architecture.md "Engine"). Header-only, shared by the engine, the services and
// the tests.
#ifndef SKAT_ENGINE_NUM_H_
#define SKAT_ENGINE_NUM_H_

#include <string>

namespace skat {

// `n` in decimal, with a minus sign when negative ("-12"), nothing else.
inline std::string Num(int n) { return std::to_string(n); }

}  // namespace skat

#endif  // SKAT_ENGINE_NUM_H_
