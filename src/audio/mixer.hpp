// Mixes the playing sounds into interleaved stereo float samples: each voice is a clip played
// at a gain, a pitch (playback rate: 1.2 is 20 % higher and shorter), a stereo position and an
// optional delay. At most `max_voices` play at once: a new sound takes the place of the
// quietest playing one when it is louder, and is dropped otherwise. The sum goes through the
// master volume and a soft limiter, so the output stays within [-1, 1].
// Not thread-safe: the SDL shell locks its audio device around every call.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "audio/synth.hpp"

namespace billiards::audio {

struct Play {
    SoundKind kind = SoundKind::Click;
    double gain = 1.0;  // 0..1 (clamped)
    double pitch = 1.0; // playback rate, clamped to 0.25..4
    double pan = 0.0;   // -1 left .. 1 right
    double delay = 0.0; // seconds before it starts (clamped to 0..1)
};

inline constexpr int kDefaultVoices = 12;

class Mixer {
  public:
    explicit Mixer(const SoundBank& bank, int max_voices = kDefaultVoices);

    // False when the sound was dropped (silent, or the voices are full of louder sounds).
    bool play(const Play& p);
    // Writes `frames` stereo frames (2 * frames floats), replacing what was there.
    void mix(float* out, int frames);
    void stop_all() { voices_.clear(); }

    void set_volume(double v); // master, 0..1
    double volume() const { return volume_; }
    void set_muted(bool m); // muting also stops what is playing
    bool muted() const { return muted_; }

    int active_voices() const { return static_cast<int>(voices_.size()); }
    int max_voices() const { return max_voices_; }
    std::uint64_t dropped() const { return dropped_; } // sounds refused by the cap

  private:
    struct Voice {
        const Clip* clip = nullptr;
        double position = 0.0; // in clip samples
        double step = 1.0;     // clip samples per output sample
        float left = 0.0f, right = 0.0f;
        double gain = 0.0;
        long delay = 0; // output samples before it starts
    };
    double loudness(const Voice& v) const; // gain times how much of the clip is left

    const SoundBank& bank_;
    int max_voices_;
    std::vector<Voice> voices_;
    std::array<int, kSoundKinds> next_variant_{};
    double volume_ = 1.0;
    bool muted_ = false;
    std::uint64_t dropped_ = 0;
};

// The limiter on the mix: linear up to 0.75, then bending smoothly towards (never past) 1.
float soft_clip(float x);

} // namespace billiards::audio
