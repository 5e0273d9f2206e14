// Reading whole files and writing them atomically (temporary file, then rename).
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <stdexcept>

#include <unistd.h> // fsync

#include "io/scenario.hpp"

namespace billiards::io {

namespace {

struct FileCloser {
    void operator()(std::FILE* f) const { std::fclose(f); }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

std::string reason(int err) {
    return std::strerror(err);
}

[[noreturn]] void cannot_write(const std::string& path, const std::string& why) {
    throw std::runtime_error("cannot write " + path + ": " + why);
}

// Writes, flushes and syncs the whole content to `tmp`; the file is closed and checked.
// Messages name `path`, the file the user asked for.
void write_all(const std::string& tmp, const std::string& content, const std::string& path) {
    File f(std::fopen(tmp.c_str(), "wb"));
    if (!f) cannot_write(path, reason(errno));
    if (std::fwrite(content.data(), 1, content.size(), f.get()) != content.size())
        cannot_write(path, reason(errno));
    if (std::fflush(f.get()) != 0) cannot_write(path, reason(errno));
    // On disk before the rename, so not even a power cut leaves half a file in place.
    if (::fsync(::fileno(f.get())) != 0) cannot_write(path, reason(errno));
    if (std::fclose(f.release()) != 0) cannot_write(path, reason(errno));
}

} // namespace

std::string read_text_file(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw InputError(path, "$", "cannot read: is a directory");
    File f(std::fopen(path.c_str(), "rb"));
    if (!f) throw InputError(path, "$", "cannot read: " + reason(errno));
    std::string text;
    char buffer[1 << 16];
    std::size_t n = 0;
    while ((n = std::fread(buffer, 1, sizeof buffer, f.get())) > 0) text.append(buffer, n);
    if (std::ferror(f.get())) throw InputError(path, "$", "cannot read: " + reason(errno));
    return text;
}

void write_file_atomic(const std::string& path, const std::string& content) {
    const std::string tmp = path + ".tmp";
    std::error_code ignored;
    try {
        write_all(tmp, content, path);
    } catch (...) {
        std::filesystem::remove(tmp, ignored);
        throw;
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) {
        std::filesystem::remove(tmp, ignored);
        cannot_write(path, ec.message());
    }
}

} // namespace billiards::io
