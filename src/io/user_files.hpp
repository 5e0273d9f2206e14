// Where the game keeps its files, and saving and loading them so that a crash, a full
// disk or a hand edit never loses the user's settings or match:
// - saving writes PATH.tmp and renames it over PATH (never half a file), after copying the
//   previous PATH to PATH.bak when it still reads fine;
// - loading falls back to PATH.bak when PATH is broken, and renames the broken file to
//   PATH.corrupt (kept for the user to look at, never deleted).
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <utility>

#include "io/scenario.hpp" // InputError, read_text_file

namespace billiards::io {

// $BILLIARDS_HOME when set, else $XDG_CONFIG_HOME/billiards, else $HOME/.config/billiards
// (relative "billiards" when nothing is set).
std::string user_config_dir();
// $BILLIARDS_HOME when set, else $XDG_DATA_HOME/billiards, else $HOME/.local/share/billiards.
std::string user_data_dir();
std::string settings_path(); // user_config_dir()/settings.json (billiards-settings/1)
std::string autosave_path(); // user_data_dir()/autosave.json (billiards-match/1)

// An exclusive lock on a folder of the user's files, held while the object lives (flock on
// DIR/billiards.lock, created with the folder when missing; released by the system when the
// process ends, however it ends). Two games on one BILLIARDS_HOME would otherwise overwrite
// each other's autosaves: the second one finds the lock taken (busy()) and saves nothing.
class FolderLock {
  public:
    explicit FolderLock(const std::string& dir);
    ~FolderLock();
    FolderLock(const FolderLock&) = delete;
    FolderLock& operator=(const FolderLock&) = delete;

    bool held() const { return fd_ >= 0; }
    bool busy() const { return busy_; } // another process holds it
    // Empty when held; else one line: the folder is in use, or why it cannot be locked.
    const std::string& problem() const { return problem_; }

  private:
    int fd_ = -1;
    bool busy_ = false;
    std::string problem_;
};

// Creates PATH's folder, copies PATH to PATH.bak when `still_good(PATH's text)` (a broken
// PATH never replaces a good backup), then writes `content` atomically. Throws
// std::runtime_error "cannot write PATH: reason".
void save_user_file(const std::string& path, const std::string& content,
                    const std::function<bool(const std::string&)>& still_good = {});

template <typename T> struct Loaded {
    std::optional<T> value; // empty: use defaults
    std::string message;    // empty when PATH was fine or absent; else one line for the user
};

namespace detail {
// Renames a broken PATH to PATH.corrupt (or PATH.corrupt-2, -3, ... when taken) and says so.
std::string set_aside(const std::string& path);
bool exists(const std::string& path);
bool is_regular(const std::string& path); // links followed
} // namespace detail

// Reads PATH with parse(text, file_name), which throws InputError on bad input. A missing
// PATH gives no value and no message. A broken PATH gives its InputError message, is set
// aside as PATH.corrupt, and PATH.bak is used when it parses ("...; using the backup"),
// else nothing ("...; <otherwise>"). parse may return anything movable (e.g. a restored
// match, so that a save that no longer replays also counts as broken).
template <typename Parse>
auto load_with_fallback(const std::string& path, Parse parse,
                        const std::string& otherwise = "using defaults")
    -> Loaded<decltype(parse(std::string(), std::string()))> {
    if (!detail::exists(path)) return {};
    std::string message;
    try {
        return {parse(read_text_file(path), path), {}};
    } catch (const InputError& e) {
        message = e.what();
    }
    // A FIFO or a device where the file should be: not the game's to move (nor to read).
    if (!detail::is_regular(path)) return {std::nullopt, message + "; " + otherwise};
    message += "; " + detail::set_aside(path);
    const std::string backup = path + ".bak";
    if (detail::exists(backup)) {
        try {
            auto value = parse(read_text_file(backup), backup);
            return {std::move(value), message + "; using the backup"};
        } catch (const InputError& e) {
            message += "; the backup is broken too (" + std::string(e.what()) + ")";
        }
    }
    return {std::nullopt, message + "; " + otherwise};
}

} // namespace billiards::io
