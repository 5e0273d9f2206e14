#include "app/game_screenshot.hpp"

#include <ctime>
#include <exception>
#include <filesystem>

#include "io/scenario.hpp"
#include "io/user_files.hpp"
#include "render/offscreen.hpp"

namespace billiards::app {

std::string default_screenshot_dir() {
    return (std::filesystem::path(io::user_data_dir()) / "screenshots").string();
}

std::string next_screenshot_path(const std::string& dir) {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    localtime_r(&now, &tm);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    const std::filesystem::path base =
        std::filesystem::path(dir.empty() ? default_screenshot_dir() : dir);
    std::filesystem::path p = base / (std::string("billiards-") + stamp + ".png");
    for (int k = 2; std::filesystem::exists(p); ++k)
        p = base / (std::string("billiards-") + stamp + "-" + std::to_string(k) + ".png");
    return p.string();
}

std::string save_screenshot(SDL_Renderer* renderer, const std::string& path) {
    const std::filesystem::path parent = std::filesystem::path(path).parent_path();
    std::error_code ec;
    if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    if (ec) return "cannot create the folder " + parent.string() + ": " + ec.message();
    const render::Image img = render::read_pixels(renderer);
    if (img.width == 0) return std::string("cannot read the screen: ") + SDL_GetError();
    std::string error, png;
    if (!render::encode_png(img, png, &error)) return error;
    try {
        io::write_file_atomic(path, png);
    } catch (const std::exception& e) {
        return e.what();
    }
    return {};
}

} // namespace billiards::app
