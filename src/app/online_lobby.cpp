#include "app/online_lobby.hpp"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "app/game_app.hpp"
#include "io/scenario.hpp"
#include "net/connection.hpp"
#include "net/lockstep.hpp"

namespace billiards::app {

namespace {

std::uint64_t clock_seed() {
    return static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count()) |
           1u;
}

} // namespace

void OnlineLobby::open_menu(GameApp& app) {
    menu_open_ = true;
    menu_.server = app.choices().online_server;
    menu_.name = app.choices().names[0];
    menu_.setup = app.choices();
    if (!menu_.setup.game) menu_.setup.game = game::GameKind::EightBall; // not the sandbox
    menu_.tables.tables = io::standard_table_names();
    menu_.tables.snooker_tables = io::snooker_table_names();
    menu_.message.clear();
    refresh_rejoin(app);
}

std::string OnlineLobby::room_file(const GameApp& app) const {
    if (app.storage().saved.empty()) return {};
    return (std::filesystem::path(app.storage().saved).parent_path() / "online-room.json").string();
}

std::string OnlineLobby::autosave_file(const GameApp& app) const {
    if (app.storage().saved.empty()) return {};
    return (std::filesystem::path(app.storage().saved).parent_path() / "online-autosave.json")
        .string();
}

// The Rejoin button's label: the room file's room, when there is one.
void OnlineLobby::refresh_rejoin(const GameApp& app) {
    menu_.rejoin.clear();
    if (room_gone_) {
        menu_.rejoin = "Continue the game here";
        return;
    }
    const std::string path = room_file(app);
    std::error_code ec;
    if (path.empty() || !std::filesystem::is_regular_file(path, ec)) return;
    try {
        const auto j = nlohmann::json::parse(io::read_text_file(path));
        menu_.rejoin = "Rejoin room " + j.at("code").get<std::string>();
    } catch (const std::exception&) {
        menu_.rejoin = "Rejoin the last room";
    }
}

bool OnlineLobby::rejoin(GameApp& app) {
    if (room_gone_) return continue_here(app);
    const std::string path = room_file(app);
    auto refuse = [&](const std::string& why) {
        menu_.message = path + ": " + why;
        menu_.error = true;
        return false;
    };
    LinkRequest r;
    r.kind = LinkRequest::Kind::Join;
    r.player = net::human_player(menu_.name);
    try {
        const auto j = nlohmann::json::parse(io::read_text_file(path));
        if (!j.is_object() || j.value("format", "") != "billiards-online-room/1")
            return refuse("not a billiards-online-room/1 file");
        std::string why;
        if (!net::parse_endpoint(j.at("server").get<std::string>(), r.host, r.port, &why))
            return refuse("server: " + why);
        const auto code = net::normalize_room_code(j.at("code").get<std::string>());
        if (!code) return refuse("code: not a room code");
        r.code = *code;
        const int seat = j.at("seat").get<int>();
        if (seat != 1 && seat != 2) return refuse("seat: must be 1 or 2");
        r.seat = static_cast<std::uint8_t>(seat);
        const std::string token = j.at("token").get<std::string>();
        std::size_t used = 0;
        r.token = token.size() == 16 ? std::stoull(token, &used, 16) : 0;
        if (used != 16 || r.token == 0) return refuse("token: not a seat's token");
    } catch (const std::exception& e) {
        return refuse(e.what());
    }
    session_ = std::make_unique<OnlineSession>(r, std::nullopt, autosave_file(app), room_file(app));
    rejoining_ = true;
    menu_.busy = true;
    menu_.room_code = net::display_room_code(r.code);
    menu_.message.clear();
    menu_.error = false;
    return true;
}

