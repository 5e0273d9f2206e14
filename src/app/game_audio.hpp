// The game's sound device: SDL's own audio (no SDL_mixer), a callback that runs the pure
// mixer of src/audio. Opening never fails the game: without an audio device (no sound card,
// SDL_Init(SDL_INIT_AUDIO) or SDL_OpenAudioDevice failing) it says so in one line on stderr
// and every call is a no-op. Tests run it on SDL's dummy driver (SDL_AUDIODRIVER=dummy).
#pragma once

#include <SDL.h>

#include <memory>
#include <string>
#include <vector>

#include "audio/mixer.hpp"
#include "audio/synth.hpp"

namespace billiards::app {

class AudioOutput {
  public:
    // Starts SDL's audio subsystem and opens the default device (48 kHz float stereo; SDL
    // converts for the hardware), synthesising the sounds at start-up.
    static std::unique_ptr<AudioOutput> open();
    ~AudioOutput();
    AudioOutput(const AudioOutput&) = delete;
    AudioOutput& operator=(const AudioOutput&) = delete;

    bool ok() const { return device_ != 0; }
    const std::string& error() const { return error_; } // why there is no sound
    const std::string& driver() const { return driver_; }

    void play(const std::vector<audio::Play>& sounds);
    void set_volume(double volume, bool muted);
    int active_voices() const;

  private:
    AudioOutput() = default;
    static void SDLCALL callback(void* self, Uint8* stream, int len);

    bool subsystem_ = false;
    SDL_AudioDeviceID device_ = 0;
    std::string error_, driver_;
    std::unique_ptr<audio::SoundBank> bank_;
    std::unique_ptr<audio::Mixer> mixer_;
    double volume_ = -1.0;
    bool muted_ = false;
};

} // namespace billiards::app
