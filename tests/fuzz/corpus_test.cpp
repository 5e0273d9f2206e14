// Replays every seed and regression input of the fuzz corpora through the same code the
// fuzzers run, in every build (the sanitizer preset included).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "fuzz_inputs.hpp"

namespace fs = std::filesystem;

namespace {

struct Counts {
    int files = 0;
    int valid = 0;
};

Counts replay_corpus(const std::string& reader, bool (*input)(const std::string&)) {
    Counts c;
    for (const auto& entry : fs::directory_iterator(fs::path(BILLIARDS_FUZZ_CORPUS) / reader)) {
        std::ifstream in(entry.path(), std::ios::binary);
        std::stringstream text;
        text << in.rdbuf();
        c.valid += input(text.str());
        ++c.files;
    }
    return c;
}

} // namespace

// Each corpus holds real files of its format, not only junk.
TEST(FuzzCorpus, ScenarioInputsNeverCrash) {
    const Counts c = replay_corpus("scenario", billiards::fuzz::scenario_input);
    EXPECT_GE(c.files, 5);
    EXPECT_GE(c.valid, 3);
}

// The scenario corpus also holds share codes (code-*.txt): the scenario target decodes them.
TEST(FuzzCorpus, CodeInputsNeverCrash) {
    Counts c;
    for (const auto& entry : fs::directory_iterator(fs::path(BILLIARDS_FUZZ_CORPUS) / "scenario")) {
        if (entry.path().filename().string().rfind("code-", 0) != 0) continue;
        std::ifstream in(entry.path(), std::ios::binary);
        std::stringstream text;
        text << in.rdbuf();
        c.valid += billiards::fuzz::scenario_input(text.str());
        ++c.files;
    }
    EXPECT_GE(c.files, 6);
    EXPECT_EQ(c.valid, c.files - 1); // all but the code cut short
}

TEST(FuzzCorpus, MatchInputsNeverCrash) {
    const Counts c = replay_corpus("match", billiards::fuzz::match_input);
    EXPECT_GE(c.files, 5);
    EXPECT_GE(c.valid, 3);
}

TEST(FuzzCorpus, SettingsInputsNeverCrash) {
    const Counts c = replay_corpus("settings", billiards::fuzz::settings_input);
    EXPECT_GE(c.files, 5);
    EXPECT_GE(c.valid, 3);
}

TEST(FuzzCorpus, ReplayInputsNeverCrash) {
    const Counts c = replay_corpus("replay", billiards::fuzz::replay_input);
    EXPECT_GE(c.files, 5);
    EXPECT_GE(c.valid, 3);
}

// Frames of the online protocol: valid streams and broken ones.
TEST(FuzzCorpus, NetInputsNeverCrash) {
    const Counts c = replay_corpus("net", billiards::fuzz::net_input);
    EXPECT_GE(c.files, 5);
    EXPECT_GE(c.valid, 3);
}