bool OnlineLobby::continue_here(GameApp& app) {
    const std::string save = autosave_file(app);
    if (!app.load_match(save)) {
        menu_.message = save + ": the online game could not be loaded";
        menu_.error = true;
        return false;
    }
    std::error_code ec;
    std::filesystem::remove(room_file(app), ec); // no room to rejoin any more
    room_gone_ = false;
    menu_open_ = false;
    menu_.rejoin.clear();
    menu_.message.clear();
    menu_.error = false;
    app.post("The online game goes on here: both seats at this table");
    return true;
}

bool OnlineLobby::host(GameApp& app) {
    return open(app, LinkRequest::Kind::Create);
}
bool OnlineLobby::join(GameApp& app) {
    return open(app, LinkRequest::Kind::Join);
}
bool OnlineLobby::watch(GameApp& app) {
    return open(app, LinkRequest::Kind::Watch);
}

void OnlineLobby::leave() {
    session_.reset();
    menu_.busy = false;
    menu_.room_code.clear();
}

bool OnlineLobby::playing() const {
    return session_ && session_->phase() != OnlineSession::Phase::Connecting &&
           session_->phase() != OnlineSession::Phase::Waiting;
}

bool OnlineLobby::open(GameApp& app, LinkRequest::Kind kind) {
    auto refuse = [&](const std::string& why) {
        menu_.message = why;
        menu_.error = true;
        return false;
    };
    LinkRequest r;
    r.kind = kind;
    std::string why;
    if (!net::parse_endpoint(menu_.server, r.host, r.port, &why))
        return refuse("Server: " + why + " (e.g. 127.0.0.1:7777)");
    r.player = net::human_player(menu_.name);
    if (kind != LinkRequest::Kind::Create) {
        const auto code = net::normalize_room_code(menu_.code);
        if (!code)
            return refuse("Room code: '" + menu_.code +
                          "' is not a room code (10 letters "
                          "and digits, e.g. 7K3QX-M9D2A)");
        r.code = *code;
        r.seat = kind == LinkRequest::Kind::Join ? 2 : 0;
    }
    // The address and the name are remembered (the settings file keeps them).
    app.choices().online_server = menu_.server;
    if (!menu_.name.empty()) app.choices().names[0] = menu_.name.substr(0, 32);
    if (kind == LinkRequest::Kind::Create) { // and the game hosted, as the main menu's choice
        io::Settings& c = app.choices();
        const io::Settings& s = menu_.setup;
        c.game = s.game;
        c.table = s.table;
        c.snooker_table = s.snooker_table;
        c.snooker_best_of = s.snooker_best_of;
        c.shaft = s.shaft;
        c.carom_target = s.carom_target;
        c.carom_innings = s.carom_innings;
        c.carom_breaker = s.carom_breaker;
    }
    app.save_settings();
    std::optional<net::Options> host;
    if (kind == LinkRequest::Kind::Create) {
        const io::Settings& s = menu_.setup;
        const game::GameKind game_kind = s.game.value_or(game::GameKind::EightBall);
        if (const std::string problem = s.table_problem(game_kind); !problem.empty())
            return refuse(problem);
        net::Options o;
        o.mode = game::info(game_kind).cli_name;
        o.games = static_cast<std::uint32_t>(
            game_kind == game::GameKind::Snooker ? s.snooker_best_of : menu_.games);
        o.seed = seed != 0 ? seed : clock_seed();
        o.max_shots = static_cast<std::uint32_t>(max_shots);
        o.target = static_cast<std::uint32_t>(s.carom_target);
        o.innings_limit = static_cast<std::uint32_t>(s.carom_innings);
        o.turn_seconds = static_cast<std::uint16_t>(menu_.turn_seconds);
        // As a local game of these choices plays: its table (three-cushion has one), the cue.
        if (game_kind != game::GameKind::ThreeCushion) o.table = s.table_for(game_kind);
        o.shaft = static_cast<std::uint8_t>(s.shaft);
        if (game_kind == game::GameKind::ThreeCushion)
            o.breaker = static_cast<std::int8_t>(s.carom_breaker);
        o.players[0] = r.player;
        o.players[1] = "human"; // the joiner's, once known
        host = o;
    }
    session_ = std::make_unique<OnlineSession>(r, host, autosave_file(app), room_file(app));
    rejoining_ = false;
    menu_.busy = true;
    menu_.room_code.clear();
    menu_.message.clear();
    menu_.error = false;
    return true;
}

