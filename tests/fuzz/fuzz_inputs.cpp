#include "fuzz_inputs.hpp"

#include <algorithm>
#include <cstdlib>

#include "game/replay.hpp"
#include "game/simulation.hpp"
#include "io/json_reader.hpp"
#include "io/match_file.hpp"
#include "io/replay_file.hpp"
#include "io/scenario.hpp"
#include "io/settings.hpp"
#include "io/share_code.hpp"
#include "net/protocol.hpp"

namespace billiards::fuzz {

bool code_input(const std::string& text) {
    io::CodeFile file;
    try {
        file = io::file_of_code(text);
    } catch (const io::InputError&) {
        return false;
    }
    const io::CodeFile again = io::file_of_code(io::code_of_file(file.text, "fuzz.json"));
    if (again.format != file.format || again.text != file.text) std::abort();
    if (file.format == io::formats::kScenario) {
        physics::World w = game::make_world(io::parse_scenario(file.text, "fuzz.json"));
        for (int i = 0; i < 4 && !w.at_rest(); ++i)
            w.step();
    }
    return true;
}

bool scenario_input(const std::string& text) {
    if (text.rfind("BIL", 0) == 0) return code_input(text);
    game::Scenario s;
    try {
        s = io::parse_scenario(text, "fuzz.json");
    } catch (const io::InputError&) {
        return false; // bad input must be reported, never crash
    }
    // A valid scenario must survive writing and reading back unchanged.
    const std::string again = io::scenario_to_json(s);
    const game::Scenario back = io::parse_scenario(again, "fuzz.json");
    if (io::scenario_to_json(back) != again) std::abort();
    physics::World w = game::make_world(s);
    for (int i = 0; i < 4 && !w.at_rest(); ++i)
        w.step();
    return true;
}

bool match_input(const std::string& text) {
    io::MatchFile f;
    try {
        f = io::parse_match(text, "fuzz.json");
    } catch (const io::InputError&) {
        return false;
    }
    const std::string again = io::match_to_json(f);
    if (io::match_to_json(io::parse_match(again, "fuzz.json")) != again) std::abort();
    // Restoring runs every shot: only short matches, with short shots, so a run stays fast.
    if (f.inputs.size() <= 4 && f.config.params.timestep >= 1e-3) {
        f.config.max_shot_seconds = std::min(f.config.max_shot_seconds, 5.0);
        try {
            io::restore_match(f, "fuzz.json");
        } catch (const io::InputError&) {
            // an input that does not fit: reported, fine
        }
    }
    return true;
}

bool settings_input(const std::string& text) {
    io::Settings s;
    try {
        s = io::parse_settings(text, "fuzz.json");
    } catch (const io::InputError&) {
        return false;
    }
    const std::string again = io::settings_to_json(s);
    if (!(io::parse_settings(again, "fuzz.json") == s)) std::abort();
    return true;
}

bool replay_input(const std::string& text) {
    io::ReplayFile r;
    try {
        r = io::parse_replay(text, "fuzz.json");
    } catch (const io::InputError&) {
        return false;
    }
    const std::string again = io::replay_to_json(r);
    if (io::replay_to_json(io::parse_replay(again, "fuzz.json")) != again) std::abort();
    // The clock is rebuilt step by step and the shot runs to rest: keep both short (and the
    // table a pool table's size, so a sanitized run stays well inside the time limit).
    if (r.steps <= 100'000 && r.params.timestep >= 1e-3 && r.balls.size() <= 32) {
        r.max_seconds = std::min(r.max_seconds, 2.0);
        (void)game::run_replay(r, io::load_standard_table(r.table_name), true);
    }
    return true;
}

bool net_input(const std::string& bytes) {
    const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.data());
    std::span<const std::uint8_t> in(data, bytes.size());
    bool any = false;
    while (in.size() >= net::kHeaderSize) {
        const auto n = net::body_length(in.first(net::kHeaderSize), nullptr);
        if (!n || in.size() < net::kHeaderSize + *n) break;
        const auto frame = in.first(net::kHeaderSize + *n);
        const auto m = net::decode_body(frame.subspan(net::kHeaderSize), nullptr);
        if (!m) break; // the server closes the connection here
        any = true;
        const std::vector<std::uint8_t> again = net::encode(*m);
        if (!std::equal(again.begin(), again.end(), frame.begin(), frame.end())) std::abort();
        // A stroke runs a whole shot (the save readers' targets fuzz those); the other inputs
        // are cheap to feed.
        const auto* input = std::get_if<net::Input>(&*m);
        if (input && input->input.kind != game::GameInput::Kind::Stroke) {
            game::GameOptions o;
            const auto g = game::make_game(game::GameKind::EightBall, o);
            std::string why;
            (void)g->feed(input->input, &why); // refused or played, never a crash
        }
        in = in.subspan(frame.size());
    }
    return any;
}

} // namespace billiards::fuzz
