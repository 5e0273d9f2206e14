// GameApp's record of play: every local game's shots into the statistics database
// (io::GameRecorder, as `billiards match --record` writes them), the Drills screen and its
// drills' best scores, and the Statistics screen.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <ctime>
#include <filesystem>

#include "app/drill_mode.hpp"
#include "app/game_app.hpp"
#include "app/game_record.hpp"
#include "game/drills/drill.hpp"
#include "io/scenario.hpp"
#include "ui/record_screens.hpp"

namespace billiards::app {

namespace {

// What the statistics count of a shot the player (or the computer) played: a pot attempt is
// every shot but the break (a human's intent is not known: a safety counts as a miss); a pot,
// one that scored without a foul. Three-cushion's shots count points, not pots.
game::ShotFacts facts_of(const game::Game& g, const game::ShotOutcome& o) {
    game::ShotFacts f;
    f.shooter = o.shooter;
    f.foul = o.foul;
    if (g.kind() == game::GameKind::ThreeCushion) {
        f.points = o.points;
        return f;
    }
    f.pot_attempt = o.number > 1;
    const bool snooker = g.kind() == game::GameKind::Snooker;
    const auto objects = static_cast<int>(
        std::count_if(o.pocketed.begin(), o.pocketed.end(), [](int id) { return id != 0; }));
    f.potted = !o.foul && (snooker ? o.points > 0 : objects > 0);
    f.points = f.potted ? (snooker ? o.points : objects) : 0;
    return f;
}

// The seats' names as the record keeps them.
std::array<std::string, 2> record_names(const game::Game& g) {
    std::array<std::string, 2> names = g.names();
    for (std::size_t i = 0; i < names.size(); ++i)
        names[i] = io::recorded_name(names[i], static_cast<int>(i));
    return names;
}

} // namespace

std::string GameApp::stats_path() const {
    // The data folder: where the saved match goes (the settings may be elsewhere, in XDG's
    // config folder).
    const std::string& saved = ctx_.storage.saved;
    if (saved.empty()) return {};
    return (std::filesystem::path(saved).parent_path() / "stats.sqlite3").string();
}

io::StatsDb* GameApp::stats_db() {
    if (stats_ || stats_failed_) return stats_.get();
    const std::string path = stats_path();
    if (path.empty()) return nullptr;
    try {
        std::string notice;
        stats_ = io::StatsDb::open(path, &notice);
        if (!notice.empty()) post("Statistics: " + notice);
    } catch (const std::exception& e) {
        stats_failed_ = true;
        post(std::string("Statistics are not kept: ") + e.what());
    }
    return stats_.get();
}

void GameApp::record_shot(const game::Game& g, const game::ShotOutcome& o, bool online) {
    if (g.practice()) return; // undo would take shots back out of the record
    try {
        if (o.number == 1) {
            // An online game over whose last shots await their hash: kept until agreed.
            if (recording_ && recording_->online && recording_->winner)
                ending_ = std::move(recording_);
            recording_.reset();
            io::StatsDb* db = stats_db();
            if (!db) return;
            auto r = std::make_unique<GameRecording>(*db);
            r->online = online;
            r->stats.begin_game(o.shooter);
            r->recorder.begin(game::to_string(g.kind()), record_names(g), r->stats, o.shooter,
                              static_cast<std::int64_t>(std::time(nullptr)));
            recording_ = std::move(r);
        }
        // Resumed without its record (a save from before it), or a shot not followed: the
        // rest of this game is not recorded.
        if (!recording_ || static_cast<std::size_t>(o.number) != recording_->facts.size() + 1) {
            recording_.reset();
            return;
        }
        recording_->facts.push_back(facts_of(g, o));
        recording_->inputs_at.push_back(g.inputs().size());
        if (g.over()) recording_->winner = g.score().winner;
    } catch (const std::exception& e) { // a full disk: the game plays on
        recording_.reset();
        post(std::string("Statistics: this game is not recorded: ") + e.what());
        return;
    }
    if (!recording_->online) write_record(*recording_, static_cast<std::size_t>(-1));
}

void GameApp::write_record(GameRecording& r, std::size_t inputs) {
    const bool current = &r == recording_.get();
    try {
        while (r.written < r.facts.size() && r.inputs_at[r.written] <= inputs) {
            r.recorder.shot(r.facts[r.written]);
            r.stats.add(r.facts[r.written]);
            ++r.written;
        }
        if (!r.winner || r.written < r.facts.size()) return;
        const int winner = *r.winner;
        const bool break_and_run = r.stats.end_game(winner);
        r.recorder.end(r.stats, winner, break_and_run);
    } catch (const std::exception& e) { // a full disk: the game plays on
        post(std::string("Statistics: this game is not recorded: ") + e.what());
    }
    (current ? recording_ : ending_).reset(); // ended, or not recorded any further
}

void GameApp::online_agreed(std::size_t inputs) {
    if (ending_) write_record(*ending_, inputs);
    if (recording_ && recording_->online) write_record(*recording_, inputs);
}

void GameApp::online_stopped() {
    ending_.reset();
    if (recording_ && recording_->online) recording_.reset();
}

std::int64_t GameApp::recorded_game() const {
    return recording_ ? recording_->recorder.game() : 0;
}

std::optional<io::SavedRecord> GameApp::saved_record(const game::Game& g) const {
    // A game over carries none: loading it to look at it records nothing.
    if (!recording_ || g.over() || recording_->facts.size() != static_cast<std::size_t>(g.shots()))
        return std::nullopt;
    return io::SavedRecord{recording_->recorder.game(), recording_->recorder.started(),
                           recording_->facts};
}

// A game loaded from a save goes on in the record the save carries: the same game of the
// database when it holds the game's first shots (the shots it misses are written from the
// save), else a new game with every shot of the save (another machine's save, a database
// deleted or replaced, a game played on from an earlier save after it went further).
void GameApp::resume_record(const std::optional<io::SavedRecord>& saved, const game::Game& g) {
    recording_.reset();
    ending_.reset();
    if (!saved || g.practice() || g.over() ||
        saved->shots.size() != static_cast<std::size_t>(g.shots()))
        return;
    io::StatsDb* db = stats_db();
    if (!db) return;
    try {
        auto r = std::make_unique<GameRecording>(*db);
        r->facts = saved->shots;
        r->inputs_at.assign(r->facts.size(), 0);
        const int breaker = r->facts.front().shooter;
        r->stats.begin_game(breaker);
        const std::array<std::string, 2> names = record_names(g);
        const std::string kind = game::to_string(g.kind());
        const std::optional<io::GameInfo> had = db->game_info(saved->game);
        if (had && !had->finished && had->kind == kind && had->started == saved->started &&
            had->players == names && had->shots <= static_cast<int>(r->facts.size())) {
            r->recorder.resume(saved->game, had->shots, names, r->stats, breaker, saved->started);
            for (; r->written < static_cast<std::size_t>(had->shots); ++r->written)
                r->stats.add(r->facts[r->written]);
        } else {
            r->recorder.begin(kind, names, r->stats, breaker, saved->started);
        }
        recording_ = std::move(r);
    } catch (const std::exception& e) {
        post(std::string("Statistics: this game is not recorded: ") + e.what());
        return;
    }
    write_record(*recording_, static_cast<std::size_t>(-1));
}

std::string GameApp::drill_player() const {
    std::string name = choices_.names[0];
    name.erase(0, name.find_first_not_of(' '));
    return name.empty() ? "Player" : name;
}

void GameApp::keep_drill_score(const std::string& drill, double total, double best_possible,
                               int attempts) {
    io::StatsDb* db = stats_db();
    if (!db) return;
    try {
        io::DrillScore s;
        s.drill = drill;
        s.player = drill_player();
        s.score = total;
        s.best_possible = best_possible;
        s.attempts = attempts;
        s.played = static_cast<std::int64_t>(std::time(nullptr));
        db->add_drill_score(s);
        for (const io::DrillScore& b : db->best_drill_scores(s.player))
            if (b.drill == drill)
                post(fmt::format("Best {}: {:.1f} of {:g}", s.player, b.score, b.best_possible));
    } catch (const std::exception& e) {
        post(std::string("Statistics: the score is not kept: ") + e.what());
    }
}

void GameApp::open_menu_page(MenuPage page) {
    show_menu();
    menu_page_ = page;
    set_ui_message("", false);
}

bool GameApp::start_drill(const std::string& name) {
    const game::drills::Drill* d = game::drills::find(name);
    if (!d) {
        set_ui_message("No drill named " + name, true);
        return false;
    }
    const double possible = game::drills::max_attempt_score(*d) * d->attempts;
    const int attempts = d->attempts;
    set_mode(std::make_unique<DrillMode>(ctx_, *d, io::load_standard_table(d->table),
                                         [this, name, possible, attempts](double total) {
                                             keep_drill_score(name, total, possible, attempts);
                                         }));
    menu_page_ = MenuPage::Main;
    ctx_.over.screen = Screen::Play;
    ctx_.over.pause_menu = false;
    ctx_.clock.set_paused(false);
    ctx_.clear_messages();
    post(fmt::format("{}: {}", d->title, d->description));
    set_ui_message("", false);
    return true;
}

void GameApp::draw_menu_page() {
    io::StatsDb* db = stats_db();
    if (menu_page_ == MenuPage::Drills) {
        ui::DrillsMenuInfo info;
        info.player = drill_player();
        std::vector<io::DrillScore> best;
        try {
            if (db) best = db->best_drill_scores(info.player);
        } catch (const std::exception& e) {
            info.message = e.what();
            info.error = true;
        }
        for (const game::drills::Drill& d : game::drills::all()) {
            ui::DrillRow row{d.name, d.title, d.game, d.description, {}};
            for (const io::DrillScore& b : best)
                if (b.drill == d.name)
                    row.best = fmt::format("{:.1f} of {:g}", b.score, b.best_possible);
            info.drills.push_back(std::move(row));
        }
        if (info.message.empty()) {
            info.message = ui_message_;
            info.error = ui_error_;
        }
        switch (ui::draw_drills_menu(info, drill_pick_)) {
        case ui::DrillsAction::Start:
            start_drill(info.drills[static_cast<std::size_t>(drill_pick_)].name);
            break;
        case ui::DrillsAction::Back:
            open_menu_page(MenuPage::Main);
            break;
        case ui::DrillsAction::None:
            break;
        }
        return;
    }
    ui::StatsScreenInfo info;
    try {
        if (db) {
            info.players = db->player_names();
            stats_pick_ =
                std::clamp(stats_pick_, 0, std::max(0, static_cast<int>(info.players.size()) - 1));
            if (!info.players.empty()) {
                const std::string& name = info.players[static_cast<std::size_t>(stats_pick_)];
                const std::vector<io::PlayerRecord> r = db->players(name);
                if (!r.empty()) info.record = r.front();
                info.recent = db->recent_games(name, 30);
                info.drills = db->best_drill_scores(name);
                for (io::DrillScore& d : info.drills) // shown by the drill's title
                    if (const game::drills::Drill* drill = game::drills::find(d.drill))
                        d.drill = drill->title;
            }
        } else if (stats_path().empty()) {
            info.message = "No data folder: statistics are not kept in this run";
        }
    } catch (const std::exception& e) {
        info.message = e.what();
        info.error = true;
    }
    if (ui::draw_stats_screen(info, stats_pick_) == ui::StatsAction::Back)
        open_menu_page(MenuPage::Main);
}

} // namespace billiards::app
