#include "io/share_code.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <system_error>
#include <vector>

#include "game/game.hpp"
#include "io/json_reader.hpp"
#include "io/replay_file.hpp"
#include "io/scenario.hpp"

namespace billiards::io {

namespace {

const std::string kCodeFile = "code";

// The words of version 1, one byte each: keys and values of the scenario, replay and rack
// formats. Append only: a word's number is part of every code that uses it.
constexpr std::array<std::string_view, 72> kWords{
    "format",
    "table",
    "physics",
    "balls",
    "shot",
    "duration",
    "id",
    "position",
    "velocity",
    "spin",
    "radius",
    "mass",
    "state",
    "heading",
    "speed",
    "tip",
    "elevation",
    "elevation_rad",
    "heading_rad",
    "call",
    "ball",
    "pocket",
    "push_out",
    "shooter",
    "cue_ball",
    "end_hash",
    "clock",
    "steps",
    "time",
    "cue",
    "miscue_limit",
    "tip_restitution",
    "end_mass",
    "max_seconds",
    "timestep",
    "gravity",
    "ball_restitution",
    "ball_friction",
    "cushion_restitution",
    "cushion_friction",
    "sliding_friction",
    "rolling_friction",
    "spin_friction",
    "ball_contact",
    "ball_young_modulus",
    "ball_poisson_ratio",
    "contact_tolerance",
    "cushion_model",
    "cushion_height",
    "throw_model",
    "throw_steps",
    "cue_end_mass",
    "billiards-scenario/1",
    "billiards-replay/1",
    "billiards-rack/1",
    "game",
    "seed",
    "pool-9ft",
    "pool-8ft",
    "pool-7ft",
    "snooker-12ft",
    "snooker-10ft",
    "carom-10ft",
    "stationary",
    "pocketed",
    "ideal",
    "hertz",
    "reflect",
    "mathavan",
    "horizontal",
    "contact",
    "alciatore",
};

enum Tag : std::uint8_t {
    kNull,
    kFalse,
    kTrue,
    kUnsigned,   // varint
    kNegative,   // varint of -(x + 1)
    kDecimal,    // varint digits, varint zigzag exponent: digits x 10^exponent
    kNegDecimal, // the same, negative (-0.0 included)
    kDouble,     // the double's 8 bytes, little-endian
    kWord,       // varint index into kWords
    kString,     // varint length, printable ASCII
    kArray,      // varint count, values
    kObject,     // varint count, (key, value) pairs
    kTable,      // an array of objects with the same keys: count, keys, one column per key
};
enum Column : std::uint8_t {
    kSame,   // one value, every row's
    kValues, // one value per row
    kSplit,  // rows are arrays of one length m: varint m, then m columns of kValues
};

constexpr int kMaxDepth = 16;
constexpr std::size_t kMaxValues = 100000; // values a decoded document may hold
constexpr std::size_t kMaxString = 256;

std::uint32_t crc32(const std::uint8_t* data, std::size_t n) {
    std::uint32_t c = 0xFFFFFFFFu;
    for (std::size_t i = 0; i < n; ++i) {
        c ^= data[i];
        for (int k = 0; k < 8; ++k)
            c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
    }
    return ~c;
}

constexpr std::string_view kAlphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

std::string base64url(const std::vector<std::uint8_t>& bytes) {
    std::string out;
    std::uint32_t acc = 0;
    int bits = 0;
    for (std::uint8_t b : bytes) {
        acc = (acc << 8) | b;
        bits += 8;
        while (bits >= 6) {
            bits -= 6;
            out += kAlphabet[(acc >> bits) & 63u];
        }
    }
    if (bits > 0) out += kAlphabet[(acc << (6 - bits)) & 63u];
    return out;
}

bool printable(std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return c >= 0x20 && c <= 0x7e; });
}

