// The game's assets folder (fonts), found relative to the executable so the game runs from
// any directory: $BILLIARDS_ASSETS, then `assets` next to the executable, then
// ../share/billiards/assets, then the source tree's assets (BILLIARDS_ASSET_DIR).
#pragma once

#include <string>
#include <vector>

namespace billiards::app {

struct AssetSearch {
    std::string dir;                // empty when not found
    std::vector<std::string> tried; // every folder looked at, in order
};

AssetSearch find_assets();
// "cannot find the game's assets (fonts/DejaVuSans.ttf); looked in: ..." for the user.
std::string missing_assets_message(const AssetSearch& search);

std::string font_path(const std::string& assets, bool bold);

} // namespace billiards::app
