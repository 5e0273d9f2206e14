// The one way every command and the game open an input and write an output:
// - inputs are regular files of at most kMaxInputBytes, refused at once otherwise (a FIFO
//   is opened without blocking, a device or /dev/zero never read);
// - outputs go to a temporary file beside the target, synced, then renamed over it; only a
//   regular file (or nothing) is ever replaced, a symbolic link is followed to its file;
// - a temporary file in flight is listed where a signal handler can find it and remove it
//   (remove_temporaries_on_signals), and held under flock so a later writer can tell a
//   stale one (a killed process's) from one being written.
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <stdexcept>

#include <fcntl.h>
#include <pthread.h>
#include <sys/file.h>
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
    if (::stat(path.c_str(), &st) != 0)
        throw InputError(name, "$", "cannot read: " + reason(errno));
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

// The temporary files being written, for the signal handler. A slot goes Free -> Filling
// (a writer took it) -> Armed (its path set) -> Free again when the write is over; the
// handler moves an Armed slot to Claimed before it reads the path, so the writer never frees
// a path the handler is reading (it leaves a claimed slot's path alone: the process is ending).
enum SlotState : int { kFree, kFilling, kArmed, kClaimed };
struct TempSlot {
    std::atomic<int> state{kFree};
    std::atomic<char*> path{nullptr};
};
// More than batch's most jobs (4096) and the main thread; a write that finds none free
// still works, only unlisted.
constexpr std::size_t kTempSlots = 4160;
TempSlot g_temps[kTempSlots];
static_assert(std::atomic<int>::is_always_lock_free && std::atomic<char*>::is_always_lock_free,
              "the signal handler needs lock-free atomics");

// Lists `path` while it is written; unlisted when destroyed.
class ListedTemp {
  public:
    explicit ListedTemp(const std::string& path) {
        for (TempSlot& s : g_temps) {
            int free = kFree;
            if (!s.state.compare_exchange_strong(free, kFilling)) continue;
            char* copy = new char[path.size() + 1];
            std::memcpy(copy, path.c_str(), path.size() + 1);
            s.path.store(copy);
            s.state.store(kArmed);
            slot_ = &s;
            return;
        }
    }
    ~ListedTemp() {
        if (!slot_) return;
        int armed = kArmed;
        char* path = slot_->path.load();
        if (slot_->state.compare_exchange_strong(armed, kFilling)) {
            slot_->path.store(nullptr);
            slot_->state.store(kFree);
            delete[] path;
        }
    }
    ListedTemp(const ListedTemp&) = delete;
    ListedTemp& operator=(const ListedTemp&) = delete;

  private:
    TempSlot* slot_ = nullptr;
};

// Writers between creating a temporary file and listing it, and whether a handler has
// begun: the handler waits for the first to finish (microseconds), and a writer that finds
// the second set creates nothing. A writer blocks the signals in its own thread meanwhile,
// so the handler never waits on the thread it runs on.
std::atomic<int> g_opening{0};
std::atomic<bool> g_ending{false};
static_assert(std::atomic<bool>::is_always_lock_free);

constexpr int kCleanupSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

sigset_t cleanup_signals() {
    sigset_t set;
    sigemptyset(&set);
    for (const int sig : kCleanupSignals)
        sigaddset(&set, sig);
    return set;
}

void remove_temporaries_and_end(int sig) {
    const int saved = errno;
    g_ending.store(true);
    while (g_opening.load() > 0) {
    }
    for (TempSlot& s : g_temps) {
        int armed = kArmed;
        if (s.state.compare_exchange_strong(armed, kClaimed)) ::unlink(s.path.load());
    }
    // The signal's own default action: the exit status says which signal ended the process
    // (130 for SIGINT in a shell). It is blocked while this runs and acts on return.
    ::signal(sig, SIG_DFL);
    ::raise(sig);
    errno = saved;
}

// A PATH.tmp that nobody writes: no flock on it (a writer holds one from creation to
// rename) and untouched for a minute (the moment between a writer's create and its flock).
// Removed when so; true when the name is free again.
bool remove_stale_temp(const std::string& tmp) {
    Fd f{::open(tmp.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)};
    if (f.fd < 0) return false;
    struct stat st {};
    if (::fstat(f.fd, &st) != 0 || !S_ISREG(st.st_mode)) return false;
    if (::flock(f.fd, LOCK_EX | LOCK_NB) != 0) return false;
    if (::time(nullptr) - st.st_mtime < 60) return false;
    // Still the same file under that name (not swapped since it was opened).
    struct stat now {};
    if (::lstat(tmp.c_str(), &now) != 0 || now.st_dev != st.st_dev || now.st_ino != st.st_ino)
        return false;
    return ::unlink(tmp.c_str()) == 0;
}

} // namespace

void remove_temporaries_on_signals() {
    for (const int sig : kCleanupSignals) {
        struct sigaction old {};
        if (::sigaction(sig, nullptr, &old) != 0 || old.sa_handler != SIG_DFL) continue;
        struct sigaction act {};
        act.sa_handler = remove_temporaries_and_end;
        act.sa_mask = cleanup_signals(); // one cleanup at a time
        ::sigaction(sig, &act, nullptr);
    }
}

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
    // O_EXCL: never write through whatever already has the temporary name (a FIFO, a
    // link, another writer's file); take another name instead, unless it is a stale file
    // of ours (remove_stale_temp).
    constexpr int kCreate = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
    // From creating the temporary file to listing it: no signal handler in this thread,
    // and none elsewhere scans the list until it is listed (g_opening).
    const sigset_t block = cleanup_signals();
    sigset_t was;
    ::pthread_sigmask(SIG_BLOCK, &block, &was);
    g_opening.fetch_add(1);
    struct Opening {
        const sigset_t& was;
        bool open = true;
        void done() {
            if (!open) return;
            open = false;
            g_opening.fetch_sub(1);
            ::pthread_sigmask(SIG_SETMASK, &was, nullptr);
        }
        ~Opening() { done(); }
    } opening{was};
    if (g_ending.load()) cannot_write(path, "interrupted");
    std::string tmp = target + ".tmp";
    Fd f{::open(tmp.c_str(), kCreate, 0666)};
    if (f.fd < 0 && errno == EEXIST) {
        if (remove_stale_temp(tmp)) f.fd = ::open(tmp.c_str(), kCreate, 0666);
        if (f.fd < 0) errno = EEXIST; // then another name
    }
    for (int k = 1; f.fd < 0 && errno == EEXIST && k <= 100; ++k) {
        tmp = fmt::format("{}.{}-{}.tmp", target, ::getpid(), k);
        f.fd = ::open(tmp.c_str(), kCreate, 0666);
    }
    // Messages name the file asked for, and where a link led.
    const std::string shown = target == path ? path : path + " (a link to " + target + ")";
    if (f.fd < 0) cannot_write(shown, reason(errno));
    // Listed for the signal handler, and held so no later writer takes it for stale.
    const ListedTemp listed(tmp);
    opening.done();
    (void)::flock(f.fd, LOCK_EX | LOCK_NB);
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
