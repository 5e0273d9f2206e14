#include "render/text.hpp"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>

namespace billiards::render {

namespace {

bool read_file(const std::string& path, std::vector<char>& out, std::string* error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        *error = "cannot open the font file " + path;
        return false;
    }
    out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (out.empty()) {
        *error = "the font file " + path + " is empty";
        return false;
    }
    return true;
}

} // namespace

std::unique_ptr<Text> Text::load(SDL_Renderer* renderer, const std::string& regular_path,
                                 const std::string& bold_path, std::string* error) {
    std::vector<char> regular, bold;
    if (!read_file(regular_path, regular, error) || !read_file(bold_path, bold, error))
        return nullptr;
    if (TTF_Init() != 0) {
        *error = std::string("cannot start SDL_ttf: ") + TTF_GetError();
        return nullptr;
    }
    std::unique_ptr<Text> t(new Text(renderer, std::move(regular), std::move(bold)));
    // Check that the bytes are a usable font now rather than at the first draw.
    for (bool b : {false, true}) {
        if (!t->font(16, b)) {
            *error =
                "cannot read the font " + (b ? bold_path : regular_path) + ": " + TTF_GetError();
            return nullptr;
        }
    }
    return t;
}

Text::Text(SDL_Renderer* renderer, std::vector<char> regular, std::vector<char> bold)
    : renderer_(renderer), regular_(std::move(regular)), bold_(std::move(bold)) {}

Text::~Text() {
    for (auto& [key, e] : cache_)
        SDL_DestroyTexture(e.texture);
    for (auto& [key, f] : fonts_)
        if (f) TTF_CloseFont(f);
    TTF_Quit(); // balances the TTF_Init in load()
}

TTF_Font* Text::font(int px, bool bold) {
    const auto key = std::make_pair(px, bold);
    if (auto it = fonts_.find(key); it != fonts_.end()) return it->second;
    const std::vector<char>& bytes = bold ? bold_ : regular_;
    SDL_RWops* rw = SDL_RWFromConstMem(bytes.data(), static_cast<int>(bytes.size()));
    TTF_Font* f = rw ? TTF_OpenFontRW(rw, 1, px) : nullptr;
    if (f) TTF_SetFontHinting(f, TTF_HINTING_LIGHT);
    fonts_[key] = f;
    return f;
}

Text::Entry* Text::entry(const std::string& s, int px, bool bold) {
    Key key{s, px, bold};
    auto it = cache_.find(key);
    if (it == cache_.end()) {
        TTF_Font* f = font(px, bold);
        if (!f) return nullptr;
        SDL_Surface* surface = TTF_RenderUTF8_Blended(f, s.c_str(), SDL_Color{255, 255, 255, 255});
        if (!surface) {
            if (!failed_once_) std::fprintf(stderr, "billiards: text: %s\n", TTF_GetError());
            failed_once_ = true;
            return nullptr;
        }
        Entry e;
        e.texture = SDL_CreateTextureFromSurface(renderer_, surface);
        e.w = surface->w;
        e.h = surface->h;
        SDL_FreeSurface(surface);
        if (!e.texture) return nullptr;
        SDL_SetTextureBlendMode(e.texture, SDL_BLENDMODE_BLEND);
        it = cache_.emplace(std::move(key), e).first;
    }
    it->second.used = frame_;
    return &it->second;
}

const Text::Bitmap* Text::bitmap(const std::string& s, double px, bool bold) {
    const int size = static_cast<int>(std::lround(px));
    if (s.empty() || size < 4) return nullptr;
    Key key{s, size, bold};
    auto it = bitmaps_.find(key);
    if (it == bitmaps_.end()) {
        TTF_Font* f = font(size, bold);
        if (!f) return nullptr;
        SDL_Surface* drawn = TTF_RenderUTF8_Blended(f, s.c_str(), SDL_Color{255, 255, 255, 255});
        SDL_Surface* surface =
            drawn ? SDL_ConvertSurfaceFormat(drawn, SDL_PIXELFORMAT_ARGB8888, 0) : nullptr;
        if (drawn) SDL_FreeSurface(drawn);
        if (!surface) return nullptr;
        Painted p;
        p.bitmap.w = surface->w;
        p.bitmap.h = surface->h;
        p.bitmap.alpha.resize(static_cast<std::size_t>(surface->w) *
                              static_cast<std::size_t>(surface->h));
        if (SDL_LockSurface(surface) == 0) {
            for (int y = 0; y < surface->h; ++y) {
                const auto* row = reinterpret_cast<const std::uint32_t*>(
                    static_cast<const std::uint8_t*>(surface->pixels) + y * surface->pitch);
                for (int x = 0; x < surface->w; ++x)
                    p.bitmap.alpha[static_cast<std::size_t>(y * surface->w + x)] =
                        static_cast<std::uint8_t>(row[x] >> 24);
            }
            SDL_UnlockSurface(surface);
        }
        SDL_FreeSurface(surface);
        it = bitmaps_.emplace(std::move(key), std::move(p)).first;
    }
    it->second.used = frame_;
    return &it->second.bitmap;
}

