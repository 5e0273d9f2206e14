#include "app/loop_script.hpp"

#include <imgui.h>

#include "app/game_screenshot.hpp"

namespace billiards::app {

namespace {

class ScriptDriver final : public FrameDriver {
  public:
    explicit ScriptDriver(const LoopOptions& o) : o_(o) {}

    bool begin_frame(long frame) override {
        if (o_.max_frames >= 0 && frame >= o_.max_frames) return false;
        if (o_.before_frame) o_.before_frame(frame);
        return true;
    }
    double frame_seconds(double measured) override {
        return o_.fake_frame_seconds > 0.0 ? o_.fake_frame_seconds : measured;
    }
    bool paced() const override { return o_.fake_frame_seconds <= 0.0; }
    void after_update(GameApp& app) override {
        if (o_.replayable) app.wait_for_computer();
    }
    void before_ui(long frame) override {
        if (o_.replayable && o_.fake_frame_seconds > 0.0)
            ImGui::GetIO().DeltaTime = static_cast<float>(o_.fake_frame_seconds);
        if (o_.before_ui) o_.before_ui(frame);
    }
    std::optional<int> after_draw(long frame, SDL_Renderer* renderer, GameApp& app) override {
        if (o_.after_draw) o_.after_draw(frame, renderer);
        if (frame != o_.screenshot_at) return std::nullopt;
        const std::string path = o_.screenshot_path.empty()
                                     ? next_screenshot_path(o_.screenshot_dir)
                                     : o_.screenshot_path;
        const std::string error = take_screenshot(renderer, path, app);
        if (!o_.quit_after_screenshot) return std::nullopt;
        SDL_RenderPresent(renderer);
        return error.empty() ? 0 : 1;
    }

  private:
    const LoopOptions& o_;
};

} // namespace

int run_loop(Platform& platform, GameApp& app, const LoopOptions& options) {
    ScriptDriver driver(options);
    return run_loop(platform, app, options.screenshot_dir, &driver);
}

} // namespace billiards::app
