// A scenario's shot as a video, one frame at a time: frame k shows the table at time
// k / fps (after `at` seconds), up to the first frame at rest (or the scenario's duration,
// at most ten minutes), which is then held for half a second. `billiards render --video`
// runs it to the end with a progress bar; the game's pause menu runs a few frames per game
// frame, so that the game never freezes. The same scenario gives the same bytes.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "game/simulation.hpp"
#include "render/orientation.hpp"
#include "render/video.hpp"
#include "render/view.hpp"

namespace billiards::render {

struct ShotVideoOptions {
    std::string file_name;          // its extension chooses the container (VideoWriter)
    int width = 1280, height = 720; // even
    int fps = 30;
    double at = 0.0; // seconds into the scenario's run where the video starts
    bool debug = false, paths = false, labels = false; // as `billiards render` draws them
    std::string regular_font, bold_font;               // TTF files
};

// What `billiards render` and the video draw of a shot at one instant: the table without
// its chrome, the balls turned as they rolled, the debug vectors and labels when asked.
SceneView shot_scene(const game::Scenario& scenario, const physics::World& world,
                     const Orientations& turns, bool debug, bool labels,
                     const std::vector<PathView>& paths);
// Every ball's path from `world` (as it stands) to the end of the scenario's run.
std::vector<PathView> shot_paths(const physics::World& world, double duration);

class ShotVideo {
  public:
    // On failure ok() is false and *error says why.
    ShotVideo(const game::Scenario& scenario, const ShotVideoOptions& options, std::string* error);
    ~ShotVideo();
    ShotVideo(const ShotVideo&) = delete;
    ShotVideo& operator=(const ShotVideo&) = delete;

    bool ok() const;
    // Draws and encodes the next frame; false and *error on failure.
    bool step(std::string* error);
    bool done() const;  // every frame is in
    int frames() const; // encoded so far
    int total() const;  // what frames() will be at the end
    // After done(): flushes the encoder; the file's bytes in `bytes`.
    bool finish(std::string& bytes, std::string* error);

  private:
    struct State;
    std::unique_ptr<State> s_;
};

} // namespace billiards::render
