// A scenario's shot as a video, one frame at a time: frame k shows the table at time
// k / fps (after `at` seconds), up to the first frame at rest (or the scenario's duration,
// at most ten minutes), which is then held for half a second. `billiards render --video`
// runs it to the end with a progress bar; the game's pause menu runs a few frames per game
// frame, so that the game never freezes. The same scenario gives the same bytes.
#pragma once

#include <memory>
#include <string>

#include "game/simulation.hpp"
#include "render/video.hpp"

namespace billiards::render {

struct ShotVideoOptions {
    std::string file_name;          // its extension chooses the container (VideoWriter)
    int width = 1280, height = 720; // even
    int fps = 30;
    double at = 0.0; // seconds into the scenario's run where the video starts
    bool debug = false, paths = false, labels = false; // as `billiards render` draws them
    std::string regular_font, bold_font;               // TTF files
};

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
