#include "app/cli_output.hpp"

#include <cstdio>
#include <stdexcept>

#include "io/scenario.hpp"

namespace billiards::app {

std::string one_line(std::string text) {
    for (char& c : text)
        if (c == '\n' || c == '\r') c = ' ';
    return text;
}

void write_output(const std::string& path, const std::string& text) {
    if (!path.empty()) {
        io::write_file_atomic(path, text);
        return;
    }
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0)
        throw std::runtime_error("cannot write the result to standard output");
}

int run_guarded(const std::string& command, const std::function<int()>& body) {
    try {
        return body();
    } catch (const io::InputError& e) {
        std::fprintf(stderr, "%s\n", one_line(e.what()).c_str());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "billiards %s: %s\n", command.c_str(), one_line(e.what()).c_str());
        return 1;
    } catch (...) {
        std::fprintf(stderr, "billiards %s: unknown error\n", command.c_str());
        return 1;
    }
}

} // namespace billiards::app
