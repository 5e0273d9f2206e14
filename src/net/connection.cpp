#include "net/connection.hpp"

#include <asio.hpp>

#include <charconv>
#include <chrono>
#include <vector>

namespace billiards::net {

using asio::ip::tcp;

namespace {

std::chrono::milliseconds ms(double seconds) {
    return std::chrono::milliseconds(static_cast<long long>(seconds * 1000.0));
}

} // namespace

bool parse_endpoint(const std::string& text, std::string& host, std::uint16_t& port,
                    std::string* why, bool port_zero_ok) {
    const std::size_t colon = text.rfind(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == text.size()) {
        if (why) *why = "'" + text + "' is not HOST:PORT";
        return false;
    }
    unsigned value = 0;
    const char* first = text.data() + colon + 1;
    const char* last = text.data() + text.size();
    const auto [end, ec] = std::from_chars(first, last, value);
    if (ec != std::errc{} || end != last || value > 65535 || (value == 0 && !port_zero_ok)) {
        if (why)
            *why = "'" + text.substr(colon + 1) + "' is not a port (1 to 65535" +
                   (port_zero_ok ? ", or 0 for any free port)" : ")");
        return false;
    }
    host = text.substr(0, colon);
    if (host.size() > 2 && host.front() == '[' && host.back() == ']')
        host = host.substr(1, host.size() - 2);
    port = static_cast<std::uint16_t>(value);
    return true;
}

struct Connection::Impl {
    asio::io_context io;
    tcp::socket sock{io};
    std::vector<std::uint8_t> in; // bytes read, not yet a whole message
    bool eof = false;

    // Runs `io` until `done` or the time is up; false when the time ran out.
    bool run_until(const bool& done, double seconds) {
        io.restart();
        io.run_for(ms(seconds));
        if (done) return true;
        std::error_code ignored;
        sock.cancel(ignored);
        io.restart();
        io.run(); // the cancelled handler (which sets `done`: the time ran out all the same)
        return false;
    }

    // Reads more bytes; false when none came in time.
    bool read_more(double seconds) {
        std::array<std::uint8_t, 4096> buf{};
        bool done = false;
        std::error_code result;
        std::size_t got = 0;
        sock.async_read_some(asio::buffer(buf), [&](const std::error_code& ec, std::size_t n) {
            done = true;
            result = ec;
            got = n;
        });
        io.restart();
        io.run_for(ms(seconds));
        const bool in_time = done;
        if (!in_time) {
            std::error_code ignored;
            sock.cancel(ignored);
            io.restart();
            io.run(); // the cancelled read's handler (it may still bring bytes)
        }
        in.insert(in.end(), buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(got));
        if (result && result != asio::error::operation_aborted) eof = true;
        return in_time || got > 0;
    }
};

Connection::Connection(const std::string& host, std::uint16_t port, double timeout_seconds)
    : impl_(std::make_unique<Impl>()) {
    tcp::resolver resolver(impl_->io);
    std::error_code ec;
    const auto endpoints = resolver.resolve(host, std::to_string(port), ec);
    if (ec) throw NetError("cannot find " + host + ": " + ec.message());
    bool done = false;
    std::error_code result;
    asio::async_connect(impl_->sock, endpoints,
                        [&](const std::error_code& e, const tcp::endpoint&) {
                            done = true;
                            result = e;
                        });
    if (!impl_->run_until(done, timeout_seconds))
        throw NetError("no answer from " + host + ":" + std::to_string(port));
    if (result)
        throw NetError("cannot connect to " + host + ":" + std::to_string(port) + ": " +
                       result.message());
    impl_->sock.set_option(tcp::no_delay(true), ec);
}

Connection::~Connection() = default;

void Connection::send(const Message& m) {
    const std::vector<std::uint8_t> frame = encode(m);
    send_bytes(frame.data(), frame.size());
}

void Connection::send_bytes(const std::uint8_t* data, std::size_t size) {
    std::error_code ec;
    asio::write(impl_->sock, asio::buffer(data, size), ec);
    if (ec) throw NetError("the connection closed: " + ec.message());
}

Message Connection::receive(double timeout_seconds) {
    Impl& c = *impl_;
    const auto until = std::chrono::steady_clock::now() + ms(timeout_seconds);
    for (;;) {
        if (c.in.size() >= kHeaderSize) {
            std::string why;
            const auto n = body_length(std::span(c.in).first(kHeaderSize), &why);
            if (!n) throw NetError("the server sent " + why);
            if (c.in.size() >= kHeaderSize + *n) {
                const auto m = decode_body(std::span(c.in).subspan(kHeaderSize, *n), &why);
                if (!m) throw NetError("the server sent a malformed message: " + why);
                c.in.erase(c.in.begin(),
                           c.in.begin() + static_cast<std::ptrdiff_t>(kHeaderSize + *n));
                return *m;
            }
        }
        if (c.eof) throw NetError("the server closed the connection");
        const double left =
            std::chrono::duration<double>(until - std::chrono::steady_clock::now()).count();
        if (left <= 0.0 || !c.read_more(left))
            throw NetError("no answer in " + std::to_string(static_cast<int>(timeout_seconds)) +
                           " s");
    }
}

bool Connection::closed_by_peer(double timeout_seconds) {
    Impl& c = *impl_;
    const auto until = std::chrono::steady_clock::now() + ms(timeout_seconds);
    while (!c.eof) {
        c.in.clear(); // what comes before the close does not matter here
        const double left =
            std::chrono::duration<double>(until - std::chrono::steady_clock::now()).count();
        if (left <= 0.0 || !c.read_more(left)) return false;
    }
    return true;
}

} // namespace billiards::net
