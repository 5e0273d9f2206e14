#include "cli/batch_runner.hpp"

#include <fmt/format.h>

#include <charconv>
#include <exception>
#include <filesystem>
#include <map>
#include <set>

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

std::vector<std::string> result_names(const std::vector<std::string>& scenarios) {
    std::vector<std::string> names;
    std::map<std::string, int> uses;
    for (const std::string& path : scenarios) {
        std::string stem = std::filesystem::path(path).filename().string();
        if (stem.size() > 5 && stem.compare(stem.size() - 5, 5, ".json") == 0)
            stem.resize(stem.size() - 5);
        names.push_back(stem);
        ++uses[stem];
    }
    // A stem used once keeps its name; the others get "-INDEX", and another "-INDEX" while
    // that is still taken: d1/a.json, d2/a.json and a-1.json give a-0, a-1-1 and a-1. Every
    // name is then unique, whatever the inputs (the suffix is the same for all).
    std::set<std::string> taken;
    for (const std::string& stem : names)
        if (uses[stem] == 1) taken.insert(stem);
    for (std::size_t k = 0; k < names.size(); ++k) {
        if (uses[names[k]] > 1) {
            std::string name = names[k];
            do {
                name += '-';
                name += std::to_string(k);
            } while (!taken.insert(name).second);
            names[k] = name;
        }
    }
    for (std::string& name : names)
        name += ".result.json";
    return names;
}

physics::World run_capped(const game::Scenario& s, bool record_events, std::uint64_t max_events) {
    if (max_events == 0) return game::run_scenario(s, record_events);
    physics::World world = game::make_world(s);
    world.set_record_events(record_events);
    const physics::World::RunReport run = world.run_until_rest(s.duration, max_events);
    if (run.capped)
        throw WorkCapReached(fmt::format("work cap reached: the run needs more than {} events "
                                         "(--max-events {}); stopped at t = {:.6g} s with balls "
                                         "still moving; no result",
                                         max_events, max_events, world.time()));
    return world;
}

Outcome run_one(const std::string& scenario_path, const std::string& result_path, bool events,
                std::uint64_t max_events) {
    try {
        const game::Scenario scenario = io::load_scenario(scenario_path);
        const physics::World world = run_capped(scenario, events, max_events);
        io::write_file_atomic(result_path, io::result_to_json(world, events),
                              io::FolderSync::Later);
        return {};
    } catch (const io::InputError& e) {
        return {2, one_line(e.what())};
    } catch (const std::exception& e) {
        return {1, one_line(scenario_path + ": " + e.what())};
    } catch (...) {
        return {1, scenario_path + ": unknown failure"};
    }
}

} // namespace billiards::batch
