// libFuzzer target for the online protocol: any stream of frames parses up to its first bad
// one, never crashing; every valid message encodes back to its bytes (see fuzz_inputs.hpp).
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_inputs.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    billiards::fuzz::net_input(std::string(reinterpret_cast<const char*>(data), size));
    return 0;
}
