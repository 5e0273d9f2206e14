// Frames to a video file's bytes with Debian's libavcodec and libavformat: H.264 (libx264)
// in .mp4, .mkv or .mov, VP9 (libvpx) in .webm. The file is built in memory, so the caller
// writes it atomically like every other output. One encoder thread: the same frames give
// the same bytes.
#pragma once

#include <memory>
#include <string>

#include "render/offscreen.hpp"

namespace billiards::render {

class VideoWriter {
  public:
    // `file_name` chooses the container by its extension; width and height must be even.
    // On failure ok() is false and *error says why.
    VideoWriter(const std::string& file_name, int width, int height, int fps, std::string* error);
    ~VideoWriter();
    VideoWriter(const VideoWriter&) = delete;
    VideoWriter& operator=(const VideoWriter&) = delete;

    bool ok() const;
    // One frame of the writer's size; false and *error on failure.
    bool add(const Image& frame, std::string* error);
    // Flushes the encoder and closes the container: the file's bytes in `bytes`.
    bool finish(std::string& bytes, std::string* error);
    int frames() const;

    // The extensions a video may have: ".mp4", ".mkv", ".mov", ".webm".
    static bool known_extension(const std::string& file_name);

  private:
    struct State;
    std::unique_ptr<State> s_;
};

} // namespace billiards::render
