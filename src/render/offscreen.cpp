#include "render/offscreen.hpp"

#include <string>

#define STB_IMAGE_WRITE_STATIC // private copy: another module may compile stb too
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>

namespace billiards::render {

Image::Pixel Image::at(int x, int y) const {
    if (x < 0 || y < 0 || x >= width || y >= height) return {};
    const std::size_t i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                           static_cast<std::size_t>(x)) *
                          4;
    return {rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]};
}

OffscreenTarget::OffscreenTarget(int width, int height, std::string* error) {
    surface_ = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ABGR8888);
    if (!surface_) {
        *error = std::string("cannot create a ") + std::to_string(width) + "x" +
                 std::to_string(height) + " image: " + SDL_GetError();
        return;
    }
    renderer_ = SDL_CreateSoftwareRenderer(surface_);
    if (!renderer_) *error = std::string("cannot create a software renderer: ") + SDL_GetError();
}

OffscreenTarget::~OffscreenTarget() {
    if (renderer_) SDL_DestroyRenderer(renderer_);
    if (surface_) SDL_FreeSurface(surface_);
}

Image OffscreenTarget::read() const {
    return renderer_ ? read_pixels(renderer_) : Image{};
}

Image read_pixels(SDL_Renderer* renderer) {
    Image img;
    if (SDL_GetRendererOutputSize(renderer, &img.width, &img.height) != 0 || img.width <= 0 ||
        img.height <= 0)
        return {};
    img.rgba.resize(static_cast<std::size_t>(img.width) * static_cast<std::size_t>(img.height) * 4);
    // ABGR8888 is R, G, B, A in memory order on little-endian machines; RGBA32 names that
    // byte order on every machine.
    if (SDL_RenderReadPixels(renderer, nullptr, SDL_PIXELFORMAT_RGBA32, img.rgba.data(),
                             img.width * 4) != 0)
        return {};
    for (std::size_t i = 3; i < img.rgba.size(); i += 4)
        img.rgba[i] = 255; // opaque PNG
    return img;
}

bool encode_png(const Image& image, std::string& png, std::string* error) {
    if (image.width <= 0 || image.height <= 0) {
        *error = "nothing to encode (an empty image)";
        return false;
    }
    png.clear();
    // In memory: the caller writes the bytes through the one atomic writer (io), so a full
    // disk is an error and never leaves a truncated PNG in place.
    auto append = [](void* context, void* data, int size) {
        static_cast<std::string*>(context)->append(static_cast<const char*>(data),
                                                   static_cast<std::size_t>(size));
    };
    if (!stbi_write_png_to_func(append, &png, image.width, image.height, 4, image.rgba.data(),
                                image.width * 4)) {
        *error = "cannot encode the PNG (out of memory?)";
        return false;
    }
    return true;
}

} // namespace billiards::render
