// What the headless commands share: one-line messages, the result to standard output or a
// file, the exit status of a failure (2 bad input, 1 anything else), and strict numbers and
// file names on the command line.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace CLI {
class App;
class Option;
} // namespace CLI

namespace billiards::cli {

// File names and JSON excerpts may hold line breaks; a message must stay one line.
std::string one_line(std::string text);

// To standard output when `path` is empty, else through io::write_file_atomic. Throws on
// failure (io::InputError for a refused target, std::runtime_error for a failed write,
// standard output included: a full disk is an error, never a silent exit 0).
void write_output(const std::string& path, const std::string& text);
// Standard output alone, checked and flushed (for output written piece by piece).
void write_stdout(const std::string& text);

// A failure the command found itself: "billiards COMMAND: what" on standard error; returns
// `status` (2 bad input, 1 anything else).
int fail(const std::string& command, const std::string& what, int status);

// Runs body; an io::InputError prints its message and gives 2, any other exception
// "billiards COMMAND: what" and 1.
int run_guarded(const std::string& command, const std::function<int()>& body);

// --out FILE: a file name given on the command line may not be empty ("" is a mistake, not
// standard output): a command-line error (exit 2) before anything runs.
CLI::Option* add_out_option(CLI::App& cmd, std::string& target, const std::string& description,
                            const std::string& names = "--out");

// Numbers on the command line: decimal only, the whole argument, within [lo, hi]; anything
// else (-1 for an unsigned value, 2^64, 1e23, inf, 0x10) is a command-line error (exit 2)
// naming the option, its range and an excerpt of what was given.
CLI::Option* add_uint64_option(CLI::App& cmd, const std::string& names, std::uint64_t& target,
                               std::uint64_t lo, std::uint64_t hi, const std::string& description);
CLI::Option* add_int_option(CLI::App& cmd, const std::string& names, int& target, int lo, int hi,
                            const std::string& description);
CLI::Option* add_real_option(CLI::App& cmd, const std::string& names, double& target, double lo,
                             double hi, const std::string& description);

// The environment variables the program reads, as the footer of every --help.
std::string environment_help();
// Sets that footer on `cli` and on every subcommand under it (call after adding them all).
void add_environment_footer(CLI::App& cli);

} // namespace billiards::cli
