// Shared by the io tests: the example scenarios in assets/scenarios and scratch directories.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

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

// A fresh directory removed at the end of the test (unique per process, so ctest -j is fine).
class TempDir {
public:
    explicit TempDir(const std::string& tag)
        : path_(std::filesystem::temp_directory_path() /
                ("billiards-io-" + tag + "-" + std::to_string(::getpid()))) {
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~TempDir() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

} // namespace billiards::io_test
