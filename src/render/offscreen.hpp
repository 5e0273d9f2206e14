// Drawing with no window: an SDL software renderer on a surface, read back as RGBA and
// written as PNG (stb_image_write). Needs neither a display nor SDL_INIT_VIDEO.
#pragma once

#include <SDL.h>

#include <cstdint>
#include <string>
#include <vector>

namespace billiards::render {

// Tightly packed RGBA8, rows top to bottom.
struct Image {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgba;

    // Channel values of pixel (x, y); (0,0,0,0) outside the image.
    struct Pixel {
        std::uint8_t r = 0, g = 0, b = 0, a = 0;
    };
    Pixel at(int x, int y) const;
};

class OffscreenTarget {
  public:
    // Empty renderer() and *error set on failure.
    OffscreenTarget(int width, int height, std::string* error);
    ~OffscreenTarget();
    OffscreenTarget(const OffscreenTarget&) = delete;
    OffscreenTarget& operator=(const OffscreenTarget&) = delete;

    SDL_Renderer* renderer() const { return renderer_; }
    Image read() const;

  private:
    SDL_Surface* surface_ = nullptr;
    SDL_Renderer* renderer_ = nullptr;
};

// Reads what a renderer has drawn (before SDL_RenderPresent); empty image on failure.
Image read_pixels(SDL_Renderer* renderer);
// The PNG file's bytes in `png`; false and *error on failure. (Files are written by the
// caller, through io::write_file_atomic.)
bool encode_png(const Image& image, std::string& png, std::string* error);

} // namespace billiards::render
