// SPDX-License-Identifier: MIT
// A C++17 consumer: a rook on e4, blockers on e6 and c4, by the functions
// or (USE_INLINE) the inline lookups; exit status 0 if the answer is right.
#include <cstdint>
#include <cstdio>
#ifdef USE_INLINE
#include <magicbb_inline.h>
#define ROOK mbb_rook_attacks_inline
#else
#include <magicbb.h>
#define ROOK mbb_rook_attacks
#endif

int main()
{
    const std::uint64_t attacks = ROOK(28, std::uint64_t{1} << 44 | std::uint64_t{1} << 26);

    std::printf("%s %s: 0x%016llx\n", mbb_flavour(), mbb_version(),
                static_cast<unsigned long long>(attacks));
    return attacks == 0x00001010ec101010u ? 0 : 1;
}
