// The synthesised clips: deterministic, bounded, the right length, and the sound each kind
// is meant to be (where its energy lies). BILLIARDS_SOUNDS_DIR=folder writes them as WAVs.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "audio/synth.hpp"
#include "audio/wav.hpp"

namespace billiards::audio {
namespace {

double rms(const Clip& c, double from, double to) {
    const auto a = static_cast<std::size_t>(from * c.rate);
    const auto b = std::min(c.samples.size(), static_cast<std::size_t>(to * c.rate));
    double s = 0.0;
    for (std::size_t i = a; i < b; ++i)
        s += static_cast<double>(c.samples[i]) * static_cast<double>(c.samples[i]);
    return b > a ? std::sqrt(s / static_cast<double>(b - a)) : 0.0;
}

// Power-weighted mean frequency of the first `seconds` (a plain DFT, 25 Hz bins).
double centroid(const Clip& c, double seconds) {
    const auto n = std::min(c.samples.size(), static_cast<std::size_t>(seconds * c.rate));
    double num = 0.0, den = 0.0;
    for (double f = 25.0; f < 0.45 * c.rate; f += 25.0) {
        double re = 0.0, im = 0.0;
        const double w = 6.283185307179586 * f / c.rate;
        for (std::size_t i = 0; i < n; ++i) {
            re += static_cast<double>(c.samples[i]) * std::cos(w * static_cast<double>(i));
            im += static_cast<double>(c.samples[i]) * std::sin(w * static_cast<double>(i));
        }
        const double p = re * re + im * im;
        num += f * p;
        den += p;
    }
    return den > 0.0 ? num / den : 0.0;
}

TEST(Synth, DeterministicBoundedAndTheRightLength) {
    for (const int rate : {22050, 44100, 48000}) {
        for (const SoundKind k : kAllSounds) {
            for (int v = 0; v < kVariants; ++v) {
                const Clip a = synthesize(k, v, rate), b = synthesize(k, v, rate);
                EXPECT_EQ(a.samples, b.samples) << to_string(k);
                EXPECT_EQ(a.rate, rate);
                EXPECT_EQ(a.samples.size(),
                          static_cast<std::size_t>(std::lround(clip_seconds(k) * rate)));
                float peak = 0.0f;
                for (const float x : a.samples) {
                    ASSERT_TRUE(std::isfinite(x));
                    peak = std::max(peak, std::abs(x));
                }
                EXPECT_LE(peak, 1.0f);
                EXPECT_NEAR(peak, kClipPeak, 1e-4) << to_string(k) << " " << v;
                // Ends in silence (no click when the voice stops).
                EXPECT_LT(std::abs(a.samples.back()), 1e-3f) << to_string(k);
            }
            EXPECT_NE(synthesize(k, 0, rate).samples, synthesize(k, 1, rate).samples);
        }
    }
    EXPECT_THROW(synthesize(SoundKind::Click, kVariants, 48000), std::invalid_argument);
    EXPECT_THROW(synthesize(SoundKind::Click, 0, 100), std::invalid_argument);
}

TEST(Synth, EachKindSoundsLikeWhatItIs) {
    const int rate = 48000;
    const Clip click = synthesize(SoundKind::Click, 1, rate);
    const Clip cushion = synthesize(SoundKind::Cushion, 1, rate);
    const Clip cue = synthesize(SoundKind::Cue, 1, rate);
    const Clip pocket = synthesize(SoundKind::Pocket, 1, rate);
    const double c_click = centroid(click, 0.04), c_cushion = centroid(cushion, 0.15),
                 c_cue = centroid(cue, 0.08), c_pocket = centroid(pocket, 0.1);
    std::printf("centroids: click %.0f Hz, cushion %.0f Hz, cue %.0f Hz, pocket drop %.0f Hz\n",
                c_click, c_cushion, c_cue, c_pocket);
    // The click is bright (2-4 kHz), the cushion and the pocket's drop low and dull, the cue
    // in between.
    EXPECT_GT(c_click, 2000.0);
    EXPECT_LT(c_click, 5000.0);
    EXPECT_LT(c_cushion, 600.0);
    EXPECT_LT(c_pocket, 600.0);
    EXPECT_GT(c_cue, 600.0);
    EXPECT_LT(c_cue, c_click);
    // A click is over in ~20 ms; a cushion thud lasts longer.
    EXPECT_LT(rms(click, 0.025, 0.045), 0.02 * rms(click, 0.0, 0.005));
    EXPECT_GT(rms(cushion, 0.03, 0.06), 0.1 * rms(cushion, 0.0, 0.03));
    // The pocket: a thud, then the roll down the return for most of a second, then silence.
    const double drop = rms(pocket, 0.0, 0.08), roll = rms(pocket, 0.2, 0.8);
    std::printf("pocket: drop rms %.3f, roll rms %.3f, last 20 ms %.4f\n", drop, roll,
                rms(pocket, 0.98, 1.0));
    EXPECT_GT(roll, 0.05 * drop);
    EXPECT_LT(roll, drop);
    EXPECT_LT(rms(pocket, 0.98, 1.0), 0.02);
}

TEST(Synth, WavFiles) {
    const Clip c = synthesize(SoundKind::Cue, 0, 44100);
    const std::string bytes = wav_bytes(c);
    ASSERT_EQ(bytes.size(), 44 + 2 * c.samples.size());
    EXPECT_EQ(bytes.substr(0, 4), "RIFF");
    EXPECT_EQ(bytes.substr(8, 8), "WAVEfmt ");
    EXPECT_EQ(bytes.substr(36, 4), "data");
    if (const char* dir = std::getenv("BILLIARDS_SOUNDS_DIR")) {
        for (const SoundKind k : kAllSounds)
            for (int v = 0; v < kVariants; ++v)
                EXPECT_TRUE(write_wav(synthesize(k, v, 48000), std::string(dir) + "/" +
                                                                   to_string(k) + "-" +
                                                                   std::to_string(v) + ".wav"));
    }
}

} // namespace
} // namespace billiards::audio