std::optional<std::size_t> word_of(std::string_view s) {
    const auto it = std::find(kWords.begin(), kWords.end(), s);
    if (it == kWords.end()) return std::nullopt;
    return static_cast<std::size_t>(it - kWords.begin());
}

// ---- writing ----

// Equal, and floats equal bit for bit (0.0 == -0.0, but a code keeps the sign).
bool identical(const nlohmann::json& a, const nlohmann::json& b) {
    if (a.type() != b.type()) return false;
    if (a.is_number_float()) {
        const double x = a.get<double>(), y = b.get<double>();
        return std::memcmp(&x, &y, sizeof x) == 0;
    }
    if (a.is_array() || a.is_object()) {
        if (a.size() != b.size()) return false;
        for (auto p = a.begin(), q = b.begin(); p != a.end(); ++p, ++q)
            if ((a.is_object() && p.key() != q.key()) || !identical(*p, *q)) return false;
        return true;
    }
    return a == b;
}

class Writer {
  public:
    std::vector<std::uint8_t> bytes;

    void varint(std::uint64_t v) {
        while (v >= 0x80) {
            bytes.push_back(static_cast<std::uint8_t>(v | 0x80));
            v >>= 7;
        }
        bytes.push_back(static_cast<std::uint8_t>(v));
    }
    void text(std::string_view s, const std::string& path) {
        if (!printable(s) || s.size() > kMaxString)
            throw InputError(kCodeFile, path,
                             fmt::format("a code holds printable ASCII texts of at most {} "
                                         "characters",
                                         kMaxString));
        varint(s.size());
        bytes.insert(bytes.end(), s.begin(), s.end());
    }
    void key(const std::string& k, const std::string& path) {
        if (auto w = word_of(k)) {
            varint(*w + 1);
            return;
        }
        varint(0);
        text(k, path);
    }
    void number(double x) {
        // The shortest decimal that reads back as x: "d.ddde+XX".
        std::array<char, 64> buf{};
        const auto r = std::to_chars(buf.data(), buf.data() + buf.size(), std::fabs(x),
                                     std::chars_format::scientific);
        const std::string_view s(buf.data(), static_cast<std::size_t>(r.ptr - buf.data()));
        const std::size_t e = s.find('e');
        std::uint64_t digits = 0;
        int places = 0, count = 0;
        bool after_point = false;
        for (char c : s.substr(0, e)) {
            if (c == '.') {
                after_point = true;
                continue;
            }
            digits = digits * 10 + static_cast<std::uint64_t>(c - '0');
            ++count;
            if (after_point) ++places;
        }
        int exponent = 0;
        std::from_chars(s.data() + e + 1 + (s[e + 1] == '+' ? 1 : 0), s.data() + s.size(),
                        exponent);
        exponent -= places;
        const std::uint64_t zig = exponent >= 0 ? 2u * static_cast<std::uint64_t>(exponent)
                                                : 2u * static_cast<std::uint64_t>(-exponent) - 1u;
        const std::size_t decimal_size = 1 + varint_size(digits) + varint_size(zig);
        // Subnormals go as bits: reading their decimal back may report an underflow.
        if (count <= 17 && decimal_size <= 9 && (std::isnormal(x) || x == 0.0)) {
            bytes.push_back(std::signbit(x) ? kNegDecimal : kDecimal);
            varint(digits);
            varint(zig);
            return;
        }
        bytes.push_back(kDouble);
        std::uint64_t bits = 0;
        std::memcpy(&bits, &x, sizeof bits);
        for (int i = 0; i < 8; ++i)
            bytes.push_back(static_cast<std::uint8_t>(bits >> (8 * i)));
    }
    void value(const nlohmann::json& v, const std::string& path, int depth) {
        if (depth > kMaxDepth) throw InputError(kCodeFile, path, "nested too deeply for a code");
        switch (v.type()) {
        case nlohmann::json::value_t::null:
            bytes.push_back(kNull);
            return;
        case nlohmann::json::value_t::boolean:
            bytes.push_back(v.get<bool>() ? kTrue : kFalse);
            return;
        case nlohmann::json::value_t::number_unsigned:
            bytes.push_back(kUnsigned);
            varint(v.get<std::uint64_t>());
            return;
        case nlohmann::json::value_t::number_integer: {
            const std::int64_t i = v.get<std::int64_t>();
            if (i >= 0) {
                bytes.push_back(kUnsigned);
                varint(static_cast<std::uint64_t>(i));
            } else {
                bytes.push_back(kNegative);
                varint(static_cast<std::uint64_t>(-(i + 1)));
            }
            return;
        }
        case nlohmann::json::value_t::number_float:
            number(v.get<double>());
            return;
        case nlohmann::json::value_t::string: {
            const std::string& s = v.get_ref<const std::string&>();
            if (auto w = word_of(s)) {
                bytes.push_back(kWord);
                varint(*w);
            } else {
                bytes.push_back(kString);
                text(s, path);
            }
            return;
        }
        case nlohmann::json::value_t::array:
            if (alike_objects(v)) {
                table(v, path, depth);
                return;
            }
            bytes.push_back(kArray);
            varint(v.size());
            for (std::size_t i = 0; i < v.size(); ++i)
                value(v[i], index_path(path, i), depth + 1);
            return;
        case nlohmann::json::value_t::object:
            bytes.push_back(kObject);
            varint(v.size());
            for (const auto& [k, x] : v.items()) {
                key(k, path);
                value(x, child_path(path, k), depth + 1);
            }
            return;
        default:
            throw InputError(kCodeFile, path, "a code cannot hold this value");
        }
    }

