// GoogleTest main for the game tests: no display needed (SDL's offscreen video driver and
// dummy audio unless the environment already says otherwise). The software renderer with no
// GL behind the window surface: on the offscreen driver GL reads every frame back (about
// 20 ms a frame), and Mesa's EGL leaves allocations LeakSanitizer reports.
#include <gtest/gtest.h>

#include <cstdlib>

int main(int argc, char** argv) {
    setenv("SDL_VIDEODRIVER", "offscreen", 0);
    setenv("SDL_AUDIODRIVER", "dummy", 0);
    setenv("SDL_RENDER_DRIVER", "software", 0);
    setenv("SDL_FRAMEBUFFER_ACCELERATION", "0", 0);
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
