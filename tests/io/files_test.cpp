// Atomic writes: the whole new file or the old one, never half a file, no temporary left.
#include <gtest/gtest.h>

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>

#include "../common/full_disk.hpp"
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

TEST(IoFiles, DirectoryTargetIsRefusedAndKept) {
    const io_test::TempDir dir("rename");
    const fs::path target = dir.path() / "target";
    fs::create_directories(target / "keep");
    try {
        io::write_file_atomic(target.string(), "new");
        FAIL();
    } catch (const io::InputError& e) {
        EXPECT_EQ(std::string(e.what()),
                  target.string() + ": cannot write: a directory, not a regular file (left as it "
                                    "is; only regular files are replaced)");
    }
    EXPECT_TRUE(fs::is_directory(target / "keep"));
    EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator{}), 1);
}

TEST(IoFiles, ReadWholeFile) {
    const io_test::TempDir dir("read");
    const std::string text = std::string("a\0b", 3) + std::string(200000, 'z');
    io_test::spit(dir.path() / "f", text);
    EXPECT_EQ(io::read_text_file((dir.path() / "f").string()), text);
}

// ---- hostile targets: refused (bad input) and left exactly as they were ----

void expect_refused(const fs::path& target, const std::string& kind) {
    try {
        io::write_file_atomic(target.string(), "new");
        FAIL() << "wrote over " << kind;
    } catch (const io::InputError& e) {
        EXPECT_EQ(std::string(e.what()), target.string() + ": cannot write: " + kind +
                                             ", not a regular file (left as it is; only "
                                             "regular files are replaced)");
    }
}

std::size_t entries(const fs::path& dir) {
    return static_cast<std::size_t>(
        std::distance(fs::directory_iterator(dir), fs::directory_iterator{}));
}

TEST(IoFiles, FifoTargetIsRefusedAndKept) {
    const io_test::TempDir dir("fifo-out");
    const fs::path fifo = dir.path() / "out.json";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
    expect_refused(fifo, "a FIFO");
    EXPECT_TRUE(fs::is_fifo(fifo));
    EXPECT_EQ(entries(dir.path()), 1u);
}

