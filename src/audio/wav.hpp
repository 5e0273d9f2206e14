// A clip as a WAV file (16-bit PCM, mono), for looking at the synthesised sounds outside the
// game (the audio tests write them when BILLIARDS_SOUNDS_DIR is set).
#pragma once

#include <string>

#include "audio/synth.hpp"

namespace billiards::audio {

std::string wav_bytes(const Clip& clip);
// False when the file cannot be written.
bool write_wav(const Clip& clip, const std::string& path);

} // namespace billiards::audio