  private:
    static std::size_t varint_size(std::uint64_t v) {
        std::size_t n = 1;
        for (; v >= 0x80; v >>= 7)
            ++n;
        return n;
    }
    // Two or more objects with the same keys (nlohmann keeps keys sorted).
    static bool alike_objects(const nlohmann::json& a) {
        if (a.size() < 2 || !a[0].is_object()) return false;
        for (const nlohmann::json& row : a) {
            if (!row.is_object() || row.size() != a[0].size()) return false;
            auto p = a[0].begin();
            for (auto q = row.begin(); q != row.end(); ++q, ++p)
                if (q.key() != p.key()) return false;
        }
        return true;
    }
    void table(const nlohmann::json& rows, const std::string& path, int depth) {
        bytes.push_back(kTable);
        varint(rows.size());
        varint(rows[0].size());
        for (const auto& [k, unused] : rows[0].items())
            key(k, path);
        for (auto column = rows[0].begin(); column != rows[0].end(); ++column) {
            // A plain name, not a structured binding: clang 14's lambdas cannot capture those.
            const std::string k = column.key();
            const nlohmann::json& first = rows[0][k];
            const std::string at = child_path(index_path(path, 0), k);
            const bool same = std::all_of(rows.begin(), rows.end(), [&](const nlohmann::json& r) {
                return identical(r[k], first);
            });
            if (same) {
                bytes.push_back(kSame);
                value(first, at, depth + 2);
                continue;
            }
            const bool split = first.is_array() && !first.empty() && first.size() <= 8 &&
                               std::all_of(rows.begin(), rows.end(), [&](const nlohmann::json& r) {
                                   return r[k].is_array() && r[k].size() == first.size();
                               });
            if (split) {
                bytes.push_back(kSplit);
                varint(first.size());
                for (std::size_t j = 0; j < first.size(); ++j)
                    for (std::size_t i = 0; i < rows.size(); ++i)
                        value(rows[i][k][j], index_path(child_path(index_path(path, i), k), j),
                              depth + 3);
                continue;
            }
            bytes.push_back(kValues);
            for (std::size_t i = 0; i < rows.size(); ++i)
                value(rows[i][k], child_path(index_path(path, i), k), depth + 2);
        }
    }
};

