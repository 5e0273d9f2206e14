#include "audio/synth.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/random.hpp"

namespace billiards::audio {

namespace {

constexpr double kTwoPi = 6.283185307179586;

// One-pole low-pass filter.
class LowPass {
  public:
    LowPass(double cutoff, int rate) : k_(1.0 - std::exp(-kTwoPi * cutoff / rate)) {}
    double operator()(double x) { return y_ += k_ * (x - y_); }

  private:
    double k_;
    double y_ = 0.0;
};

// The clip under construction: sums of parts, each starting at some time.
class Builder {
  public:
    Builder(double seconds, int rate, std::uint64_t seed)
        : rate_(rate), out_(static_cast<std::size_t>(std::lround(seconds * rate)), 0.0),
          noise_(seed) {}

    double t(std::size_t i) const { return static_cast<double>(i) / rate_; }
    std::size_t index(double seconds) const {
        return std::min(out_.size(), static_cast<std::size_t>(std::max(0.0, seconds) * rate_));
    }

    // a e^(-t/tau) sin(2 pi f t) from `start`, with a linear attack of `attack` seconds.
    void mode(double start, double f, double tau, double a, double attack) {
        for (std::size_t i = index(start); i < out_.size(); ++i) {
            const double u = t(i) - start;
            const double env = std::exp(-u / tau) * std::min(1.0, u / attack);
            if (env < 1e-7 && u > attack) break;
            out_[i] += a * env * std::sin(kTwoPi * f * u);
        }
    }

    // Noise through a band (lo..hi Hz; lo 0: low-pass only) under e^(-t/tau) from `start`.
    void burst(double start, double lo, double hi, double tau, double a, double attack) {
        LowPass high(hi, rate_), low(lo > 0.0 ? lo : 1.0, rate_);
        for (std::size_t i = index(start); i < out_.size(); ++i) {
            const double u = t(i) - start;
            const double env = std::exp(-u / tau) * std::min(1.0, u / attack);
            if (env < 1e-7 && u > attack) break;
            const double h = high(noise_.uniform(-1.0, 1.0));
            const double band = lo > 0.0 ? h - low(h) : h;
            out_[i] += a * env * band;
        }
    }

    // Rolling: low-passed noise with a rumble (amplitude modulation at `rate_hz`, rising to
    // `rate_hz2`) between `start` and `end`, faded in and out.
    void roll(double start, double end, double cutoff, double rate_hz, double rate_hz2, double a) {
        LowPass lp(cutoff, rate_), lp2(cutoff, rate_);
        double phase = 0.0;
        const double len = end - start;
        for (std::size_t i = index(start); i < index(end); ++i) {
            const double u = t(i) - start, x = u / len;
            const double fm = rate_hz + (rate_hz2 - rate_hz) * x;
            phase += kTwoPi * fm / rate_;
            const double env =
                std::min(1.0, u / 0.08) * std::min(1.0, (len - u) / 0.15) * (1.0 - 0.45 * x);
            const double am = 0.55 + 0.45 * std::sin(phase) * std::sin(phase);
            out_[i] += a * env * am * lp2(lp(noise_.uniform(-1.0, 1.0)));
        }
    }

    Clip finish(double fade) {
        // Fade the tail to silence, take out the mean (filtered noise leaves a little), and
        // normalise the peak.
        const std::size_t n = out_.size(), f = index(fade);
        for (std::size_t k = 0; k < f && k < n; ++k)
            out_[n - 1 - k] *= static_cast<double>(k) / static_cast<double>(f);
        double peak = 0.0;
        for (double v : out_)
            peak = std::max(peak, std::abs(v));
        Clip c;
        c.rate = rate_;
        c.samples.resize(n);
        const double scale = peak > 0.0 ? static_cast<double>(kClipPeak) / peak : 0.0;
        for (std::size_t i = 0; i < n; ++i)
            c.samples[i] = std::clamp(static_cast<float>(out_[i] * scale), -kClipPeak, kClipPeak);
        return c;
    }

