// The game's assets folder (fonts/, tables/, scenarios/), found so the game runs from any
// working directory. In order:
//   1. $BILLIARDS_ASSETS;
//   2. for a binary run from its build tree: `assets` next to the executable (the fonts are
//      copied there at build time), then the source tree's assets (BILLIARDS_ASSET_DIR);
//   3. otherwise (an installed binary): <exe>/../share/billiards (relative, so a moved
//      prefix works: BILLIARDS_RELATIVE_ASSET_DIR), then the compiled-in install prefix's
//      share/billiards (BILLIARDS_INSTALL_ASSET_DIR).
// An installed binary never looks in the source tree; a build-tree binary never prefers an
// installed (possibly stale) copy over its own tree. See cmake/Install.cmake.
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
