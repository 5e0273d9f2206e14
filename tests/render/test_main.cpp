// GoogleTest main for the game tests: no display needed (SDL's offscreen video driver and
// dummy audio unless the environment already says otherwise). The software renderer: on the
// offscreen driver the GL one reads every frame back (about 20 ms a frame).
#include <gtest/gtest.h>

#include <cstdlib>

int main(int argc, char** argv) {
    setenv("SDL_VIDEODRIVER", "offscreen", 0);
    setenv("SDL_AUDIODRIVER", "dummy", 0);
    setenv("SDL_RENDER_DRIVER", "software", 0);
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