Vec2 Text::measure(const std::string& s, double px, bool bold) {
    const int size = static_cast<int>(std::lround(px));
    if (s.empty() || size < 4) return {};
    int w = 0, h = 0;
    TTF_Font* f = font(size, bold);
    if (!f || TTF_SizeUTF8(f, s.c_str(), &w, &h) != 0) return {};
    return {static_cast<double>(w), static_cast<double>(h)};
}

std::vector<std::string> Text::wrap(const std::string& s, double px, double max_width, bool bold) {
    if (s.empty() || measure(s, px, bold).x <= max_width) return {s};
    auto fits = [&](const std::string& line) { return measure(line, px, bold).x <= max_width; };
    std::vector<std::string> lines;
    std::string line;
    std::size_t i = 0;
    while (i < s.size()) {
        std::size_t end = s.find(' ', i);
        if (end == std::string::npos) end = s.size();
        std::string word = s.substr(i, end - i);
        i = end + 1;
        const std::string joined = line.empty() ? word : line + " " + word;
        if (fits(joined)) {
            line = joined;
            continue;
        }
        if (!line.empty()) lines.push_back(line);
        line.clear();
        // A word wider than a line: as many whole UTF-8 characters as fit, then the rest.
        while (!word.empty() && !fits(word)) {
            std::size_t cut = 0;
            for (std::size_t k = 1; k <= word.size(); ++k) {
                if (k < word.size() && (static_cast<unsigned char>(word[k]) & 0xC0) == 0x80)
                    continue;
                if (!fits(word.substr(0, k))) break;
                cut = k;
            }
            if (cut == 0) { // not even one character fits: one per line
                cut = 1;
                while (cut < word.size() && (static_cast<unsigned char>(word[cut]) & 0xC0) == 0x80)
                    ++cut;
            }
            lines.push_back(word.substr(0, cut));
            word.erase(0, cut);
        }
        line = word;
    }
    if (!line.empty()) lines.push_back(line);
    return lines;
}

Vec2 Text::draw(const std::string& s, Vec2 pos, double px, Color color, bool bold, Align align,
                bool middle) {
    const int size = static_cast<int>(std::lround(px));
    if (s.empty() || size < 4) return {};
    Entry* e = entry(s, size, bold);
    if (!e) return {};
    double x = pos.x;
    if (align == Align::Center) x -= e->w / 2.0;
    if (align == Align::Right) x -= e->w;
    const double y = middle ? pos.y - e->h / 2.0 : pos.y;
    SDL_SetTextureColorMod(e->texture, color.r, color.g, color.b);
    SDL_SetTextureAlphaMod(e->texture, color.a);
    const SDL_FRect dst{static_cast<float>(x), static_cast<float>(y), static_cast<float>(e->w),
                        static_cast<float>(e->h)};
    SDL_RenderCopyF(renderer_, e->texture, nullptr, &dst);
    return {static_cast<double>(e->w), static_cast<double>(e->h)};
}

void Text::end_frame() {
    // Strings that change every frame (timings) would pile up: keep only recent ones.
    const std::uint64_t keep = cache_.size() > 256 ? 0 : 120;
    // Each window size brings new pixel sizes: drop the fonts now and then (they reopen).
    if (fonts_.size() > 32) {
        for (auto& [key, f] : fonts_)
            if (f) TTF_CloseFont(f);
        fonts_.clear();
    }
    for (auto it = cache_.begin(); it != cache_.end();) {
        if (frame_ - it->second.used > keep) {
            SDL_DestroyTexture(it->second.texture);
            it = cache_.erase(it);
        } else {
            ++it;
        }
    }
    for (auto it = bitmaps_.begin(); it != bitmaps_.end();)
        it = frame_ - it->second.used > keep ? bitmaps_.erase(it) : std::next(it);
    ++frame_;
}

} // namespace billiards::render
