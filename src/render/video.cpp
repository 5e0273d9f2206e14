#include "render/video.hpp"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/error.h>
#include <libavutil/mem.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace billiards::render {

namespace {

std::string lower_extension(const std::string& file_name) {
    const auto dot = file_name.find_last_of('.');
    const auto slash = file_name.find_last_of('/');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return "";
    std::string ext = file_name.substr(dot);
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext;
}

// The muxer for an extension ("" for none).
const char* container_of(const std::string& ext) {
    if (ext == ".mp4") return "mp4";
    if (ext == ".mkv") return "matroska";
    if (ext == ".mov") return "mov";
    if (ext == ".webm") return "webm";
    return "";
}

std::string av_message(int code) {
    char buf[AV_ERROR_MAX_STRING_SIZE] = {};
    av_strerror(code, buf, sizeof buf);
    return buf;
}

// The file grows in memory; the muxer may seek back (mp4 writes its index at the end).
struct Memory {
    std::string bytes;
    std::size_t at = 0;
};

int write_bytes(void* opaque, std::uint8_t* data, int size) {
    auto* m = static_cast<Memory*>(opaque);
    const auto n = static_cast<std::size_t>(size);
    if (m->at + n > m->bytes.size()) m->bytes.resize(m->at + n);
    std::memcpy(m->bytes.data() + m->at, data, n);
    m->at += n;
    return size;
}

std::int64_t seek_bytes(void* opaque, std::int64_t offset, int whence) {
    auto* m = static_cast<Memory*>(opaque);
    const auto size = static_cast<std::int64_t>(m->bytes.size());
    std::int64_t to = 0;
    switch (whence & ~AVSEEK_FORCE) {
    case AVSEEK_SIZE:
        return size;
    case SEEK_SET:
        to = offset;
        break;
    case SEEK_CUR:
        to = static_cast<std::int64_t>(m->at) + offset;
        break;
    case SEEK_END:
        to = size + offset;
        break;
    default:
        return -1;
    }
    if (to < 0) return -1;
    m->at = static_cast<std::size_t>(to);
    return to;
}

} // namespace

struct VideoWriter::State {
    Memory memory;
    AVFormatContext* format = nullptr;
    AVIOContext* io = nullptr;
    AVCodecContext* codec = nullptr;
    AVStream* stream = nullptr;
    AVFrame* frame = nullptr;
    AVPacket* packet = nullptr;
    SwsContext* scale = nullptr;
    int width = 0, height = 0, frames = 0;
    bool ok = false;

    ~State() {
        sws_freeContext(scale);
        av_packet_free(&packet);
        av_frame_free(&frame);
        avcodec_free_context(&codec);
        if (io) {
            av_freep(&io->buffer);
            avio_context_free(&io);
        }
        if (format) avformat_free_context(format);
    }

    // Encoded packets into the container; false and *error on failure.
    bool drain(std::string* error) {
        for (;;) {
            const int r = avcodec_receive_packet(codec, packet);
            if (r == AVERROR(EAGAIN) || r == AVERROR_EOF) return true;
            if (r < 0) {
                *error = "video: encoding failed: " + av_message(r);
                return false;
            }
            av_packet_rescale_ts(packet, codec->time_base, stream->time_base);
            packet->stream_index = stream->index;
            const int w = av_interleaved_write_frame(format, packet);
            av_packet_unref(packet);
            if (w < 0) {
                *error = "video: writing failed: " + av_message(w);
                return false;
            }
        }
    }
};

bool VideoWriter::known_extension(const std::string& file_name) {
    return *container_of(lower_extension(file_name)) != '\0';
}