  private:
    int rate_;
    std::vector<double> out_;
    Random noise_; // core/random.hpp: the same samples under every standard library
};

} // namespace

const char* to_string(SoundKind k) {
    switch (k) {
    case SoundKind::Click:
        return "click";
    case SoundKind::Cushion:
        return "cushion";
    case SoundKind::Cue:
        return "cue";
    case SoundKind::Pocket:
        return "pocket";
    }
    return "?";
}

double clip_seconds(SoundKind kind) {
    switch (kind) {
    case SoundKind::Click:
        return 0.045;
    case SoundKind::Cushion:
        return 0.16;
    case SoundKind::Cue:
        return 0.09;
    case SoundKind::Pocket:
        return 1.0;
    }
    return 0.1;
}

Clip synthesize(SoundKind kind, int variant, int rate) {
    if (variant < 0 || variant >= kVariants)
        throw std::invalid_argument("sound variant out of range");
    if (rate < 8000 || rate > 192000) throw std::invalid_argument("sample rate out of range");
    const double v = variant - 1; // -1, 0, 1: small detunings between the takes
    const std::uint64_t seed =
        0x5eed0000u + static_cast<std::uint64_t>(kind) * 16u + static_cast<std::uint64_t>(variant);
    Builder b(clip_seconds(kind), rate, seed);
    // Partials above the Nyquist frequency of a low rate are left out.
    const double nyquist = 0.45 * rate;
    auto mode = [&](double start, double f, double tau, double a, double attack) {
        if (f < nyquist) b.mode(start, f, tau, a, attack);
    };
    switch (kind) {
    case SoundKind::Click: {
        // Two phenolic balls: a bright clack with its energy at 2-4 kHz, gone in ~20 ms.
        const double f = 3000.0 * (1.0 + 0.06 * v);
        mode(0.0, f, 0.007, 1.0, 0.00015);
        mode(0.0, f * 1.58, 0.004, 0.5, 0.00015);
        mode(0.0, f * 0.47, 0.006, 0.35, 0.00015);
        b.burst(0.0, 1500.0, std::min(9000.0, nyquist), 0.0008, 1.2, 0.0001);
        return b.finish(0.004);
    }
    case SoundKind::Cushion: {
        // Rubber and wood: a low thud, a little noise, a faint contact tick.
        const double f = 120.0 + 8.0 * v;
        mode(0.0, f, 0.045, 1.0, 0.0015);
        mode(0.0, 2.2 * f, 0.025, 0.4, 0.0015);
        b.burst(0.0, 0.0, 500.0, 0.012, 3.0, 0.001);
        mode(0.0, 1100.0, 0.003, 0.25, 0.0003);
        return b.finish(0.02);
    }
    case SoundKind::Cue: {
        // Leather tip, ball and a wooden shaft: a short knock around 1 kHz.
        const double f = 900.0 * (1.0 + 0.05 * v);
        mode(0.0, f, 0.010, 1.0, 0.0003);
        mode(0.0, f * 1.83, 0.006, 0.6, 0.0003);
        mode(0.0, 420.0, 0.018, 0.5, 0.0006);
        b.burst(0.0, 800.0, std::min(4000.0, nyquist), 0.002, 1.5, 0.0002);
        return b.finish(0.01);
    }
    case SoundKind::Pocket: {
        // The drop: a deep thud in the pocket's liner...
        mode(0.0, 95.0 + 4.0 * v, 0.060, 1.0, 0.002);
        mode(0.0, 190.0, 0.035, 0.5, 0.002);
        b.burst(0.0, 0.0, 400.0, 0.020, 3.0, 0.001);
        mode(0.0, 700.0, 0.005, 0.3, 0.0005);
        // ...then the ball rolls down the return: a rumble with knocks along the channel...
        b.roll(0.10, 0.93, 260.0, 18.0 + 2.0 * v, 26.0 + 2.0 * v, 7.0);
        for (const double at : {0.22, 0.41, 0.58, 0.72}) {
            const double when = at + 0.015 * v;
            mode(when, 300.0 + 20.0 * v, 0.012, 0.22 * (1.1 - at), 0.001);
        }
        // ...and meets the balls already in the tray.
        const double end = 0.88 + 0.02 * v;
        mode(end, 2200.0, 0.005, 0.25, 0.0002);
        mode(end, 160.0, 0.030, 0.35, 0.001);
        return b.finish(0.03);
    }
    }
    return b.finish(0.0);
}

SoundBank::SoundBank(int sample_rate) : rate_(sample_rate) {
    for (const SoundKind k : kAllSounds)
        for (int v = 0; v < kVariants; ++v)
            clips_[static_cast<std::size_t>(k)][static_cast<std::size_t>(v)] =
                synthesize(k, v, sample_rate);
}

const Clip& SoundBank::clip(SoundKind kind, int variant) const {
    return clips_[static_cast<std::size_t>(kind)]
                 [static_cast<std::size_t>(std::clamp(variant, 0, kVariants - 1))];
}

} // namespace billiards::audio
