// Parallel bit extract: the bits of x at the set places of m, packed from bit 0 (the solver's
// shape key, MoveOrder::Shape). The processor's instruction where it has one (x86-64 BMI2,
// checked once at run time), else a portable version by nibbles; both give the same bits.
#ifndef SKAT_ENGINE_SOLVER_PEXT_H_
#define SKAT_ENGINE_SOLVER_PEXT_H_

#include <cstdint>

namespace skat {

// The fastest of the two below that this processor runs.
uint32_t Pext(uint32_t x, uint32_t m);
// The portable version (table lookups by nibble).
uint32_t PextPortable(uint32_t x, uint32_t m);
// Whether Pext uses the processor's instruction.
bool PextInHardware();

}  // namespace skat

#endif  // SKAT_ENGINE_SOLVER_PEXT_H_
