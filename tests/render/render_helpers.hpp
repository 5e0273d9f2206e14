// Shared by the render tests: a 9-ft table, a scene of balls, drawing into an image.
#pragma once

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "game/rack.hpp"
#include "game/table.hpp"
#include "io/scenario.hpp"
#include "render/offscreen.hpp"
#include "render/scene.hpp"

namespace billiards::test {

inline const game::Table& nine_foot() {
    static const game::Table t = game::build_table(game::TableSpec{});
    return t;
}

inline render::BallView ball(int id, Vec2 p) {
    render::BallView b;
    b.id = id;
    b.position = p;
    b.radius = physics::kBallRadius;
    return b;
}

inline render::SceneView table_scene(std::vector<render::BallView> balls, bool chrome = false) {
    render::SceneView v;
    v.table = &nine_foot();
    v.balls = std::move(balls);
    v.chrome = chrome;
    return v;
}

// Draws `view` at width x height with the shipped fonts; also saves it as a PNG under
// $BILLIARDS_SHOTS_DIR when that is set (for looking at what the tests draw).
inline render::Image draw_scene(const render::SceneView& view, int width, int height,
                                const std::string& name = {}) {
    std::string error;
    render::OffscreenTarget target(width, height, &error);
    if (!target.renderer()) return {};
    const std::string fonts = BILLIARDS_TEST_FONT_DIR;
    auto text = render::Text::load(target.renderer(), fonts + "/DejaVuSans.ttf",
                                   fonts + "/DejaVuSans-Bold.ttf", &error);
    render::SceneRenderer scene(target.renderer(), text.get());
    scene.draw(view, width, height);
    render::Image img = target.read();
    const char* dir = std::getenv("BILLIARDS_SHOTS_DIR");
    std::string png;
    if (dir && !name.empty() && render::encode_png(img, png, &error))
        io::write_file_atomic(std::string(dir) + "/" + name + ".png", png);
    return img;
}

} // namespace billiards::test