// ---- reading ----

class Reader {
  public:
    Reader(const std::uint8_t* data, std::size_t size) : p_(data), end_(data + size) {}

    bool done() const { return p_ == end_; }

    [[noreturn]] static void damaged(const std::string& what) {
        throw InputError(kCodeFile, "$", "the code is damaged: " + what);
    }
    std::uint8_t byte() {
        if (p_ == end_) damaged("it ends too soon");
        return *p_++;
    }
    std::uint64_t varint() {
        std::uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            const std::uint8_t b = byte();
            v |= static_cast<std::uint64_t>(b & 0x7f) << shift;
            if (!(b & 0x80)) return v;
        }
        damaged("a number runs past 64 bits");
    }
    std::string text(const std::string& path) {
        const std::uint64_t n = varint();
        if (n > kMaxString || n > static_cast<std::uint64_t>(end_ - p_))
            damaged("a text runs past the end");
        std::string s(reinterpret_cast<const char*>(p_), static_cast<std::size_t>(n));
        p_ += n;
        if (!printable(s)) throw InputError(kCodeFile, path, "a text that is not printable ASCII");
        return s;
    }
    std::string key(const std::string& path) {
        const std::uint64_t w = varint();
        if (w == 0) return text(path);
        return word(w - 1);
    }
    static std::string word(std::uint64_t w) {
        if (w >= kWords.size())
            damaged(fmt::format("word {} is not one of this version's {}", w, kWords.size()));
        return std::string(kWords[static_cast<std::size_t>(w)]);
    }
    nlohmann::json value(const std::string& path, int depth) {
        return value_of(byte(), path, depth);
    }

  private:
    const std::uint8_t* p_;
    const std::uint8_t* end_;
    std::size_t values_ = 0;

    void count_value() {
        if (++values_ > kMaxValues)
            damaged(fmt::format("it holds more than {} values", kMaxValues));
    }
    // Each element of a count takes at least one byte, except the rows of a table whose
    // columns are all kSame: those are bounded by kMaxValues.
    std::size_t count() {
        const std::uint64_t n = varint();
        if (n > kMaxValues) damaged("a list is longer than a code can hold");
        return static_cast<std::size_t>(n);
    }
    double decimal(bool negative) {
        const std::uint64_t digits = varint();
        const std::uint64_t zig = varint();
        if (zig > 2000) damaged("a number's exponent is out of range");
        const long exponent =
            (zig & 1u) ? -static_cast<long>((zig + 1) / 2) : static_cast<long>(zig / 2);
        const std::string s = fmt::format("{}e{}", digits, exponent);
        double x = 0.0;
        const auto r = std::from_chars(s.data(), s.data() + s.size(), x);
        if (r.ec != std::errc{} || !std::isfinite(x)) damaged("a number is out of range");
        return negative ? -x : x;
    }
    nlohmann::json value_of(std::uint8_t tag, const std::string& path, int depth) {
        if (depth > kMaxDepth) damaged("it is nested too deeply");
        count_value();
        switch (tag) {
        case kNull:
            return nullptr;
        case kFalse:
            return false;
        case kTrue:
            return true;
        case kUnsigned:
            return varint();
        case kNegative: {
            const std::uint64_t v = varint();
            if (v > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
                damaged("a number is out of range");
            return -static_cast<std::int64_t>(v) - 1;
        }
        case kDecimal:
            return decimal(false);
        case kNegDecimal:
            return decimal(true);
        case kDouble: {
            std::uint64_t bits = 0;
            for (int i = 0; i < 8; ++i)
                bits |= static_cast<std::uint64_t>(byte()) << (8 * i);
            double x = 0.0;
            std::memcpy(&x, &bits, sizeof x);
            if (!std::isfinite(x)) damaged("a number is not finite");
            return x;
        }
        case kWord:
            return word(varint());
        case kString:
            return text(path);
        case kArray: {
            nlohmann::json a = nlohmann::json::array();
            const std::size_t n = count();
            for (std::size_t i = 0; i < n; ++i)
                a.push_back(value(index_path(path, i), depth + 1));
            return a;
        }
        case kObject: {
            nlohmann::json o = nlohmann::json::object();
            const std::size_t n = count();
            for (std::size_t i = 0; i < n; ++i) {
                const std::string k = key(path);
                if (o.contains(k))
                    throw InputError(kCodeFile, child_path(path, k), "duplicate key");
                o[k] = value(child_path(path, k), depth + 1);
            }
            return o;
        }
        case kTable:
            return table(path, depth);
        default:
            damaged(fmt::format("value type {} is unknown", tag));
        }
    }
    nlohmann::json table(const std::string& path, int depth) {
        const std::size_t n = count();
        const std::size_t k = count();
        if (n < 2 || k == 0) damaged("a table needs two rows and a column");
        std::vector<std::string> keys;
        for (std::size_t j = 0; j < k; ++j) {
            std::string name = key(path);
            if (std::find(keys.begin(), keys.end(), name) != keys.end())
                throw InputError(kCodeFile, child_path(index_path(path, 0), name), "duplicate key");
            keys.push_back(std::move(name));
        }
        nlohmann::json rows = nlohmann::json::array();
        for (std::size_t i = 0; i < n; ++i) {
            count_value();
            rows.push_back(nlohmann::json::object());
        }
        for (const std::string& name : keys) {
            const std::string at = child_path(index_path(path, 0), name);
            switch (byte()) {
            case kSame: {
                const nlohmann::json v = value(at, depth + 2);
                for (std::size_t i = 0; i < n; ++i) {
                    count_value();
                    rows[i][name] = v;
                }
                break;
            }
            case kValues:
                for (std::size_t i = 0; i < n; ++i)
                    rows[i][name] = value(child_path(index_path(path, i), name), depth + 2);
                break;
            case kSplit: {
                const std::size_t m = count();
                if (m == 0 || m > 8) damaged("a split column has no parts or too many");
                for (std::size_t i = 0; i < n; ++i)
                    rows[i][name] = nlohmann::json::array();
                for (std::size_t j = 0; j < m; ++j)
                    for (std::size_t i = 0; i < n; ++i)
                        rows[i][name].push_back(
                            value(index_path(child_path(index_path(path, i), name), j), depth + 3));
                break;
            }
            default:
                damaged("a table column of an unknown kind");
            }
        }
        return rows;
    }
};

} // namespace

