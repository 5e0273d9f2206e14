// A folder of one test's own under the system's temporary folder: its name holds the test's
// suite and name and the process id (ctest runs two tests at a time, each in a process of
// its own, and a binary run by hand runs them one after another), so no two tests share
// one. Made empty when the object is made, removed when it goes: at the end of the test's
// scope, also when an assertion fails or the test throws.
#pragma once

#include <gtest/gtest.h>

#include <unistd.h>

#include <cctype>
#include <filesystem>
#include <string>
#include <system_error>

namespace billiards::test {

class ScratchDir {
  public:
    // `tag` tells apart two folders of one test ("home", "shots").
    explicit ScratchDir(const std::string& tag = "") : path_(make_path(tag)) {
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~ScratchDir() {
        std::error_code ignored; // never throw from a destructor
        std::filesystem::remove_all(path_, ignored);
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;

    const std::filesystem::path& path() const { return path_; }
    std::filesystem::path operator/(const std::string& name) const { return path_ / name; }
    std::string str() const { return path_.string(); }

  private:
    static std::filesystem::path make_path(const std::string& tag) {
        std::string name = "billiards";
        if (const auto* info = ::testing::UnitTest::GetInstance()->current_test_info())
            name += std::string("-") + info->test_suite_name() + "." + info->name();
        if (!tag.empty()) name += "-" + tag;
        name += "-" + std::to_string(::getpid());
        for (char& c : name) // parameterised tests have '/' in their names
            if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '.' && c != '_')
                c = '_';
        return std::filesystem::temp_directory_path() / name;
    }

    std::filesystem::path path_;
};

} // namespace billiards::test
