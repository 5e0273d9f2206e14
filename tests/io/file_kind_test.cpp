// Every reader refuses a file of another kind with a message that names the kind it is: a
// match report (billiards match --out) given to --load, a result given to simulate, ...
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "io/json_reader.hpp"
#include "io/match_file.hpp"
#include "io/replay_file.hpp"
#include "io/scenario.hpp"
#include "io/settings.hpp"

using namespace billiards::io;

namespace {

struct Reader {
    std::string kind; // as the messages name it
    std::string format;
    std::function<void(const std::string&)> parse;
};

std::vector<Reader> readers() {
    return {
        {"scenario", "billiards-scenario/1",
         [](const std::string& t) { parse_scenario(t, "FILE"); }},
        {"saved match", "billiards-match/1", [](const std::string& t) { parse_match(t, "FILE"); }},
        {"replay", "billiards-replay/1", [](const std::string& t) { parse_replay(t, "FILE"); }},
        {"settings file", "billiards-settings/1",
         [](const std::string& t) { parse_settings(t, "FILE"); }},
    };
}

// Every kind of file the program writes, readable or not.
const std::vector<std::pair<std::string, std::string>> kKinds = {
    {"scenario", "billiards-scenario/1"}, {"simulation result", "billiards-result/1"},
    {"saved match", "billiards-match/1"}, {"match report", "billiards-match-report/1"},
    {"replay", "billiards-replay/1"},     {"settings file", "billiards-settings/1"},
};

std::string error_of(const std::function<void(const std::string&)>& parse,
                     const std::string& text) {
    try {
        parse(text);
    } catch (const InputError& e) {
        return e.what();
    }
    return "(accepted)";
}

} // namespace

TEST(FileKind, TheFormatsHaveTheirNames) {
    for (const auto& [kind, format] : kKinds)
        EXPECT_EQ(format_kind(format), kind) << format;
    EXPECT_EQ(format_kind("billiards-match/2"), "");
    EXPECT_STREQ(formats::kMatchReport, "billiards-match-report/1");
}

TEST(FileKind, EveryReaderNamesTheKindOfAWrongFile) {
    for (const Reader& r : readers()) {
        for (const auto& [kind, format] : kKinds) {
            if (format == r.format) continue;
            const std::string text = R"({"format": ")" + format + R"(", "x": 1})";
            EXPECT_EQ(error_of(r.parse, text), "FILE: format: this is a billiards " + kind + " (" +
                                                   format + "), not a " + r.kind)
                << r.kind << " reader, " << format;
        }
        // Not a kind this program knows (a later version, say): what it wants.
        EXPECT_EQ(error_of(r.parse, R"({"format": "billiards-replay/9"})"),
                  "FILE: format: must be \"" + r.format + "\"")
            << r.kind;
    }
}

TEST(FileKind, TheMatchReportIsNoSavedMatch) {
    // What `billiards match --out` writes now, then what it wrote before the report had a name.
    const std::string report = R"({"format": "billiards-match-report/1", "mode": "8ball",
        "games_played": 1, "breaks": {"legal": 1}, "games": []})";
    EXPECT_EQ(error_of(readers()[1].parse, report),
              "FILE: format: this is a billiards match report (billiards-match-report/1), not a "
              "saved match");
    const std::string old_report = R"({"format": "billiards-match/1", "mode": "8ball",
        "games_played": 1, "breaks": {"legal": 1}, "games": []})";
    EXPECT_EQ(error_of(readers()[1].parse, old_report),
              "FILE: format: this is a billiards match report (written as billiards-match/1 "
              "before reports became billiards-match-report/1), not a saved match");
}
