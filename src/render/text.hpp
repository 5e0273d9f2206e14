// Text through SDL2_ttf: fonts loaded once from the asset folder, one TTF_Font per pixel
// size, and a small cache of rendered strings (white textures tinted at draw time).
#pragma once

#include <SDL.h>
#include <SDL_ttf.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "core/vec.hpp"
#include "render/colors.hpp"

namespace billiards::render {

enum class Align { Left, Center, Right };

class Text {
  public:
    // Reads both font files; on failure returns nullptr and *error names the path and why.
    static std::unique_ptr<Text> load(SDL_Renderer* renderer, const std::string& regular_path,
                                      const std::string& bold_path, std::string* error);
    ~Text();
    Text(const Text&) = delete;
    Text& operator=(const Text&) = delete;

    // Draws `s` with its top edge at pos.y (or its middle when `middle`); returns the size
    // in pixels. Empty strings and sizes below 4 px draw nothing.
    Vec2 draw(const std::string& s, Vec2 pos, double px, Color color, bool bold = false,
              Align align = Align::Left, bool middle = false);
    Vec2 measure(const std::string& s, double px, bool bold = false);
    // `s` in lines no wider than max_width: broken at spaces, and a word too long for a line
    // on its own broken between characters. One line when it fits (or nothing measures).
    std::vector<std::string> wrap(const std::string& s, double px, double max_width,
                                  bool bold = false);
    // The coverage of `s` drawn at px (0..255 a pixel, row by row), for painting text into
    // pixels of our own (a ball's number); null when it cannot be drawn.
    struct Bitmap {
        int w = 0, h = 0;
        std::vector<std::uint8_t> alpha;
    };
    const Bitmap* bitmap(const std::string& s, double px, bool bold = false);
    // Frees strings not drawn for a while; call once per frame.
    void end_frame();

  private:
    struct Entry {
        SDL_Texture* texture = nullptr;
        int w = 0, h = 0;
        std::uint64_t used = 0;
    };
    using Key = std::tuple<std::string, int, bool>;

    Text(SDL_Renderer* renderer, std::vector<char> regular, std::vector<char> bold);
    TTF_Font* font(int px, bool bold);
    Entry* entry(const std::string& s, int px, bool bold);

    SDL_Renderer* renderer_;
    std::vector<char> regular_, bold_; // font file bytes; TTF reads them lazily
    std::map<std::pair<int, bool>, TTF_Font*> fonts_;
    std::map<Key, Entry> cache_;
    struct Painted {
        Bitmap bitmap;
        std::uint64_t used = 0;
    };
    std::map<Key, Painted> bitmaps_;
    std::uint64_t frame_ = 0;
    bool failed_once_ = false;
};

} // namespace billiards::render
