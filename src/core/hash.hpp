// FNV-1a over the exact bits of values: two states hash equal only if bit-identical.
#pragma once

#include <bit>
#include <cstdint>

namespace billiards {

class Hasher {
  public:
    void add_u64(std::uint64_t v) {
        for (int i = 0; i < 8; ++i) {
            h_ ^= (v >> (8 * i)) & 0xffu;
            h_ *= 0x100000001b3ull;
        }
    }
    void add(double d) { add_u64(std::bit_cast<std::uint64_t>(d)); }
    void add_int(std::int64_t v) { add_u64(static_cast<std::uint64_t>(v)); }
    std::uint64_t value() const { return h_; }

  private:
    std::uint64_t h_ = 0xcbf29ce484222325ull;
};

} // namespace billiards
