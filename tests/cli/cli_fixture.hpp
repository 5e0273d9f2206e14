// The real `billiards` binary run through the shell from a scratch directory, as a user runs
// it: exit status, standard output, standard error and files.
#pragma once

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace billiards::test {

inline std::string slurp(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

inline void spit(const std::filesystem::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

#ifdef BILLIARDS_SCENARIO_DIR
// A shipped scenario's path, quoted for the shell.
inline std::string quoted_example(const char* name) {
    return "'" + (std::filesystem::path(BILLIARDS_SCENARIO_DIR) / name).string() + "'";
}
#endif

struct Outcome {
    int code = -1;
    std::string out, err;
};

// One scratch directory per test (suite, name and process in its name).
class CliTest : public testing::Test {
  protected:
    void SetUp() override {
        const auto* info = testing::UnitTest::GetInstance()->current_test_info();
        dir_ = std::filesystem::temp_directory_path() /
               (std::string("billiards-cli-") + info->test_suite_name() + "-" + info->name() + "-" +
                std::to_string(::getpid()));
        std::filesystem::remove_all(dir_);
        std::filesystem::create_directories(dir_ / "work");
    }
    void TearDown() override {
        std::error_code ignored;
        std::filesystem::remove_all(dir_, ignored);
    }

    // Runs `billiards ARGS` in the scratch directory's work/ folder (so relative file names
    // are the ones in messages); stdout and stderr are kept outside that folder.
    Outcome run(const std::string& args) const { return shell("'" BILLIARDS_EXE "' " + args); }
    // Any shell command line, run the same way.
    Outcome shell(const std::string& command) const {
        const std::string cmd =
            "cd '" + (dir_ / "work").string() + "' && " + command + " > ../stdout 2> ../stderr";
        const int status = std::system(cmd.c_str());
        Outcome r;
        r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        r.out = slurp(dir_ / "stdout");
        r.err = slurp(dir_ / "stderr");
        return r;
    }
    std::filesystem::path work(const std::string& name) const { return dir_ / "work" / name; }
    std::size_t files_in_work() const {
        return static_cast<std::size_t>(
            std::distance(std::filesystem::directory_iterator(dir_ / "work"),
                          std::filesystem::directory_iterator{}));
    }

  private:
    std::filesystem::path dir_;
};

} // namespace billiards::test
