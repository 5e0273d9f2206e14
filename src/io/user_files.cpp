#include "io/user_files.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <system_error>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace billiards::io {

namespace fs = std::filesystem;

namespace {

std::string env(const char* name) {
    const char* v = std::getenv(name);
    return v ? v : "";
}

std::string user_dir(const char* xdg, const char* home_relative) {
    if (const std::string home = env("BILLIARDS_HOME"); !home.empty()) return home;
    // XDG: a relative value is invalid and must be ignored.
    if (const std::string base = env(xdg); !base.empty() && fs::path(base).is_absolute())
        return (fs::path(base) / "billiards").string();
    if (const std::string home = env("HOME"); !home.empty())
        return (fs::path(home) / home_relative / "billiards").string();
    return "billiards";
}

} // namespace

std::string user_config_dir() {
    return user_dir("XDG_CONFIG_HOME", ".config");
}

std::string user_data_dir() {
    return user_dir("XDG_DATA_HOME", ".local/share");
}

std::string settings_path() {
    return (fs::path(user_config_dir()) / "settings.json").string();
}

std::string autosave_path() {
    return (fs::path(user_data_dir()) / "autosave.json").string();
}

FolderLock::FolderLock(const std::string& dir) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    const std::string path = (fs::path(dir) / "billiards.lock").string();
    if (ec) {
        problem_ = "cannot lock " + path + ": " + ec.message();
        return;
    }
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) {
        problem_ = "cannot lock " + path + ": " + std::strerror(errno);
        return;
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        const int err = errno;
        ::close(fd);
        busy_ = err == EWOULDBLOCK;
        problem_ = busy_ ? dir + " is in use by another billiards game"
                         : "cannot lock " + path + ": " + std::strerror(err);
        return;
    }
    fd_ = fd;
}

FolderLock::~FolderLock() {
    if (fd_ >= 0) ::close(fd_); // the lock goes with the descriptor; the file stays
}

void save_user_file(const std::string& path, const std::string& content,
                    const std::function<bool(const std::string&)>& still_good) {
    const fs::path parent = fs::path(path).parent_path();
    std::error_code ec;
    if (!parent.empty()) {
        fs::create_directories(parent, ec);
        if (ec) throw std::runtime_error("cannot write " + path + ": " + ec.message());
    }
    if (detail::exists(path)) {
        std::string old;
        try {
            old = read_text_file(path);
        } catch (const InputError&) {
            old.clear(); // unreadable: nothing worth keeping
        }
        if (!old.empty() && (!still_good || still_good(old))) write_file_atomic(path + ".bak", old);
    }
    write_file_atomic(path, content);
}

namespace detail {

bool exists(const std::string& path) {
    std::error_code ec;
    return fs::exists(path, ec);
}

bool is_regular(const std::string& path) {
    std::error_code ec;
    return fs::is_regular_file(path, ec);
}

std::string set_aside(const std::string& path) {
    std::string target = path + ".corrupt";
    for (int n = 2; exists(target) && n < 1000; ++n)
        target = path + ".corrupt-" + std::to_string(n);
    std::error_code ec;
    if (exists(target)) return "left in place (no free name to keep it under)";
    fs::rename(path, target, ec);
    if (ec) return "left in place (cannot rename it: " + ec.message() + ")";
    return "kept as " + target;
}

} // namespace detail

} // namespace billiards::io
