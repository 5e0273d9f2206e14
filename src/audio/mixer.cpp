#include "audio/mixer.hpp"

#include <algorithm>
#include <cmath>

namespace billiards::audio {

float soft_clip(float x) {
    constexpr float knee = 0.75f;
    const float a = std::abs(x);
    if (!(a > knee)) return std::isnan(x) ? 0.0f : x;
    const float y = knee + (1.0f - knee) * std::tanh((a - knee) / (1.0f - knee));
    return std::copysign(std::min(y, 1.0f), x);
}

Mixer::Mixer(const SoundBank& bank, int max_voices)
    : bank_(bank), max_voices_(std::max(1, max_voices)) {
    voices_.reserve(static_cast<std::size_t>(max_voices_));
}

void Mixer::set_volume(double v) {
    volume_ = std::isfinite(v) ? std::clamp(v, 0.0, 1.0) : 0.0;
}

void Mixer::set_muted(bool m) {
    muted_ = m;
    if (m) voices_.clear();
}

double Mixer::loudness(const Voice& v) const {
    const double n = static_cast<double>(v.clip->samples.size());
    return v.gain * (n > 0.0 ? std::max(0.0, 1.0 - v.position / n) : 0.0);
}

bool Mixer::play(const Play& p) {
    const double gain = std::isfinite(p.gain) ? std::clamp(p.gain, 0.0, 1.0) : 0.0;
    if (muted_ || gain <= 0.0) return false;
    Voice v;
    const auto k = static_cast<std::size_t>(p.kind);
    v.clip = &bank_.clip(p.kind, next_variant_[k]);
    next_variant_[k] = (next_variant_[k] + 1) % kVariants;
    const double pitch = std::isfinite(p.pitch) ? std::clamp(p.pitch, 0.25, 4.0) : 1.0;
    v.step = pitch * v.clip->rate / bank_.rate();
    v.gain = gain;
    // Constant-power pan.
    const double pan = std::isfinite(p.pan) ? std::clamp(p.pan, -1.0, 1.0) : 0.0;
    const double angle = (pan + 1.0) * 0.25 * 3.141592653589793;
    v.left = static_cast<float>(gain * std::cos(angle) * std::sqrt(2.0) * 0.5);
    v.right = static_cast<float>(gain * std::sin(angle) * std::sqrt(2.0) * 0.5);
    const double delay = std::isfinite(p.delay) ? std::clamp(p.delay, 0.0, 1.0) : 0.0;
    v.delay = std::lround(delay * bank_.rate());
    if (static_cast<int>(voices_.size()) >= max_voices_) {
        auto quietest =
            std::min_element(voices_.begin(), voices_.end(), [&](const Voice& a, const Voice& b) {
                return loudness(a) < loudness(b);
            });
        if (loudness(*quietest) >= gain) {
            ++dropped_;
            return false;
        }
        ++dropped_; // the one it replaces
        *quietest = v;
        return true;
    }
    voices_.push_back(v);
    return true;
}

void Mixer::mix(float* out, int frames) {
    std::fill(out, out + 2 * static_cast<std::ptrdiff_t>(std::max(frames, 0)), 0.0f);
    if (muted_) return;
    for (Voice& v : voices_) {
        const std::vector<float>& s = v.clip->samples;
        const double n = static_cast<double>(s.size());
        int f = 0;
        if (v.delay > 0) {
            const long skip = std::min<long>(v.delay, frames);
            v.delay -= skip;
            f = static_cast<int>(skip);
        }
        for (; f < frames; ++f) {
            if (v.position >= n - 1.0) {
                v.position = n; // done
                break;
            }
            const auto i = static_cast<std::size_t>(v.position);
            const double frac = v.position - static_cast<double>(i);
            const float x = s[i] + (s[i + 1] - s[i]) * static_cast<float>(frac);
            out[2 * f] += x * v.left;
            out[2 * f + 1] += x * v.right;
            v.position += v.step;
        }
    }
    std::erase_if(voices_, [](const Voice& v) {
        return v.position >= static_cast<double>(v.clip->samples.size());
    });
    const auto volume = static_cast<float>(volume_);
    for (int k = 0; k < 2 * frames; ++k)
        out[k] = soft_clip(out[k] * volume);
}

} // namespace billiards::audio
