// Scenario files (docs/SCENARIO-FORMAT.md, format billiards-scenario/1): strict reading
// with FILE: JSON.PATH: problem messages, and writing. The scenario itself, and the world it
// makes, are game::Scenario and game::make_world (game/simulation.hpp).
//
// JSON paths: keys joined by '.', array indices in brackets ("balls[3].radius",
// "table.cushions[0].from[1]"); a key that is not a plain word is quoted ("physics[\"a b\"]").
// "$" is the whole document: invalid JSON (with nlohmann's line and column), a top level
// that is not an object, a file that cannot be read.
//
// Beyond the contract, the reader also rejects (so the physics always stays finite):
// duplicate keys; coordinates beyond +-1e4 m, velocities beyond +-1e4 m/s, spins beyond
// +-1e6 rad/s; radius outside [1e-6, 1e3] m, mass outside [1e-12, 1e12] kg; timestep outside
// [1e-6, 0.1] s, duration above 86400 s, gravity above 1000, a friction above 100;
// a ball overlapping a cushion segment; a zero-length cushion. Balls may touch: overlaps
// and table edges allow 1e-9 m of rounding.
//
// physics.cushion_friction is an extra key (physics::Params has it). When a file leaves it
// out it is 0, not the Params default: the contract says four friction keys at 0 make a
// frictionless world and its cushion response keeps v_t (assets/scenarios/cushion-bounce).
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "game/game_kind.hpp"
#include "game/simulation.hpp"
#include "game/table.hpp"
#include "physics/world.hpp"

namespace billiards::io {

// Bad input: what() is "FILE: JSON.PATH: what is wrong" (exit status 2 on the command line),
// "FILE: what is wrong" when the path is empty (an output file refused). Each of the three
// parts is cut to an excerpt of at most about 240 bytes: the message stays one short line.
class InputError : public std::runtime_error {
  public:
    InputError(std::string file, std::string path, std::string problem);
    const std::string& file() const { return file_; }
    const std::string& path() const { return path_; }
    const std::string& problem() const { return problem_; }

  private:
    std::string file_, path_, problem_;
};

// `text` when at most max_bytes long, else its start and end around "[... N bytes ...]"
// (cut between UTF-8 characters).
std::string excerpt(std::string_view text, std::size_t max_bytes = 60);

// Throws InputError for every problem SCENARIO-FORMAT.md lists (and unknown keys).
game::Scenario parse_scenario(const std::string& text, const std::string& file_name);
game::Scenario load_scenario(const std::string& path);

std::string scenario_to_json(const game::Scenario& s); // pretty-printed, round-trips exactly
void save_scenario(const game::Scenario& s, const std::string& path); // atomic (temp + rename)

// Tables shipped in assets/tables (embedded in the binary at build time). The pool tables
// (kind "pool": what 8-ball and 9-ball, their settings, saves and replays accept), and every
// shipped table (what a scenario may name, e.g. "carom-10ft").
const std::vector<std::string>& standard_table_names();
// The snooker tables (kind "snooker"), for the game's snooker choice.
const std::vector<std::string>& snooker_table_names();
const std::vector<std::string>& all_table_names();
// Whether a game of `kind` is played on the shipped table `name`: a snooker table for
// snooker, the carom table for three-cushion, a pool table for 8-ball and 9-ball.
bool plays_on(game::GameKind kind, const std::string& name);
// That table's spec when a game of `kind` plays on it, else none.
std::optional<game::TableSpec> kind_table(game::GameKind kind, const std::string& name);
// Throws std::invalid_argument for an unknown name, std::logic_error for a broken asset.
game::Table load_standard_table(const std::string& name);
// A table spec file (every game::TableSpec field, no other key), validated.
game::TableSpec parse_table_spec(const std::string& text, const std::string& file_name);
// The embedded text of a standard table file (empty for an unknown name).
std::string standard_table_text(const std::string& name);

// Every input file (scenario, replay, match, settings) is at most this long: 64 MiB, far
// beyond any real file (a 300,000-ball scenario is about 20 MB), short of exhausting memory.
inline constexpr std::size_t kMaxInputBytes = std::size_t{64} << 20;

// The whole file; InputError "PATH: $: cannot read: reason" when it cannot be read, when it
// is not a regular file (a FIFO, a device, a directory: refused before any read, never
// waited on) or when it is larger than kMaxInputBytes (the message gives the size).
std::string read_text_file(const std::string& path);

// Writes to a temporary file beside the target (PATH.tmp, another name when that is taken),
// syncs it and renames it into place, so a crash never leaves half a file. A PATH.tmp left
// by a killed writer (no writer holds it and it is more than a minute old) is removed and
// the name used again. A symbolic link
// is followed: the file it ends at is replaced in its own folder and the link stays.
// Throws InputError "PATH: cannot write: ..." (bad input, nothing touched) for an empty
// name or a target that exists and is not a regular file (a FIFO, a device, a socket, a
// directory); std::runtime_error "cannot write PATH: reason" when writing fails (a full
// disk), after removing its temporary file. The rename is made durable by syncing the
// folder too (FolderSync::Now); a caller that writes many files into one folder may pass
// FolderSync::Later and call sync_folder once at the end (batch does: a folder sync per file
// nearly doubled its time).
enum class FolderSync { Now, Later };
void write_file_atomic(const std::string& path, const std::string& content,
                       FolderSync folder = FolderSync::Now);
// From now on SIGINT, SIGTERM, SIGHUP and SIGQUIT, where they still have their default
// action, first remove the temporary files of the writes in flight, then end the process
// as that signal does (the target is left as it was, never half-written). The command-line
// tools call it; the game does not (SDL turns those signals into a quit, and a write in
// flight finishes). Async-signal-safe: the handler only unlinks and re-raises.
void remove_temporaries_on_signals();
// fsync of a folder (its entries: renames and new files in it). std::runtime_error
// "cannot sync PATH: reason" when it fails; a file system that cannot sync folders is fine.
void sync_folder(const std::string& path);
// The file write_file_atomic(path) would replace (links followed); throws as it does.
std::string output_target(const std::string& path);
// "a FIFO", "a character device", ... for a stat mode.
std::string file_kind(unsigned mode);

// The result of `billiards simulate` (SCENARIO-FORMAT.md, Result): "billiards-result/1" for a
// finished run; events only when with_events. Throws std::runtime_error if the world holds a value
// JSON cannot carry (NaN, infinity).
std::string result_to_json(const physics::World& world, bool with_events);

} // namespace billiards::io
