// Replays every seed and regression input of the fuzz corpora through the same code the
// fuzzers run, in every build (the sanitizer preset included).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "fuzz_inputs.hpp"

namespace fs = std::filesystem;

TEST(FuzzCorpus, ScenarioInputsNeverCrash) {
    const fs::path dir = fs::path(BILLIARDS_FUZZ_CORPUS) / "scenario";
    int files = 0, valid = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        std::ifstream in(entry.path(), std::ios::binary);
        std::stringstream text;
        text << in.rdbuf();
        valid += billiards::fuzz::scenario_input(text.str());
        ++files;
    }
    EXPECT_GE(files, 5);
    EXPECT_GE(valid, 3); // the seeds include real scenarios, not only junk
}