std::string encode_code(const nlohmann::json& document) {
    Writer w;
    w.bytes.push_back(0); // flags: none in version 1
    w.value(document, "$", 0);
    const std::uint32_t c = crc32(w.bytes.data(), w.bytes.size());
    for (int i = 0; i < 4; ++i)
        w.bytes.push_back(static_cast<std::uint8_t>(c >> (8 * i)));
    return std::string(kCodePrefix) + base64url(w.bytes);
}

nlohmann::json decode_code(std::string_view text) {
    auto fail = [](const std::string& problem) { throw InputError(kCodeFile, "$", problem); };
    if (text.size() > kMaxCodeChars)
        fail(fmt::format("a code is at most {} characters; this text has {}", kMaxCodeChars,
                         text.size()));
    std::string compact;
    for (char c : text)
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r') compact += c;
    if (compact.rfind(kCodePrefix, 0) != 0) {
        const bool other_version = compact.size() > 3 && compact.rfind("BIL", 0) == 0 &&
                                   compact[3] >= '0' && compact[3] <= '9';
        if (other_version) {
            const std::size_t dot = compact.find('.');
            fail(
                fmt::format("this is a version {} code; this build reads version 1 codes",
                            excerpt(compact.substr(3, dot == std::string::npos ? 4 : dot - 3), 8)));
        }
        fail(fmt::format("not a share code: it must begin with \"{}\"", kCodePrefix));
    }
    std::vector<std::uint8_t> bytes;
    std::uint32_t acc = 0;
    int bits = 0;
    for (std::size_t i = kCodePrefix.size(); i < compact.size(); ++i) {
        const std::size_t v = kAlphabet.find(compact[i]);
        if (v == std::string_view::npos)
            fail(fmt::format("not a share code: {} is not one of a code's letters",
                             excerpt(std::string(1, compact[i]), 4)));
        acc = (acc << 6) | static_cast<std::uint32_t>(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            bytes.push_back(static_cast<std::uint8_t>(acc >> bits));
        }
    }
    if (bytes.size() < 6) fail("the code is damaged: it is too short (copied only in part?)");
    const std::size_t body = bytes.size() - 4;
    std::uint32_t stored = 0;
    for (int i = 0; i < 4; ++i)
        stored |= static_cast<std::uint32_t>(bytes[body + static_cast<std::size_t>(i)]) << (8 * i);
    if (crc32(bytes.data(), body) != stored)
        fail("the code is damaged: its checksum does not match (cut short or mistyped?)");
    if (bytes[0] != 0) fail("the code is damaged: it asks for features version 1 does not have");
    Reader r(bytes.data() + 1, body - 1);
    nlohmann::json doc = r.value("$", 0);
    if (!r.done()) Reader::damaged("bytes follow the document");
    return doc;
}

