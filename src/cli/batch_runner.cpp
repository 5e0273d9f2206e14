#include "cli/batch_runner.hpp"

#include <fmt/format.h>

#include <charconv>
#include <exception>

#include "cli/cli_output.hpp"
#include "game/simulation.hpp"
#include "io/scenario.hpp"

namespace billiards::batch {

using cli::one_line;

namespace {
bool parse_count(const std::string& s, std::size_t& out) {
    if (s.empty()) return false;
    const char* end = s.data() + s.size();
    const auto [p, ec] = std::from_chars(s.data(), end, out);
    return ec == std::errc{} && p == end;
}
} // namespace

bool parse_shard(const std::string& text, Shard& out, std::string& problem) {
    const auto slash = text.find('/');
    Shard s;
    if (slash == std::string::npos || !parse_count(text.substr(0, slash), s.index) ||
        !parse_count(text.substr(slash + 1), s.count)) {
        problem = "expected I/N with whole numbers, e.g. 0/4";
        return false;
    }
    if (s.count == 0) {
        problem = "N must be at least 1";
        return false;
    }
    if (s.index >= s.count) {
        problem = "I must be less than N (shards are numbered from 0)";
        return false;
    }
    out = s;
    return true;
}

std::string work_cap_message(const game::WorkCapReached& e) {
    return e.message(fmt::format("--max-events {}", e.max_events)) + "; no result";
}

Outcome run_one(const std::string& scenario_path, const std::string& result_path, bool events,
                std::uint64_t max_events) {
    try {
        const game::Scenario scenario = io::load_scenario(scenario_path);
        const physics::World world = game::run_scenario_capped(scenario, events, max_events);
        io::write_file_atomic(result_path, io::result_to_json(world, events),
                              io::FolderSync::Later);
        return {};
    } catch (const io::InputError& e) {
        return {2, one_line(e.what())};
    } catch (const game::WorkCapReached& e) {
        return {1, one_line(scenario_path + ": " + work_cap_message(e))};
    } catch (const std::exception& e) {
        return {1, one_line(scenario_path + ": " + e.what())};
    } catch (...) {
        return {1, scenario_path + ": unknown failure"};
    }
}

} // namespace billiards::batch
