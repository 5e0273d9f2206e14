// libFuzzer target for the settings reader: any input either parses or throws
// io::InputError; a parsed file round-trips (see fuzz_inputs.hpp).
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_inputs.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    billiards::fuzz::settings_input(std::string(reinterpret_cast<const char*>(data), size));
    return 0;
}
