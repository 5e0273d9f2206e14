// Standard output of a shell command, through a file of the process's own (ffprobe's answers
// in the video tests).
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace billiards::test {

inline std::string capture(const std::string& command) {
    namespace fs = std::filesystem;
    const fs::path out =
        fs::temp_directory_path() / ("billiards-capture-" + std::to_string(getpid()));
    const int raw = std::system((command + " > " + out.string()).c_str());
    (void)raw;
    std::ifstream in(out);
    std::string text(std::istreambuf_iterator<char>(in), {});
    in.close();
    fs::remove(out);
    return text;
}

// The frames a video file holds, counted by ffprobe, with its codec and size:
// "h264,320,180,25\n".
inline std::string probe_video(const std::string& path) {
    return capture("ffprobe -v error -count_frames -select_streams v:0 -show_entries "
                   "stream=codec_name,width,height,nb_read_frames -of csv=p=0 " +
                   path);
}

} // namespace billiards::test
