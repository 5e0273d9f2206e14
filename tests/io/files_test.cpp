// Atomic writes: the whole new file or the old one, never half a file, no temporary left.
#include <gtest/gtest.h>

#include <filesystem>

#include "io/scenario.hpp"
#include "io_test_util.hpp"

namespace {

using namespace billiards;
namespace fs = std::filesystem;

TEST(IoFiles, WriteCreatesAndReplaces) {
    const io_test::TempDir dir("write");
    const fs::path path = dir.path() / "out.json";
    io::write_file_atomic(path.string(), "first\n");
    EXPECT_EQ(io_test::slurp(path), "first\n");
    io::write_file_atomic(path.string(), std::string(100000, 'x'));
    EXPECT_EQ(io_test::slurp(path), std::string(100000, 'x'));
    EXPECT_FALSE(fs::exists(path.string() + ".tmp"));
    EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator{}), 1);
}

TEST(IoFiles, FailedWriteLeavesNothingBehind) {
    const io_test::TempDir dir("fail");
    const fs::path path = dir.path() / "missing-dir" / "out.json";
    EXPECT_THROW(io::write_file_atomic(path.string(), "x"), std::runtime_error);
    EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator{}), 0);
}

TEST(IoFiles, FailedRenameKeepsTheOldTarget) {
    const io_test::TempDir dir("rename");
    // A non-empty directory cannot be replaced by a file.
    const fs::path target = dir.path() / "target";
    fs::create_directories(target / "keep");
    try {
        io::write_file_atomic(target.string(), "new");
        FAIL();
    } catch (const std::runtime_error& e) {
        EXPECT_EQ(std::string(e.what()).rfind("cannot write " + target.string() + ": ", 0), 0u) << e.what();
    }
    EXPECT_TRUE(fs::is_directory(target / "keep"));
    EXPECT_FALSE(fs::exists(target.string() + ".tmp"));
}

TEST(IoFiles, ReadWholeFile) {
    const io_test::TempDir dir("read");
    const std::string text = std::string("a\0b", 3) + std::string(200000, 'z');
    io_test::spit(dir.path() / "f", text);
    EXPECT_EQ(io::read_text_file((dir.path() / "f").string()), text);
}

} // namespace
