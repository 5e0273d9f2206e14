// The game's sounds, synthesised at start-up (no sample files): short damped sinusoids and
// filtered noise bursts under envelopes. Deterministic: the same kind, variant and sample rate
// give the same samples on every run (the noise comes from a fixed generator). Mono clips,
// peak-normalised below 1.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace billiards::audio {

enum class SoundKind : std::uint8_t {
    Click,   // ball on ball: a very short bright clack (2-4 kHz)
    Cushion, // ball into a rail: a low dull thud
    Cue,     // the cue's tip on the cue ball: a short wooden knock
    Pocket,  // a ball drops into a pocket, then rolls down the return (about a second)
};
inline constexpr int kSoundKinds = 4;
inline constexpr std::array<SoundKind, kSoundKinds> kAllSounds{SoundKind::Click, SoundKind::Cushion,
                                                               SoundKind::Cue, SoundKind::Pocket};
const char* to_string(SoundKind k);

// Slightly different takes of each sound, played in turn so that a run of impacts does not
// sound like one sample repeated.
inline constexpr int kVariants = 3;

struct Clip {
    std::vector<float> samples; // mono, in [-1, 1]
    int rate = 48000;           // samples per second
    double seconds() const { return static_cast<double>(samples.size()) / rate; }
};

// Length of a kind's clip in seconds (the same for every variant).
double clip_seconds(SoundKind kind);
// Peak level every clip is normalised to.
inline constexpr float kClipPeak = 0.9f;

// One clip: variant in [0, kVariants), sample_rate in [8000, 192000].
Clip synthesize(SoundKind kind, int variant, int sample_rate);

// Every kind and variant, made once (a few hundred kilobytes at 48 kHz).
class SoundBank {
  public:
    explicit SoundBank(int sample_rate);
    int rate() const { return rate_; }
    const Clip& clip(SoundKind kind, int variant) const;

  private:
    int rate_;
    std::array<std::array<Clip, kVariants>, kSoundKinds> clips_;
};

} // namespace billiards::audio
