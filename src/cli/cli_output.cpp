#include "cli/cli_output.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "io/arguments.hpp"
#include "io/scenario.hpp"

namespace billiards::cli {

namespace {
// "--out,-o" -> "--out": the name messages use.
std::string display_name(const std::string& names) {
    return names.substr(0, names.find(','));
}
} // namespace

std::string one_line(std::string text) {
    for (char& c : text)
        if (c == '\n' || c == '\r') c = ' ';
    return text;
}

void write_stdout(const std::string& text) {
    errno = 0;
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() ||
        std::fflush(stdout) != 0) {
        const int err = errno;
        std::clearerr(stdout);
        throw std::runtime_error(std::string("cannot write to standard output") +
                                 (err ? std::string(": ") + std::strerror(err) : ""));
    }
}

void write_output(const std::string& path, const std::string& text) {
    if (!path.empty()) {
        io::write_file_atomic(path, text);
        return;
    }
    write_stdout(text);
}

int fail(const std::string& command, const std::string& what, int status) {
    std::fprintf(stderr, "billiards %s: %s\n", command.c_str(), what.c_str());
    return status;
}

int run_guarded(const std::string& command, const std::function<int()>& body) {
    try {
        return body();
    } catch (const io::InputError& e) {
        std::fprintf(stderr, "%s\n", one_line(e.what()).c_str());
        return 2;
    } catch (const std::exception& e) {
        return fail(command, one_line(e.what()), 1);
    } catch (...) {
        return fail(command, "unknown error", 1);
    }
}

CLI::Option* add_out_option(CLI::App& cmd, std::string& target, const std::string& description,
                            const std::string& names) {
    return cmd
        .add_option_function<std::string>(
            names,
            [&target, name = display_name(names)](const std::string& value) {
                if (value.empty())
                    throw CLI::ValidationError(
                        name, "empty file name (leave the option out for standard output)");
                target = value;
            },
            description)
        ->type_name("FILE");
}

namespace {

// The value of an integer option through io::parse_whole_number (W: the type it reads in).
template <typename T, typename W>
CLI::Option* add_integer(CLI::App& cmd, const std::string& names, T& target, T lo, T hi,
                         const std::string& description) {
    return cmd
        .add_option_function<std::string>(
            names,
            [&target, lo, hi, name = display_name(names)](const std::string& text) {
                W value{};
                const std::string problem =
                    io::parse_whole_number(text, static_cast<W>(lo), static_cast<W>(hi), value);
                if (!problem.empty()) throw CLI::ValidationError(name, problem);
                target = static_cast<T>(value);
            },
            description)
        ->default_str(std::to_string(target))
        ->type_name("INT");
}

} // namespace

CLI::Option* add_uint64_option(CLI::App& cmd, const std::string& names, std::uint64_t& target,
                               std::uint64_t lo, std::uint64_t hi, const std::string& description) {
    return add_integer<std::uint64_t, std::uint64_t>(cmd, names, target, lo, hi, description);
}

CLI::Option* add_int_option(CLI::App& cmd, const std::string& names, int& target, int lo, int hi,
                            const std::string& description) {
    return add_integer<int, std::int64_t>(cmd, names, target, lo, hi, description);
}

CLI::Option* add_real_option(CLI::App& cmd, const std::string& names, double& target, double lo,
                             double hi, const std::string& description) {
    return cmd
        .add_option_function<std::string>(
            names,
            [&target, lo, hi, name = display_name(names)](const std::string& text) {
                const std::string problem = io::parse_real_number(text, lo, hi, target);
                if (!problem.empty()) throw CLI::ValidationError(name, problem);
            },
            description)
        ->default_str(fmt::format("{}", target))
        ->type_name("NUMBER");
}

std::string environment_help() {
    return "ENVIRONMENT:\n"
           "  BILLIARDS_HOME    One folder for the game's settings, autosave and saved shots\n"
           "                    (default: $XDG_CONFIG_HOME/billiards for the settings and\n"
           "                    $XDG_DATA_HOME/billiards for the rest, else ~/.config/billiards\n"
           "                    and ~/.local/share/billiards)\n"
           "  XDG_CONFIG_HOME, XDG_DATA_HOME, HOME\n"
           "                    Where those defaults lie (a relative XDG value is ignored)\n"
           "  BILLIARDS_ASSETS  Folder of the assets (fonts/) for the game and `render`, when\n"
           "                    they are not next to the program or under its install prefix\n"
           "  SDL_VIDEODRIVER   SDL's video driver for the game's window (dummy: none, for\n"
           "                    scripts)\n"
           "  SDL_AUDIODRIVER   SDL's audio driver for the game's sound (dummy: silent)\n"
           "The headless subcommands (simulate, batch, match, replay, bench, breaks) read none.";
}

void add_environment_footer(CLI::App& cli) {
    cli.footer(environment_help());
    for (CLI::App* sub : cli.get_subcommands([](CLI::App*) { return true; }))
        add_environment_footer(*sub);
}

} // namespace billiards::cli
