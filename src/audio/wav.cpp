#include "audio/wav.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>

namespace billiards::audio {

namespace {

void put(std::string& s, std::uint32_t v, int bytes) {
    for (int k = 0; k < bytes; ++k)
        s.push_back(static_cast<char>((v >> (8 * k)) & 0xffu));
}

} // namespace

std::string wav_bytes(const Clip& clip) {
    const auto data = static_cast<std::uint32_t>(clip.samples.size() * 2);
    const auto rate = static_cast<std::uint32_t>(clip.rate);
    std::string s = "RIFF";
    put(s, 36 + data, 4);
    s += "WAVEfmt ";
    put(s, 16, 4);
    put(s, 1, 2); // PCM
    put(s, 1, 2); // mono
    put(s, rate, 4);
    put(s, rate * 2, 4);
    put(s, 2, 2);
    put(s, 16, 2);
    s += "data";
    put(s, data, 4);
    for (const float x : clip.samples) {
        const auto v =
            static_cast<std::int16_t>(std::lround(std::clamp(x, -1.0f, 1.0f) * 32767.0f));
        put(s, static_cast<std::uint16_t>(v), 2);
    }
    return s;
}

bool write_wav(const Clip& clip, const std::string& path) {
    std::ofstream f(path, std::ios::binary);
    const std::string bytes = wav_bytes(clip);
    f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return static_cast<bool>(f);
}

} // namespace billiards::audio
