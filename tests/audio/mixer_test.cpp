// The mixer: gain and pitch heard in the output, the voice cap, delays, volume, mute and the
// limiter that keeps the output within [-1, 1].
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "audio/mixer.hpp"
#include "audio/sound_events.hpp"

namespace billiards::audio {
namespace {

const SoundBank& bank() {
    static const SoundBank b(48000);
    return b;
}

std::vector<float> render(Mixer& m, int frames) {
    std::vector<float> out(static_cast<std::size_t>(2 * frames));
    // In blocks, as the audio callback asks for them.
    for (int f = 0; f < frames; f += 512)
        m.mix(out.data() + 2 * f, std::min(512, frames - f));
    return out;
}

double rms(const std::vector<float>& s) {
    double a = 0.0;
    for (const float x : s)
        a += static_cast<double>(x) * static_cast<double>(x);
    return s.empty() ? 0.0 : std::sqrt(a / static_cast<double>(s.size()));
}

// Sign changes of the left channel in its first 10 ms: a higher pitch crosses zero more often.
int crossings(const std::vector<float>& s) {
    int n = 0;
    for (std::size_t i = 2; i < std::min<std::size_t>(s.size(), 2 * 480); i += 2)
        if ((s[i] > 0.0f) != (s[i - 2] > 0.0f)) ++n;
    return n;
}

std::vector<float> one_sound(const Play& p, int frames = 4800) {
    Mixer m(bank());
    m.play(p);
    return render(m, frames);
}

TEST(Mixer, LouderImpactsAreLouderAndHigher) {
    for (const SoundKind k : kAllSounds) {
        const Play soft = play_for({k, 0.5, 0.0, 0.0}, -1.0, 1.0, 0.0);
        const Play hard = play_for({k, 3.0, 0.0, 0.0}, -1.0, 1.0, 0.0);
        EXPECT_LT(soft.gain, hard.gain) << to_string(k);
        EXPECT_LT(soft.pitch, hard.pitch) << to_string(k);
        const std::vector<float> a = one_sound(soft), b = one_sound(hard);
        EXPECT_LT(rms(a), rms(b)) << to_string(k);
    }
    // Pitch alone: the same gain played faster crosses zero more often.
    Play low{SoundKind::Click, 0.8, 0.9, 0.0, 0.0}, high{SoundKind::Click, 0.8, 1.1, 0.0, 0.0};
    EXPECT_LT(crossings(one_sound(low)), crossings(one_sound(high)));
}

TEST(Mixer, GainFollowsSpeedUpToFull) {
    double last = 0.0;
    for (double v = 0.05; v < 10.0; v *= 1.5) {
        const Play p = play_for({SoundKind::Click, v, 0.0, 0.0}, 0.0, 2.0, 0.0);
        EXPECT_GE(p.gain, last);
        EXPECT_LE(p.gain, 1.0);
        last = p.gain;
    }
    EXPECT_DOUBLE_EQ(last, 1.0);
    // Pan from where along the table: left end, middle, right end.
    EXPECT_LT(play_for({SoundKind::Click, 1.0, 0.0, 0.1}, 0.0, 2.0, 0.0).pan, -0.4);
    EXPECT_DOUBLE_EQ(play_for({SoundKind::Click, 1.0, 0.0, 1.0}, 0.0, 2.0, 0.0).pan, 0.0);
    EXPECT_GT(play_for({SoundKind::Click, 1.0, 0.0, 1.9}, 0.0, 2.0, 0.0).pan, 0.4);
}

TEST(Mixer, VoiceCapHolds) {
    Mixer m(bank(), 6);
    for (int k = 0; k < 10; ++k)
        m.play({SoundKind::Pocket, 0.5, 1.0, 0.0, 0.0});
    EXPECT_EQ(m.active_voices(), 6);
    EXPECT_EQ(m.dropped(), 4u);
    // A quieter sound is dropped; a louder one replaces the quietest.
    EXPECT_FALSE(m.play({SoundKind::Click, 0.1, 1.0, 0.0, 0.0}));
    EXPECT_TRUE(m.play({SoundKind::Click, 1.0, 1.0, 0.0, 0.0}));
    EXPECT_EQ(m.active_voices(), 6);
    // Voices end with their clips.
    render(m, 48000 * 2);
    EXPECT_EQ(m.active_voices(), 0);
}

TEST(Mixer, OutputStaysWithinRange) {
    Mixer m(bank(), 32);
    for (int k = 0; k < 32; ++k)
        m.play({k % 2 ? SoundKind::Cushion : SoundKind::Pocket, 1.0, 1.0, k % 3 - 1.0, 0.0});
    const std::vector<float> out = render(m, 48000);
    float peak = 0.0f;
    for (const float x : out) {
        ASSERT_TRUE(std::isfinite(x));
        peak = std::max(peak, std::abs(x));
    }
    EXPECT_LE(peak, 1.0f);
    EXPECT_GT(peak, 0.75f); // the limiter was needed
    EXPECT_FLOAT_EQ(soft_clip(0.5f), 0.5f);
    EXPECT_LE(soft_clip(100.0f), 1.0f);
    EXPECT_GE(soft_clip(-100.0f), -1.0f);
    EXPECT_EQ(soft_clip(std::nanf("")), 0.0f);
}

TEST(Mixer, DelayVolumeAndMute) {
    Mixer m(bank());
    m.play({SoundKind::Click, 1.0, 1.0, 0.0, 0.05}); // 2400 frames of silence first
    const std::vector<float> out = render(m, 4800);
    EXPECT_EQ(rms(std::vector<float>(out.begin(), out.begin() + 2 * 2400)), 0.0);
    EXPECT_GT(rms(std::vector<float>(out.begin() + 2 * 2400, out.end())), 0.01);

    const Play p{SoundKind::Cushion, 1.0, 1.0, 0.0, 0.0};
    Mixer half(bank());
    half.set_volume(0.5);
    half.play(p);
    const double full = rms(one_sound(p)), halved = rms(render(half, 4800));
    EXPECT_NEAR(halved, 0.5 * full, 0.05 * full);

    Mixer muted(bank());
    muted.play(p);
    muted.set_muted(true);
    EXPECT_EQ(muted.active_voices(), 0);
    EXPECT_FALSE(muted.play(p));
    EXPECT_EQ(rms(render(muted, 4800)), 0.0);
    // Panned hard left: nothing on the right.
    const std::vector<float> left = one_sound({SoundKind::Click, 1.0, 1.0, -1.0, 0.0});
    double r = 0.0;
    for (std::size_t i = 1; i < left.size(); i += 2)
        r += static_cast<double>(std::abs(left[i]));
    EXPECT_LT(r, 1e-3);
}

} // namespace
} // namespace billiards::audio
