#include "net/lockstep.hpp"

#include <memory>

#include "core/hash.hpp"
#include "game/cue.hpp"
#include "game/levels.hpp"
#include "net/protocol.hpp"

namespace billiards::net {

std::uint64_t game_hash(const game::Game& g) {
    Hasher h;
    h.add_u64(g.world().state_hash());
    const game::Score s = g.score();
    h.add_int(s.game_number);
    for (std::size_t i = 0; i < 2; ++i) {
        h.add_int(s.games[i]);
        h.add_int(s.points[i]);
    }
    h.add_int(s.winner);
    h.add_int(g.over() ? 1 : 0);
    h.add_int(g.next().shooter);
    h.add_int(g.shots());
    h.add_u64(g.inputs().size());
    return h.value();
}

std::uint64_t determinism_fingerprint(const std::string& build) {
    game::GameOptions o;
    for (game::Seat& seat : o.seats) {
        seat.kind = game::SeatKind::Computer;
        seat.level = game::AiLevel::Easy;
    }
    o.seed = 20261127;
    const std::unique_ptr<game::Game> g = game::make_game(game::GameKind::EightBall, o);
    // A hard break off centre, with side and draw, so that the cushions, the pockets and the
    // spin all take part; then two moves of the computer (its search and noise).
    game::Stroke br;
    br.shot = {0.013, 7.5, 0.2, -0.3, 0.05};
    (void)g->shoot(br);
    for (int i = 0; i < 2 && !g->over() && g->computer_to_act(); ++i)
        (void)g->play_computer_turn();
    Hasher h;
    h.add_u64(game_hash(*g));
    h.add_int(kProtocolVersion);
    for (const char c : build)
        h.add_int(c);
    return h.value();
}

bool parse_player(const std::string& text, game::Seat& seat) {
    seat = {};
    if (text == "ai" || text.rfind("ai:", 0) == 0) {
        seat.kind = game::SeatKind::Computer;
        seat.level = game::AiLevel::Medium;
        return text == "ai" || game::parse_ai_level(text.substr(3), seat.level);
    }
    if (text == "human") return true;
    if (text.rfind("human:", 0) != 0) return false;
    seat.name = text.substr(6);
    return !seat.name.empty() && seat.name.size() <= kMaxPlayerName && printable(seat.name);
}

std::string human_player(const std::string& name) {
    std::string n = sanitize_chat(name);
    n.erase(0, n.find_first_not_of(' '));
    while (!n.empty() && n.back() == ' ')
        n.pop_back();
    if (n.size() > kMaxPlayerName) n.resize(kMaxPlayerName);
    return n.empty() ? "human" : "human:" + n;
}

std::string player_label(const game::Seat& seat) {
    if (seat.kind == game::SeatKind::Computer)
        return std::string("ai:") + game::to_string(seat.level);
    return seat.name.empty() ? "human" : "human:" + seat.name;
}

bool apply_room_setup(const Options& o, game::GameKind kind, const TableLookup& tables,
                      game::GameOptions& options, std::string* why) {
    if (!o.table.empty()) {
        std::optional<game::TableSpec> spec;
        if (tables) spec = tables(kind, o.table);
        if (!spec) {
            if (why) *why = "the room's table '" + o.table + "' (not a " + o.mode + " table here)";
            return false;
        }
        options.table = *spec;
    }
    // The ordinary shaft is the game's own cue: left unset, as before the choice.
    if (o.shaft != 0) options.cue = game::play_cue(static_cast<game::Shaft>(o.shaft));
    options.breaker = o.breaker;
    return true;
}

std::unique_ptr<game::Game> make_room_game(const Options& o, std::string* why,
                                           const TableLookup& tables, bool computers_here) {
    auto refuse = [&](const std::string& text) -> std::unique_ptr<game::Game> {
        if (why) *why = text;
        return nullptr;
    };
    game::GameKind kind{};
    if (!game::parse_game_kind(o.mode, kind)) return refuse("the room's mode '" + o.mode + "'");
    game::Noise noise = game::Noise::Level;
    if (!game::parse_noise(o.noise, noise)) return refuse("the room's noise '" + o.noise + "'");
    game::GameOptions options;
    for (std::size_t i = 0; i < 2; ++i) {
        if (!parse_player(o.players[i], options.seats[i]))
            return refuse("the room's player '" + o.players[i] + "'");
        options.seats[i].noise = noise;
        if (!computers_here && options.seats[i].kind == game::SeatKind::Computer) {
            options.seats[i].name =
                std::string("Computer (") + game::to_string(options.seats[i].level) + ")";
            options.seats[i].kind = game::SeatKind::Human;
        }
    }
    options.seed = o.seed;
    options.max_shots = static_cast<int>(o.max_shots);
    options.best_of = static_cast<int>(o.games);
    options.target = static_cast<int>(o.target);
    options.innings_limit = static_cast<int>(o.innings_limit);
    if (!apply_room_setup(o, kind, tables, options, why)) return nullptr;
    return game::make_game(kind, options);
}

} // namespace billiards::net
