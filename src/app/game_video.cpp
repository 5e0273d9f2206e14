// GameApp's "Save last shot as video": the last shot rendered by render/shot_video.hpp (as
// `billiards render --video` does) into the videos folder, a few frames in each update()
// within a budget of real time, so that the game goes on and a progress bar shows. The file
// is written atomically when the last frame is in; any failure is a message.
#include <algorithm>
#include <chrono>
#include <exception>
#include <filesystem>

#include "app/game_app.hpp"
#include "app/game_assets.hpp"
#include "io/scenario.hpp"
#include "render/shot_video.hpp"

namespace billiards::app {

namespace {

constexpr auto kFrameBudget = std::chrono::milliseconds(25); // of each game frame

} // namespace

void GameApp::set_video_format(int width, int height, int fps) {
    video_w_ = std::clamp(width / 2 * 2, 16, 4096); // even sides
    video_h_ = std::clamp(height / 2 * 2, 16, 4096);
    video_fps_ = std::clamp(fps, 1, 120);
}

double GameApp::video_progress() const {
    if (!video_) return 0.0;
    return static_cast<double>(video_->frames()) / std::max(video_->total(), 1);
}

bool GameApp::save_last_shot_video() {
    if (video_) {
        set_ui_message("A video is being saved already", true);
        return false;
    }
    const std::string& folder = ctx_.storage.videos;
    if (folder.empty()) {
        set_ui_message("Saving is off (no folder for the game's files)", true);
        return false;
    }
    std::optional<game::Scenario> shot;
    try {
        shot = mode_->last_shot_scenario();
    } catch (const std::exception& e) {
        set_ui_message(std::string("No video: ") + e.what(), true);
        return false;
    }
    const std::string name = mode_->last_shot_file_name();
    if (!shot || name.empty()) {
        set_ui_message("No shot to save yet", true);
        return false;
    }
    const AssetSearch assets = find_assets();
    if (assets.dir.empty()) {
        set_ui_message(missing_assets_message(assets), true);
        return false;
    }
    render::ShotVideoOptions o;
    video_path_ = folder + "/" + std::filesystem::path(name).replace_extension(".mp4").string();
    o.file_name = video_path_;
    o.width = video_w_;
    o.height = video_h_;
    o.fps = video_fps_;
    o.paths = true; // the balls' paths, as a player would want to show the shot
    o.regular_font = font_path(assets.dir, false);
    o.bold_font = font_path(assets.dir, true);
    std::string error;
    try {
        video_ = std::make_unique<render::ShotVideo>(*shot, o, &error);
    } catch (const std::exception& e) {
        error = e.what();
        video_.reset();
    }
    if (!video_ || !video_->ok()) {
        video_.reset();
        set_ui_message("No video: " + error, true);
        return false;
    }
    set_ui_message("Saving the video...", false);
    return true;
}

void GameApp::video_frames() {
    const auto start = std::chrono::steady_clock::now();
    std::string error;
    do {
        if (!video_->step(&error)) return end_video(error);
    } while (!video_->done() && std::chrono::steady_clock::now() - start < kFrameBudget);
    if (!video_->done()) return;
    std::string bytes;
    if (!video_->finish(bytes, &error)) return end_video(error);
    try {
        std::error_code ec; // a failure to make it shows in the write's message
        std::filesystem::create_directories(ctx_.storage.videos, ec);
        io::write_file_atomic(video_path_, bytes);
    } catch (const std::exception& e) {
        return end_video(e.what());
    }
    end_video("");
}

void GameApp::end_video(const std::string& error) {
    const int frames = video_ ? video_->frames() : 0;
    video_.reset();
    const std::string text =
        error.empty() ? "Video saved: " + video_path_ + " (" + std::to_string(frames) + " frames)"
                      : "Video not saved: " + error;
    set_ui_message(text, !error.empty());
    post(error.empty() ? "Video saved: " + std::filesystem::path(video_path_).filename().string()
                       : text);
}

} // namespace billiards::app
