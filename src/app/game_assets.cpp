#include "app/game_assets.hpp"

#include <SDL.h>

#include <cstdlib>
#include <filesystem>

namespace billiards::app {

namespace {

constexpr const char* kProbe = "fonts/DejaVuSans.ttf";

std::string executable_dir() {
    char* base = SDL_GetBasePath(); // works before SDL_Init
    if (!base) return {};
    std::string dir = base;
    SDL_free(base);
    return dir;
}

} // namespace

std::string font_path(const std::string& assets, bool bold) {
    return (std::filesystem::path(assets) / "fonts" /
            (bold ? "DejaVuSans-Bold.ttf" : "DejaVuSans.ttf"))
        .string();
}

AssetSearch find_assets() {
    AssetSearch s;
    std::vector<std::filesystem::path> candidates;
    if (const char* env = std::getenv("BILLIARDS_ASSETS"); env && *env)
        candidates.emplace_back(env);
    const std::string exe = executable_dir();
    if (!exe.empty()) {
        candidates.push_back(std::filesystem::path(exe) / "assets");
        candidates.push_back(std::filesystem::path(exe) / ".." / "share" / "billiards" / "assets");
    }
#ifdef BILLIARDS_ASSET_DIR
    candidates.emplace_back(BILLIARDS_ASSET_DIR);
#endif
    for (const auto& c : candidates) {
        const std::filesystem::path dir = c.lexically_normal();
        s.tried.push_back(dir.string());
        std::error_code ec;
        if (std::filesystem::is_regular_file(dir / kProbe, ec)) {
            s.dir = dir.string();
            return s;
        }
    }
    return s;
}

std::string missing_assets_message(const AssetSearch& search) {
    std::string m = std::string("cannot find the game's assets (") + kProbe + "); looked in:";
    for (std::size_t i = 0; i < search.tried.size(); ++i)
        m += (i ? ", " : " ") + search.tried[i];
    m += ". Set BILLIARDS_ASSETS to the folder that holds fonts/.";
    return m;
}

} // namespace billiards::app
