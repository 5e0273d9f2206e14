// libFuzzer target for the scenario reader: any input either parses or throws
// io::InputError; a parsed scenario round-trips and its world steps without crashing.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_inputs.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    billiards::fuzz::scenario_input(std::string(reinterpret_cast<const char*>(data), size));
    return 0;
}
