// A folder where every write fails for lack of room, for the tests of write errors: a small
// tmpfs mounted there and filled up when the machine allows it (root with CAP_SYS_ADMIN),
// else a plain folder where commands run under a file-size limit of 0 (RLIMIT_FSIZE, with
// SIGXFSZ ignored so that a write fails with EFBIG instead of killing the process).
#pragma once

#include <sys/mount.h>
#include <sys/resource.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

namespace billiards::test {

class FullDisk {
  public:
    // `files`: names and contents written before the disk is filled.
    using Files = std::vector<std::pair<std::string, std::string>>;
    explicit FullDisk(std::filesystem::path dir, const Files& files = {}) : dir_(std::move(dir)) {
        std::filesystem::create_directories(dir_);
        // BILLIARDS_TEST_NO_TMPFS: try the file-size limit on a machine that could mount.
        mounted_ = std::getenv("BILLIARDS_TEST_NO_TMPFS") == nullptr &&
                   ::mount("tmpfs", dir_.c_str(), "tmpfs", 0, "size=64k") == 0;
        for (const auto& [name, text] : files)
            std::ofstream(dir_ / name, std::ios::binary) << text;
        if (!mounted_) return;
        // Fill it: after this not one more byte fits.
        std::ofstream fill(dir_ / "fill", std::ios::binary);
        const std::vector<char> block(4096, 'f');
        for (int k = 0; k < 64 && fill.write(block.data(), block.size()); ++k) {
        }
        fill.close();
        std::ofstream tail(dir_ / "fill-tail", std::ios::binary);
        for (int k = 0; k < 4096 && tail.put('f'); ++k) {
        }
    }
    ~FullDisk() {
        if (mounted_) ::umount2(dir_.c_str(), MNT_DETACH);
    }
    FullDisk(const FullDisk&) = delete;
    FullDisk& operator=(const FullDisk&) = delete;

    const std::filesystem::path& dir() const { return dir_; }
    bool mounted() const { return mounted_; }
    // Put before a shell command so that its writes into dir() fail (and its writes to any
    // other regular file too, under the file-size limit: standard error included).
    std::string shell_prefix() const { return mounted_ ? "" : "trap '' XFSZ; ulimit -f 0; "; }
    // The same in this process, for a child made by fork() that is about to write.
    void limit_this_process() const {
        if (mounted_) return;
        std::signal(SIGXFSZ, SIG_IGN);
        const rlimit none{0, 0};
        ::setrlimit(RLIMIT_FSIZE, &none);
    }
    // Files in dir() other than the filling.
    std::vector<std::string> files() const {
        std::vector<std::string> names;
        for (const auto& e : std::filesystem::directory_iterator(dir_)) {
            const std::string n = e.path().filename().string();
            if (n != "fill" && n != "fill-tail") names.push_back(n);
        }
        return names;
    }

  private:
    std::filesystem::path dir_;
    bool mounted_ = false;
};

} // namespace billiards::test