nlohmann::json rack_document(const RackCode& rack) {
    nlohmann::json j = {
        {"format", kRackFormat}, {"game", game::info(rack.kind).cli_name}, {"seed", rack.seed}};
    if (!rack.table.empty()) j["table"] = rack.table;
    return j;
}

RackCode parse_rack(const nlohmann::json& document) {
    const JsonReader root(document, kCodeFile);
    expect_format(root, kRackFormat);
    root.expect_object({"format", "game", "seed", "table"});
    RackCode rack;
    const JsonReader g = root.at("game");
    const auto kind = game::kind_of_cli_name(g.string());
    if (!kind) g.fail("must be one of 8ball, 9ball, snooker, three-cushion");
    rack.kind = *kind;
    const JsonReader seed = root.at("seed");
    if (!seed.json().is_number_unsigned() &&
        !(seed.json().is_number_integer() && seed.json().get<std::int64_t>() >= 0))
        seed.fail("must be a whole number from 0 to 18446744073709551615");
    rack.seed = seed.json().get<std::uint64_t>();
    if (auto t = root.find("table")) rack.table = t->string();
    return rack;
}

game::Scenario rack_scenario(const RackCode& rack) {
    game::GameOptions options;
    options.seed = rack.seed;
    if (!rack.table.empty()) {
        if (!plays_on(rack.kind, rack.table))
            throw InputError(kCodeFile, "table",
                             fmt::format("{} is not played on {}", game::to_string(rack.kind),
                                         excerpt(rack.table)));
        options.table = load_standard_table(rack.table).spec;
    }
    const std::unique_ptr<game::Game> g = game::make_game(rack.kind, options);
    game::Scenario s;
    s.table = g->table();
    s.table_name = s.table.spec.name;
    s.params = g->world().params();
    s.cue = g->cue();
    for (const physics::Ball& b : g->world().balls()) {
        if (b.state == physics::MotionState::Pocketed) continue;
        s.balls.push_back(b.def());
    }
    return s;
}

