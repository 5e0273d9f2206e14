// The main menu's practice and record screens: the list of drills with each one's best score,
// and a player's statistics (games and wins per kind, pots, breaks, runs, plots over the last
// games, best drills). Each draws one window and returns what the player chose; the game
// acts on it. No game state lives here.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "io/stats_db.hpp"

namespace billiards::ui {

struct DrillRow {
    std::string name; // the drill's: "stop-shot"
    std::string title;
    std::string game; // "pool", "snooker", "three-cushion"
    std::string description;
    std::string best; // "41.2 of 50", or empty before the first run
};
struct DrillsMenuInfo {
    std::vector<DrillRow> drills;
    std::string player; // whose best scores
    std::string message;
    bool error = false;
};
enum class DrillsAction : std::uint8_t { None, Start, Back };
// `picked`: the row chosen (kept between frames by the caller); Start plays it.
DrillsAction draw_drills_menu(const DrillsMenuInfo& info, int& picked);

struct StatsScreenInfo {
    std::vector<std::string> players;
    io::PlayerRecord record;            // the picked player's
    std::vector<io::GameRow> recent;    // the picked player's last games, oldest first
    std::vector<io::DrillScore> drills; // the picked player's best runs
    std::string message;                // a database that could not be read
    bool error = false;
};
enum class StatsAction : std::uint8_t { None, Pick, Back };
// Pick: `picked` (an index into players) changed.
StatsAction draw_stats_screen(const StatsScreenInfo& info, int& picked);

// A game's pot success in percent (none attempted: 0), and three-cushion's points per inning.
float pot_percent(const io::GameRow& g);
float points_per_visit(const io::GameRow& g);

} // namespace billiards::ui
