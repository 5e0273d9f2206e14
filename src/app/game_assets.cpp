#include "app/game_assets.hpp"

#include <SDL.h>

#include <cstdlib>
#include <filesystem>

namespace billiards::app {

namespace {

namespace fs = std::filesystem;

constexpr const char* kProbe = "fonts/DejaVuSans.ttf";

std::string executable_dir() {
    char* base = SDL_GetBasePath(); // works before SDL_Init
    if (!base) return {};
    std::string dir = base;
    SDL_free(base);
    return dir;
}

// True when the executable sits in the build tree it was compiled in (BILLIARDS_BUILD_DIR,
// the runtime output folder); an installed copy, or a build tree moved away, is not.
bool in_build_tree([[maybe_unused]] const std::string& exe) {
#ifdef BILLIARDS_BUILD_DIR
    if (exe.empty()) return false;
    std::error_code ec;
    return fs::equivalent(fs::path(exe), fs::path(BILLIARDS_BUILD_DIR), ec) && !ec;
#else
    return false;
#endif
}

} // namespace

std::string font_path(const std::string& assets, bool bold) {
    return (fs::path(assets) / "fonts" / (bold ? "DejaVuSans-Bold.ttf" : "DejaVuSans.ttf"))
        .string();
}

AssetSearch find_assets() {
    AssetSearch s;
    std::vector<fs::path> candidates;
    if (const char* env = std::getenv("BILLIARDS_ASSETS"); env && *env)
        candidates.emplace_back(env);
    const std::string exe = executable_dir();
    if (in_build_tree(exe)) {
        candidates.push_back(fs::path(exe) / "assets");
#ifdef BILLIARDS_ASSET_DIR
        candidates.emplace_back(BILLIARDS_ASSET_DIR);
#endif
    } else {
#ifdef BILLIARDS_RELATIVE_ASSET_DIR
        if (!exe.empty()) candidates.push_back(fs::path(exe) / BILLIARDS_RELATIVE_ASSET_DIR);
#else
        if (!exe.empty()) candidates.push_back(fs::path(exe) / ".." / "share" / "billiards");
#endif
#ifdef BILLIARDS_INSTALL_ASSET_DIR
        candidates.emplace_back(BILLIARDS_INSTALL_ASSET_DIR);
#endif
    }
    for (const auto& c : candidates) {
        const fs::path dir = c.lexically_normal();
        s.tried.push_back(dir.string());
        std::error_code ec;
        if (fs::is_regular_file(dir / kProbe, ec)) {
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
