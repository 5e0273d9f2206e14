// What the headless commands share: one-line messages, the result to standard output or a
// file, and the exit status of a failure (2 bad input, 1 anything else).
#pragma once

#include <functional>
#include <string>

namespace billiards::app {

// File names and JSON excerpts may hold line breaks; a message must stay one line.
std::string one_line(std::string text);

// To standard output when `path` is empty, else atomically to the file. Throws on failure.
void write_output(const std::string& path, const std::string& text);

// Runs body; an io::InputError prints its message and gives 2, any other exception
// "billiards COMMAND: what" and 1.
int run_guarded(const std::string& command, const std::function<int()>& body);

} // namespace billiards::app