namespace {

// The file's format, if it is one a code may hold.
std::string code_format(const nlohmann::json& doc, const std::string& file_name) {
    const JsonReader root(doc, file_name);
    if (doc.is_object() && doc.contains("format") && doc["format"].is_string()) {
        const std::string f = doc["format"].get<std::string>();
        if (f == formats::kScenario || f == formats::kReplay || f == kRackFormat) return f;
    }
    if (!doc.is_object()) root.fail("must be a JSON object");
    root.at("format").fail(fmt::format("a code holds a scenario ({}), a replay ({}) or a rack "
                                       "({})",
                                       formats::kScenario, formats::kReplay, kRackFormat));
}

// Drops every key the file's reader would put back by itself: `canonical` turns a document's
// text into the text its format's writer writes (or throws), and a key goes only when the
// document without it still gives `target`. A key of an array of objects goes from every
// element at once (the balls' velocity, spin, radius and mass).
using Canonical = std::function<std::string(const std::string&)>;

bool still_gives(const nlohmann::json& doc, const Canonical& canonical, const std::string& target) {
    try {
        return canonical(doc.dump()) == target;
    } catch (const std::exception&) {
        return false;
    }
}

void prune(nlohmann::json& doc, nlohmann::json& node, const Canonical& canonical,
           const std::string& target) {
    if (node.is_object()) {
        std::vector<std::string> keys;
        for (const auto& [k, v] : node.items())
            keys.push_back(k);
        for (const std::string& k : keys) {
            if (&node == &doc && k == "format") continue;
            nlohmann::json kept = std::move(node[k]);
            node.erase(k);
            if (still_gives(doc, canonical, target)) continue;
            node[k] = std::move(kept);
            prune(doc, node[k], canonical, target);
        }
    } else if (node.is_array() && !node.empty() && node[0].is_object()) {
        std::vector<std::string> keys;
        for (const auto& [k, v] : node[0].items())
            keys.push_back(k);
        for (const std::string& k : keys) {
            std::vector<nlohmann::json> kept;
            for (nlohmann::json& row : node) {
                kept.push_back(row.contains(k) ? row[k] : nlohmann::json());
                row.erase(k);
            }
            if (still_gives(doc, canonical, target)) continue;
            for (std::size_t i = 0; i < node.size(); ++i)
                if (!kept[i].is_null()) node[i][k] = std::move(kept[i]);
        }
    }
}

} // namespace

CodeFile file_of_code(std::string_view code) {
    const nlohmann::json doc = decode_code(code);
    const std::string format = code_format(doc, kCodeFile);
    if (format == kRackFormat)
        return {formats::kScenario, scenario_to_json(rack_scenario(parse_rack(doc)))};
    const std::string text = doc.dump();
    if (format == formats::kReplay) return {format, replay_to_json(parse_replay(text, kCodeFile))};
    return {format, scenario_to_json(parse_scenario(text, kCodeFile))};
}

game::Scenario scenario_of_code(std::string_view code) {
    const CodeFile file = file_of_code(code);
    if (file.format == formats::kScenario) return parse_scenario(file.text, kCodeFile);
    return scenario_of_replay(parse_replay(file.text, kCodeFile));
}

std::string code_of_file(const std::string& text, const std::string& file_name) {
    const nlohmann::json doc = parse_json(text, file_name);
    const std::string format = code_format(doc, file_name);
    // Through the format's reader and writer: the code holds exactly what the file means,
    // without the keys the reader supplies itself.
    Canonical canonical;
    if (format == kRackFormat)
        canonical = [](const std::string& t) {
            return rack_document(parse_rack(nlohmann::json::parse(t))).dump();
        };
    else if (format == formats::kReplay)
        canonical = [](const std::string& t) { return replay_to_json(parse_replay(t, kCodeFile)); };
    else
        canonical = [](const std::string& t) {
            return scenario_to_json(parse_scenario(t, kCodeFile));
        };
    std::string target;
    try {
        target = canonical(text);
    } catch (const InputError& e) {
        throw InputError(file_name, e.path(), e.problem());
    }
    nlohmann::json doc_out = nlohmann::json::parse(target);
    prune(doc_out, doc_out, canonical, target);
    try {
        return encode_code(doc_out);
    } catch (const InputError& e) {
        throw InputError(file_name, e.path(), e.problem());
    }
}

} // namespace billiards::io
