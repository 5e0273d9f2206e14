#include "app/game_audio.hpp"

#include <algorithm>
#include <cstdio>

#include "app/game_app.hpp"

namespace billiards::app {

namespace {

constexpr int kRate = 48000;

} // namespace

std::unique_ptr<AudioOutput> AudioOutput::open() {
    std::unique_ptr<AudioOutput> a(new AudioOutput());
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
        a->error_ = std::string("no audio: ") + SDL_GetError();
    } else {
        a->subsystem_ = true;
        if (const char* d = SDL_GetCurrentAudioDriver()) a->driver_ = d;
        a->bank_ = std::make_unique<audio::SoundBank>(kRate);
        a->mixer_ = std::make_unique<audio::Mixer>(*a->bank_);
        SDL_AudioSpec want{}, have{};
        want.freq = kRate;
        want.format = AUDIO_F32SYS;
        want.channels = 2;
        want.samples = 512; // ~11 ms: a click follows its impact closely
        want.callback = &AudioOutput::callback;
        want.userdata = a.get();
        // No changes allowed: SDL converts to whatever the hardware wants.
        a->device_ = SDL_OpenAudioDevice(nullptr, 0, &want, &have, 0);
        if (a->device_ == 0)
            a->error_ = std::string("cannot open an audio device: ") + SDL_GetError();
    }
    if (!a->ok()) {
        std::fprintf(stderr, "billiards: %s (playing without sound)\n", a->error_.c_str());
        a->mixer_.reset();
        a->bank_.reset();
        return a;
    }
    SDL_PauseAudioDevice(a->device_, 0);
    return a;
}

AudioOutput::~AudioOutput() {
    if (device_ != 0) SDL_CloseAudioDevice(device_);
    if (subsystem_) SDL_QuitSubSystem(SDL_INIT_AUDIO);
}

void SDLCALL AudioOutput::callback(void* self, Uint8* stream, int len) {
    auto* a = static_cast<AudioOutput*>(self);
    const int frames = len / static_cast<int>(2 * sizeof(float));
    a->mixer_->mix(reinterpret_cast<float*>(stream), frames);
}

void AudioOutput::play(const std::vector<audio::Play>& sounds) {
    if (!ok() || sounds.empty() || muted_) return;
    SDL_LockAudioDevice(device_);
    for (const audio::Play& p : sounds)
        mixer_->play(p);
    SDL_UnlockAudioDevice(device_);
}

void AudioOutput::set_volume(double volume, bool muted) {
    if (!ok() || (volume == volume_ && muted == muted_)) return;
    volume_ = volume;
    muted_ = muted;
    SDL_LockAudioDevice(device_);
    mixer_->set_volume(volume *
                       volume); // the slider by ear: half way is a quarter of the amplitude
    mixer_->set_muted(muted);
    SDL_UnlockAudioDevice(device_);
}

int AudioOutput::active_voices() const {
    if (!ok()) return 0;
    SDL_LockAudioDevice(device_);
    const int n = mixer_->active_voices();
    SDL_UnlockAudioDevice(device_);
    return n;
}

} // namespace billiards::app

// ---- GameApp's sounds (the modes make them: ModeContext) ---------------------------------

namespace billiards::app {

std::vector<audio::Play> GameApp::take_sounds() {
    std::vector<audio::Play> out;
    out.swap(ctx_.sounds);
    return out;
}

void GameApp::toggle_mute() {
    choices_.muted = !choices_.muted;
    if (choices_.muted) ctx_.sounds.clear();
    post(choices_.muted ? "Sound off (M turns it on)" : "Sound on");
}

} // namespace billiards::app