VideoWriter::VideoWriter(const std::string& file_name, int width, int height, int fps,
                         std::string* error)
    : s_(std::make_unique<State>()) {
    av_log_set_level(AV_LOG_ERROR); // the encoders' statistics are not the user's business
    const std::string ext = lower_extension(file_name);
    const char* container = container_of(ext);
    if (!*container) {
        *error = "video: the file name must end in .mp4, .mkv, .mov or .webm";
        return;
    }
    if (width % 2 || height % 2) {
        *error =
            fmt::format("video: the size must be even on both sides, got {}x{}", width, height);
        return;
    }
    State& s = *s_;
    s.width = width;
    s.height = height;
    if (avformat_alloc_output_context2(&s.format, nullptr, container, nullptr) < 0 || !s.format) {
        *error = fmt::format("video: this libavformat has no {} muxer", container);
        return;
    }
    const bool webm = ext == ".webm";
    const char* encoder = webm ? "libvpx-vp9" : "libx264";
    const AVCodec* codec = avcodec_find_encoder_by_name(encoder);
    if (!codec) {
        *error = fmt::format("video: this libavcodec has no {} encoder", encoder);
        return;
    }
    s.codec = avcodec_alloc_context3(codec);
    s.codec->width = width;
    s.codec->height = height;
    s.codec->time_base = AVRational{1, fps};
    s.codec->framerate = AVRational{fps, 1};
    s.codec->pix_fmt = AV_PIX_FMT_YUV420P;
    s.codec->gop_size = fps;
    s.codec->thread_count = 1; // one thread: the same frames give the same bytes
    s.codec->flags |= AV_CODEC_FLAG_BITEXACT;
    if (s.format->oformat->flags & AVFMT_GLOBALHEADER)
        s.codec->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    if (webm) {
        av_opt_set(s.codec->priv_data, "deadline", "good", 0);
        av_opt_set_int(s.codec->priv_data, "cpu-used", 5, 0);
        av_opt_set_int(s.codec->priv_data, "crf", 32, 0);
        s.codec->bit_rate = 0;
    } else {
        av_opt_set(s.codec->priv_data, "preset", "veryfast", 0);
        av_opt_set(s.codec->priv_data, "crf", "20", 0);
    }
    if (const int r = avcodec_open2(s.codec, codec, nullptr); r < 0) {
        *error = fmt::format("video: cannot open the {} encoder: {}", encoder, av_message(r));
        return;
    }
    s.stream = avformat_new_stream(s.format, nullptr);
    if (!s.stream || avcodec_parameters_from_context(s.stream->codecpar, s.codec) < 0) {
        *error = "video: cannot add the video stream";
        return;
    }
    s.stream->time_base = s.codec->time_base;
    constexpr int kBuffer = 1 << 16;
    auto* buffer = static_cast<unsigned char*>(av_malloc(kBuffer));
    s.io = avio_alloc_context(buffer, kBuffer, 1, &s.memory, nullptr, write_bytes, seek_bytes);
    if (!s.io) {
        av_free(buffer);
        *error = "video: out of memory";
        return;
    }
    s.io->seekable = AVIO_SEEKABLE_NORMAL;
    s.format->pb = s.io;
    s.format->flags |= AVFMT_FLAG_CUSTOM_IO | AVFMT_FLAG_BITEXACT;
    if (const int r = avformat_write_header(s.format, nullptr); r < 0) {
        *error = "video: cannot start the file: " + av_message(r);
        return;
    }
    s.frame = av_frame_alloc();
    s.packet = av_packet_alloc();
    if (!s.frame || !s.packet) {
        *error = "video: out of memory";
        return;
    }
    s.frame->format = AV_PIX_FMT_YUV420P;
    s.frame->width = width;
    s.frame->height = height;
    if (av_frame_get_buffer(s.frame, 0) < 0) {
        *error = "video: out of memory";
        return;
    }
    s.scale =
        sws_getContext(width, height, AV_PIX_FMT_RGBA, width, height, AV_PIX_FMT_YUV420P,
                       SWS_BILINEAR | SWS_ACCURATE_RND | SWS_BITEXACT, nullptr, nullptr, nullptr);
    if (!s.scale) {
        *error = "video: cannot convert RGBA to YUV";
        return;
    }
    s.ok = true;
}

VideoWriter::~VideoWriter() = default;

bool VideoWriter::ok() const {
    return s_->ok;
}

int VideoWriter::frames() const {
    return s_->frames;
}

bool VideoWriter::add(const Image& image, std::string* error) {
    State& s = *s_;
    if (!s.ok) {
        *error = "video: the writer is not open";
        return false;
    }
    if (image.width != s.width || image.height != s.height ||
        image.rgba.size() != static_cast<std::size_t>(s.width) * s.height * 4) {
        *error = fmt::format("video: a frame of {}x{} in a {}x{} video", image.width, image.height,
                             s.width, s.height);
        return false;
    }
    if (av_frame_make_writable(s.frame) < 0) {
        *error = "video: out of memory";
        return false;
    }
    const std::uint8_t* src[1] = {image.rgba.data()};
    const int stride[1] = {4 * s.width};
    sws_scale(s.scale, src, stride, 0, s.height, s.frame->data, s.frame->linesize);
    s.frame->pts = s.frames++;
    if (const int r = avcodec_send_frame(s.codec, s.frame); r < 0) {
        *error = "video: encoding failed: " + av_message(r);
        return false;
    }
    return s.drain(error);
}

bool VideoWriter::finish(std::string& bytes, std::string* error) {
    State& s = *s_;
    if (!s.ok) {
        *error = "video: the writer is not open";
        return false;
    }
    s.ok = false;
    if (const int r = avcodec_send_frame(s.codec, nullptr); r < 0) {
        *error = "video: encoding failed: " + av_message(r);
        return false;
    }
    if (!s.drain(error)) return false;
    if (const int r = av_write_trailer(s.format); r < 0) {
        *error = "video: cannot finish the file: " + av_message(r);
        return false;
    }
    avio_flush(s.io);
    bytes = std::move(s.memory.bytes);
    return true;
}

} // namespace billiards::render