TEST(IoFiles, DeviceTargetIsRefusedAndKept) {
    const io_test::TempDir dir("dev-out");
    const fs::path dev = dir.path() / "null";
    if (::mknod(dev.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0)
        GTEST_SKIP() << "mknod needs root: " << std::strerror(errno);
    expect_refused(dev, "a character device");
    struct stat st {};
    ASSERT_EQ(::lstat(dev.c_str(), &st), 0);
    EXPECT_TRUE(S_ISCHR(st.st_mode));
    EXPECT_EQ(st.st_rdev, makedev(1, 3));
    // The system's own devices: never replaced.
    expect_refused("/dev/null", "a character device");
    expect_refused("/dev/full", "a character device");
}

TEST(IoFiles, SocketTargetIsRefusedAndKept) {
    const io_test::TempDir dir("sock-out");
    const fs::path sock = dir.path() / "s";
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    ASSERT_GE(fd, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    ASSERT_LT(sock.string().size(), sizeof addr.sun_path);
    std::strcpy(addr.sun_path, sock.c_str());
    ASSERT_EQ(::bind(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr), 0);
    expect_refused(sock, "a socket");
    EXPECT_TRUE(fs::is_socket(sock));
    ::close(fd);
}

TEST(IoFiles, EmptyNameIsRefused) {
    EXPECT_THROW(io::write_file_atomic("", "x"), io::InputError);
    EXPECT_THROW((void)io::read_text_file(""), io::InputError);
}

// A link is followed: the file at its end is replaced in its own folder (a relative link
// resolved from the link's folder), the link stays a link, no temporary is left anywhere.
TEST(IoFiles, SymlinkIsFollowedAndStays) {
    const io_test::TempDir dir("link-out");
    fs::create_directories(dir.path() / "a");
    fs::create_directories(dir.path() / "b");
    io_test::spit(dir.path() / "b" / "real.json", "old");
    ::chmod((dir.path() / "b" / "real.json").c_str(), 0600);
    fs::create_symlink("../b/real.json", dir.path() / "a" / "link.json");
    fs::create_symlink("a/link.json", dir.path() / "chain.json"); // a link to a link
    io::write_file_atomic((dir.path() / "chain.json").string(), "new");
    EXPECT_TRUE(fs::is_symlink(dir.path() / "chain.json"));
    EXPECT_TRUE(fs::is_symlink(dir.path() / "a" / "link.json"));
    EXPECT_EQ(fs::read_symlink(dir.path() / "a" / "link.json"), "../b/real.json");
    EXPECT_EQ(io_test::slurp(dir.path() / "b" / "real.json"), "new");
    EXPECT_EQ(fs::status(dir.path() / "b" / "real.json").permissions() & fs::perms::all,
              fs::perms::owner_read | fs::perms::owner_write); // kept private
    EXPECT_EQ(entries(dir.path()), 3u);
    EXPECT_EQ(entries(dir.path() / "a"), 1u);
    EXPECT_EQ(entries(dir.path() / "b"), 1u);
    // A dangling link: the file is made where it points.
    fs::create_symlink("b/new.json", dir.path() / "dangling.json");
    io::write_file_atomic((dir.path() / "dangling.json").string(), "made");
    EXPECT_TRUE(fs::is_symlink(dir.path() / "dangling.json"));
    EXPECT_EQ(io_test::slurp(dir.path() / "b" / "new.json"), "made");
    // A link to a FIFO: refused like the FIFO.
    ASSERT_EQ(::mkfifo((dir.path() / "b" / "fifo").c_str(), 0644), 0);
    fs::create_symlink("b/fifo", dir.path() / "to-fifo.json");
    EXPECT_THROW(io::write_file_atomic((dir.path() / "to-fifo.json").string(), "x"),
                 io::InputError);
    EXPECT_TRUE(fs::is_fifo(dir.path() / "b" / "fifo"));
    // A loop of links: an error, nothing written.
    fs::create_symlink("loop2", dir.path() / "loop1");
    fs::create_symlink("loop1", dir.path() / "loop2");
    EXPECT_THROW(io::write_file_atomic((dir.path() / "loop1").string(), "x"), std::runtime_error);
    EXPECT_TRUE(fs::is_symlink(dir.path() / "loop1"));
}

// A stale PATH.tmp (a crash) is neither written through nor in the way.
TEST(IoFiles, StaleTemporaryIsNotInTheWay) {
    const io_test::TempDir dir("stale");
    const fs::path path = dir.path() / "out.json";
    fs::create_symlink("elsewhere", path.string() + ".tmp");
    io::write_file_atomic(path.string(), "fresh");
    EXPECT_EQ(io_test::slurp(path), "fresh");
    EXPECT_TRUE(fs::is_symlink(path.string() + ".tmp"));
    EXPECT_FALSE(fs::exists(dir.path() / "elsewhere"));
    EXPECT_EQ(entries(dir.path()), 2u);
}

// ---- a full disk: an error, the old file kept, no temporary left ----

TEST(IoFiles, FullDiskIsAnErrorAndLeavesNothing) {
    const io_test::TempDir dir("full");
    const test::FullDisk disk(dir.path() / "disk", {{"out.json", "old"}});
    const std::string path = (disk.dir() / "out.json").string();
    const std::string big(200000, 'x');
    // In a child: a file-size limit must not apply to this test process.
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        disk.limit_this_process();
        try {
            io::write_file_atomic(path, big);
        } catch (const io::InputError&) {
            ::_exit(3);
        } catch (const std::runtime_error& e) {
            const std::string what = e.what();
            const bool named = what.rfind("cannot write " + path + ": ", 0) == 0;
            ::_exit(named ? 1 : 4);
        }
        ::_exit(0);
    }
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 1) << (disk.mounted() ? "tmpfs" : "RLIMIT_FSIZE");
    EXPECT_EQ(io_test::slurp(path), "old");
    EXPECT_EQ(disk.files(), std::vector<std::string>{"out.json"});
}

// ---- hostile inputs: refused at once, never waited on, never read without bound ----

void expect_unreadable(const std::string& path, const std::string& problem) {
    try {
        (void)io::read_text_file(path);
        FAIL() << "read " << path;
    } catch (const io::InputError& e) {
        EXPECT_EQ(e.path(), "$");
        EXPECT_EQ(e.problem(), problem);
    }
}

TEST(IoFiles, FifoInputIsRefusedWithoutWaiting) {
    const io_test::TempDir dir("fifo-in");
    const fs::path fifo = dir.path() / "in.json";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
    // No writer ever opens it: a reader that waited would hang here (ctest's timeout).
    expect_unreadable(fifo.string(),
                      "cannot read: a FIFO, not a regular file (inputs must be regular files)");
    EXPECT_THROW(io::load_scenario(fifo.string()), io::InputError);
}

TEST(IoFiles, DeviceInputIsRefused) {
    expect_unreadable("/dev/zero", "cannot read: a character device, not a regular file (inputs "
                                   "must be regular files)");
    expect_unreadable("/dev/null", "cannot read: a character device, not a regular file (inputs "
                                   "must be regular files)");
}

TEST(IoFiles, HugeInputIsRefusedWithItsSize) {
    const io_test::TempDir dir("huge");
    const fs::path path = dir.path() / "huge.json";
    io_test::spit(path, "{}");
    fs::resize_file(path, io::kMaxInputBytes + 1); // sparse: no disk used
    expect_unreadable(path.string(), "too large: 67108865 bytes (inputs are limited to 67108864 "
                                     "bytes)");
}

TEST(IoFiles, DirectoryInputIsRefused) {
    const io_test::TempDir dir("dir-in");
    expect_unreadable(dir.path().string(), "cannot read: is a directory");
}

} // namespace
