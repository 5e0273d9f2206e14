// The one way every command and the game open an input and write an output:
// - inputs are regular files of at most kMaxInputBytes, refused at once otherwise (a FIFO
//   is opened without blocking, a device or /dev/zero never read);
// - outputs go to a temporary file beside the target, synced, then renamed over it; only a
//   regular file (or nothing) is ever replaced, a symbolic link is followed to its file.
#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/scenario.hpp"

namespace billiards::io {

namespace {

std::string reason(int err) {
    return std::strerror(err);
}

[[noreturn]] void cannot_write(const std::string& path, const std::string& why) {
    throw std::runtime_error("cannot write " + path + ": " + why);
}

// Closes a descriptor at the end of a scope.
struct Fd {
    int fd = -1;
    ~Fd() {
        if (fd >= 0) ::close(fd);
    }
    int release() {
        const int f = fd;
        fd = -1;
        return f;
    }
};

} // namespace

std::string file_kind(unsigned mode) {
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    if (S_ISLNK(mode)) return "a symbolic link";
    if (S_ISREG(mode)) return "a regular file";
    return "not a regular file";
}

std::string read_text_file(const std::string& path) {
    const std::string name = path.empty() ? "\"\"" : path;
    if (path.empty()) throw InputError(name, "$", "cannot read: empty file name");
    // stat before open: a device is never opened (opening one can have effects of its own).
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) throw InputError(name, "$", "cannot read: " + reason(errno));
    auto refuse_kind = [&](const struct stat& s) {
        if (S_ISDIR(s.st_mode)) throw InputError(name, "$", "cannot read: is a directory");
        if (!S_ISREG(s.st_mode))
            throw InputError(name, "$",
                             "cannot read: " + file_kind(s.st_mode) +
                                 ", not a regular file (inputs must be regular files)");
    };
    auto refuse_size = [&](std::uintmax_t bytes) {
        throw InputError(name, "$",
                         fmt::format("too large: {} bytes (inputs are limited to {} bytes)", bytes,
                                     kMaxInputBytes));
    };
    refuse_kind(st);
    if (static_cast<std::uintmax_t>(st.st_size) > kMaxInputBytes)
        refuse_size(static_cast<std::uintmax_t>(st.st_size));
    // O_NONBLOCK: were the name swapped for a FIFO since the stat, open must not wait for
    // a writer; fstat below then refuses it.
    Fd f{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)};
    if (f.fd < 0) throw InputError(name, "$", "cannot read: " + reason(errno));
    if (::fstat(f.fd, &st) != 0) throw InputError(name, "$", "cannot read: " + reason(errno));
    refuse_kind(st);
    std::string text;
    text.resize(std::min<std::size_t>(static_cast<std::size_t>(st.st_size), kMaxInputBytes));
    std::size_t have = 0;
    for (;;) {
        // A file that grows while it is read is still cut off at the bound (+1 to see it).
        if (have == text.size()) {
            if (have > kMaxInputBytes) refuse_size(have);
            text.resize(std::min<std::size_t>(kMaxInputBytes + 1, have + (1 << 16)));
        }
        const ssize_t n = ::read(f.fd, text.data() + have, text.size() - have);
        if (n < 0) {
            if (errno == EINTR) continue;
            throw InputError(name, "$", "cannot read: " + reason(errno));
        }
        if (n == 0) break;
        have += static_cast<std::size_t>(n);
    }
    if (have > kMaxInputBytes) refuse_size(have);
    text.resize(have);
    return text;
}

std::string output_target(const std::string& path) {
    if (path.empty()) throw InputError("\"\"", "", "cannot write: empty file name");
    if (path.back() == '/') throw InputError(path, "", "cannot write: names a directory");
    // Follow symbolic links by hand, so the file that is replaced is the one the chain ends
    // at (in its own folder) and the links stay links.
    std::string target = path;
    for (int hops = 0;; ++hops) {
        struct stat st {};
        if (::lstat(target.c_str(), &st) != 0) {
            if (errno == ENOENT) return target; // a new file
            cannot_write(path, reason(errno));
        }
        if (S_ISREG(st.st_mode)) return target;
        if (!S_ISLNK(st.st_mode))
            throw InputError(path, "",
                             "cannot write: " + file_kind(st.st_mode) +
                                 ", not a regular file (left as it is; only regular files are "
                                 "replaced)");
        if (hops >= 40) cannot_write(path, reason(ELOOP));
        std::string link(4096, '\0');
        const ssize_t n = ::readlink(target.c_str(), link.data(), link.size());
        if (n < 0) cannot_write(path, reason(errno));
        if (static_cast<std::size_t>(n) >= link.size()) cannot_write(path, reason(ENAMETOOLONG));
        link.resize(static_cast<std::size_t>(n));
        const std::filesystem::path next(link);
        target = next.is_absolute() ? link
                                    : (std::filesystem::path(target).parent_path() / next).string();
    }
}

namespace {

// 0, or the errno of opening or syncing the folder. EINVAL: the file system has no sync for
// folders (nothing to make durable there).
int fsync_folder(const std::string& path) {
    Fd d{::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)};
    if (d.fd < 0) return errno;
    if (::fsync(d.fd) != 0 && errno != EINVAL) return errno;
    return 0;
}

} // namespace

void sync_folder(const std::string& path) {
    if (const int err = fsync_folder(path); err != 0)
        throw std::runtime_error("cannot sync " + path + ": " + reason(err));
}

void write_file_atomic(const std::string& path, const std::string& content, FolderSync folder) {
    const std::string target = output_target(path);
    // A file-size limit (RLIMIT_FSIZE) must give EFBIG and a message, not a killed process
    // that leaves its temporary file behind.
    std::signal(SIGXFSZ, SIG_IGN);
    struct stat old {};
    const bool replacing = ::stat(target.c_str(), &old) == 0;
    // O_EXCL: never write through whatever already has the temporary name (a stale file
    // from a crash, a FIFO, a link); take another name instead.
    std::string tmp = target + ".tmp";
    Fd f{::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666)};
    for (int k = 1; f.fd < 0 && errno == EEXIST && k <= 100; ++k) {
        tmp = fmt::format("{}.{}-{}.tmp", target, ::getpid(), k);
        f.fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    }
    // Messages name the file asked for, and where a link led.
    const std::string shown = target == path ? path : path + " (a link to " + target + ")";
    if (f.fd < 0) cannot_write(shown, reason(errno));
    auto fail = [&](int err) {
        if (f.fd >= 0) ::close(f.release());
        ::unlink(tmp.c_str());
        cannot_write(shown, reason(err));
    };
    // The replaced file keeps its permissions (a link to a private file stays private).
    if (replacing) (void)::fchmod(f.fd, old.st_mode & 07777);
    std::size_t done = 0;
    while (done < content.size()) {
        const ssize_t n = ::write(f.fd, content.data() + done, content.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            fail(errno);
        }
        if (n == 0) fail(ENOSPC);
        done += static_cast<std::size_t>(n);
    }
    // On disk before the rename, so not even a power cut leaves half a file in place.
    if (::fsync(f.fd) != 0) fail(errno);
    if (::close(f.release()) != 0) fail(errno);
    if (::rename(tmp.c_str(), target.c_str()) != 0) fail(errno);
    // The rename is in the folder's entries: on disk once the folder is synced.
    if (folder == FolderSync::Now) {
        const std::filesystem::path dir = std::filesystem::path(target).parent_path();
        if (const int err = fsync_folder(dir.empty() ? "." : dir.string()); err != 0)
            cannot_write(shown, reason(err));
    }
}

} // namespace billiards::io
