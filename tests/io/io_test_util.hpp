// Shared by the io tests: the example scenarios in assets/scenarios and scratch directories.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../common/scratch_dir.hpp"

namespace billiards::io_test {

inline std::string scenario_path(const std::string& name) {
    return (std::filesystem::path(BILLIARDS_SCENARIO_DIR) / name).string();
}

inline std::vector<std::string> example_scenarios() {
    std::vector<std::string> paths;
    for (const auto& e : std::filesystem::directory_iterator(BILLIARDS_SCENARIO_DIR)) {
        if (e.path().extension() == ".json") paths.push_back(e.path().string());
    }
    std::sort(paths.begin(), paths.end());
    return paths;
}

inline std::string slurp(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

inline void spit(const std::filesystem::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

// A fresh directory of the test's own (test name, tag and process id in its name), removed
// at the end of the test, also when it fails.
class TempDir {
  public:
    explicit TempDir(const std::string& tag) : scratch_(tag) {}
    const std::filesystem::path& path() const { return scratch_.path(); }

  private:
    test::ScratchDir scratch_;
};

} // namespace billiards::io_test
