#include "app/save_slots.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <filesystem>

#include "app/game_storage.hpp"
#include "io/game_file.hpp"
#include "io/scenario.hpp"

namespace billiards::app {

namespace {

// "2026-11-28 14:05", or "2026-11-28 14.05" in a name (no colon in a file name).
std::string local_time(std::time_t t, bool in_name) {
    std::tm tm{};
    localtime_r(&t, &tm);
    char text[64];
    const std::size_t n = in_name ? std::strftime(text, sizeof text, "%Y-%m-%d %H.%M", &tm)
                                  : std::strftime(text, sizeof text, "%Y-%m-%d %H:%M", &tm);
    return n > 0 ? text : "";
}

std::string score_text(const game::Game& g) {
    const game::Score s = g.score();
    const std::array<game::Seat, 2> seats = g.seats();
    const auto name = [&](int i) {
        return seats[i].name.empty() ? fmt::format("Player {}", i + 1) : seats[i].name;
    };
    std::string out = fmt::format("{} {}-{} {}", name(0), s.games[0], s.games[1], name(1));
    if (s.points[0] != 0 || s.points[1] != 0)
        out += fmt::format(", this game {}-{}", s.points[0], s.points[1]);
    return out;
}

} // namespace

std::string slot_name_problem(const std::string& name) {
    if (name.empty()) return "Give the save a name";
    if (name.size() > kSlotNameMax)
        return fmt::format("The name is too long (at most {} characters)", kSlotNameMax);
    if (name.find_first_of("/\\") != std::string::npos)
        return "A name cannot hold / or \\ (it names a file in the saves folder)";
    if (name.front() == '.') return "A name cannot start with a dot";
    if (std::any_of(name.begin(), name.end(),
                    [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }))
        return "A name cannot hold control characters";
    if (name.find(':') != std::string::npos) return "A name cannot hold a colon";
    return {};
}

std::string slot_path(const std::string& folder, const std::string& name) {
    return folder + "/" + name + ".json";
}

std::string default_slot_name(game::GameKind kind, std::time_t when) {
    return std::string(game::to_string(kind)) + " " + local_time(when, true);
}

int count_slots(const std::string& folder) {
    namespace fs = std::filesystem;
    int n = 0;
    std::error_code ec;
    if (folder.empty() || !fs::is_directory(folder, ec)) return 0;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
        if (it->path().extension() == ".json" &&
            slot_name_problem(it->path().stem().string()).empty())
            ++n;
    return n;
}

std::vector<SlotInfo> list_slots(const std::string& folder) {
    namespace fs = std::filesystem;
    std::vector<SlotInfo> out;
    std::error_code ec;
    if (folder.empty() || !fs::is_directory(folder, ec)) return out;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        const fs::path& p = it->path();
        if (p.extension() != ".json" || !it->is_regular_file(ec)) continue;
        SlotInfo slot;
        slot.name = p.stem().string();
        if (!slot_name_problem(slot.name).empty()) continue; // not one of ours
        const auto written = fs::last_write_time(p, ec);
        if (!ec) {
            slot.time =
                std::chrono::system_clock::to_time_t(std::chrono::file_clock::to_sys(written));
            slot.date = local_time(slot.time, false);
        }
        try {
            const io::LoadedGame g = io::read_game(io::read_text_file(p.string()), p.string());
            slot.game = saved_game_name(g.game->kind());
            slot.score = score_text(*g.game);
            slot.readable = true;
        } catch (const std::exception& e) {
            slot.score = e.what();
        }
        out.push_back(std::move(slot));
    }
    std::sort(out.begin(), out.end(), [](const SlotInfo& a, const SlotInfo& b) {
        return a.time != b.time ? a.time > b.time : a.name < b.name;
    });
    return out;
}

} // namespace billiards::app