std::string OnlineLobby::script(GameApp& app, const std::string& action, const std::string& say) {
    open_menu(app);
    say_ = say;
    if (action.empty()) return {};
    bool ok = false;
    if (action == "host") {
        print_code_ = true;
        ok = host(app);
    } else if (action.rfind("join:", 0) == 0) {
        menu_.code = action.substr(5);
        ok = join(app);
    } else if (action.rfind("watch:", 0) == 0) {
        menu_.code = action.substr(6);
        ok = watch(app);
    } else {
        return "'" + action + "' is not host, join:CODE or watch:CODE";
    }
    return ok ? std::string() : menu_.message;
}

void OnlineLobby::frame(GameApp& app, double real_seconds) {
    if (!session_) return;
    session_->frame(app, real_seconds);
    if (print_code_ && !session_->code().empty()) {
        std::printf("room %s\n", net::display_room_code(session_->code()).c_str());
        std::fflush(stdout);
        print_code_ = false;
    }
    if (!say_.empty() && session_->phase() == OnlineSession::Phase::Playing) {
        session_->say(say_);
        say_.clear();
    }
    menu_.status = session_->status();
    if (!session_->code().empty()) menu_.room_code = net::display_room_code(session_->code());
    const OnlineSession::Phase p = session_->phase();
    if (p == OnlineSession::Phase::Playing || p == OnlineSession::Phase::Over) {
        menu_open_ = false; // the match is on the table
        menu_.busy = false;
    }
    if (p == OnlineSession::Phase::Stopped && menu_.busy) { // before the match began
        menu_.busy = false;
        menu_.message = session_->problem();
        menu_.error = true;
        std::error_code ec;
        const std::string save = autosave_file(app);
        if (rejoining_ && session_->room_gone() && !save.empty() &&
            std::filesystem::is_regular_file(save, ec)) {
            room_gone_ = true;
            menu_.rejoin = "Continue the game here";
            menu_.message = "Room " + menu_.room_code +
                            " is gone: the server has it no more. The game is kept: Continue "
                            "the game here plays it on this machine, both seats at this table.";
        }
        session_.reset();
    }
}

void OnlineLobby::draw_menu(GameApp& app) {
    switch (ui::draw_online_menu(menu_)) {
    case ui::OnlineAction::Host:
        host(app);
        break;
    case ui::OnlineAction::Join:
        join(app);
        break;
    case ui::OnlineAction::Watch:
        watch(app);
        break;
    case ui::OnlineAction::Rejoin:
        rejoin(app);
        break;
    case ui::OnlineAction::Cancel:
        leave();
        break;
    case ui::OnlineAction::Back:
        menu_open_ = false;
        break;
    case ui::OnlineAction::None:
        break;
    }
}

void OnlineLobby::draw_card(GameApp& app) {
    if (!session_ || !playing()) return;
    card_.status = session_->status();
    card_.problem = session_->phase() == OnlineSession::Phase::Stopped;
    card_.chat.assign(session_->chat().begin(), session_->chat().end());
    // In the column beside the table (under the power meter and the messages), off the
    // balls.
    const render::Layout& l = app.layout();
    card_.width = static_cast<float>(std::max(l.side.w, 180.0));
    card_.x = static_cast<float>(l.side.x);
    card_.y = static_cast<float>(l.notes.y + l.notes.h * 0.5);
    if (ui::draw_online_card(card_)) {
        session_->say(card_.typing);
        card_.typing.clear();
    }
}

} // namespace billiards::app
