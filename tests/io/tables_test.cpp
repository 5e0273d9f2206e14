// (e) The standard tables embedded in the library load, validate and match their files;
// a broken table file is reported like a broken scenario.
#include <gtest/gtest.h>

#include <filesystem>

#include "io/scenario.hpp"
#include "io_test_util.hpp"

namespace {

using namespace billiards;

struct Size {
    const char* name;
    double length, width;
};

constexpr Size kSizes[] = {
    {"pool-9ft", 2.540, 1.270}, {"pool-8ft", 2.337, 1.168}, {"pool-7ft", 1.981, 0.991}};

TEST(IoTables, StandardNames) {
    EXPECT_EQ(io::standard_table_names(),
              (std::vector<std::string>{"pool-9ft", "pool-8ft", "pool-7ft"}));
    EXPECT_EQ(io::snooker_table_names(),
              (std::vector<std::string>{"snooker-12ft", "snooker-10ft"}));
    EXPECT_EQ(io::all_table_names(),
              (std::vector<std::string>{"pool-9ft", "pool-8ft", "pool-7ft", "snooker-12ft",
                                        "snooker-10ft", "carom-10ft"}));
}

// A validation error in an embedded table (a bad edit of assets/tables/*.json) fails here.
TEST(IoTables, EveryStandardTableLoadsAndValidates) {
    const game::TableSpec defaults;
    for (const Size& size : kSizes) {
        SCOPED_TRACE(size.name);
        const game::Table t = io::load_standard_table(size.name);
        EXPECT_EQ(game::validate(t.spec), "");
        EXPECT_EQ(t.spec.name, size.name);
        EXPECT_EQ(t.spec.length, size.length);
        EXPECT_EQ(t.spec.width, size.width);
        EXPECT_EQ(t.spec.corner_mouth, defaults.corner_mouth);
        EXPECT_EQ(t.spec.side_mouth, defaults.side_mouth);
        EXPECT_EQ(t.spec.corner_jaw_angle, defaults.corner_jaw_angle);
        EXPECT_EQ(t.spec.side_jaw_angle, defaults.side_jaw_angle);
        EXPECT_EQ(t.spec.jaw_depth, defaults.jaw_depth);
        EXPECT_EQ(t.spec.corner_pocket_radius, defaults.corner_pocket_radius);
        EXPECT_EQ(t.spec.corner_pocket_offset, defaults.corner_pocket_offset);
        EXPECT_EQ(t.spec.side_pocket_radius, defaults.side_pocket_radius);
        EXPECT_EQ(t.spec.side_pocket_offset, defaults.side_pocket_offset);
        EXPECT_EQ(t.spec.rail_width, defaults.rail_width);
        const game::Table built = game::build_table(t.spec);
        EXPECT_EQ(t.cushions.size(), built.cushions.size());
        EXPECT_EQ(t.pockets.size(), 6u);
        // Pool files leave the new keys out: the pool balls, one segment per jaw.
        EXPECT_EQ(t.spec.kind, "pool");
        EXPECT_EQ(t.spec.ball_radius, physics::kBallRadius);
        EXPECT_EQ(t.spec.ball_mass, physics::kBallMass);
        EXPECT_EQ(t.cushions.size(), 18u);
    }
}

// Snooker tables: WPBSA playing area and balls, rounded jaws of several segments each.
TEST(IoTables, SnookerTables) {
    const Size sizes[] = {{"snooker-12ft", 3.569, 1.778}, {"snooker-10ft", 2.845, 1.422}};
    for (const Size& size : sizes) {
        SCOPED_TRACE(size.name);
        const game::Table t = io::load_standard_table(size.name);
        EXPECT_EQ(t.spec.kind, "snooker");
        EXPECT_EQ(t.spec.length, size.length);
        EXPECT_EQ(t.spec.width, size.width);
        EXPECT_DOUBLE_EQ(2.0 * t.spec.ball_radius, 0.0525);
        EXPECT_EQ(t.cushions.size(),
                  6u + 12u * static_cast<std::size_t>(game::kSnookerJawSegments));
        EXPECT_EQ(t.pockets.size(), 6u);
        // Narrower than pool: a corner mouth of about two and a half balls, not three.
        EXPECT_LT(t.spec.corner_mouth, game::TableSpec{}.corner_mouth);
    }
}

TEST(IoTables, EmbeddedTextIsTheAssetFile) {
    for (const auto& name : io::all_table_names()) {
        const auto file = std::filesystem::path(BILLIARDS_TABLE_DIR) / (name + ".json");
        EXPECT_EQ(io::standard_table_text(name), io_test::slurp(file)) << name;
    }
}

TEST(IoTables, UnknownName) {
    EXPECT_THROW(io::load_standard_table("snooker-14ft"), std::invalid_argument);
    EXPECT_EQ(io::standard_table_text("snooker-14ft"), "");
}

// Each asset file on disk passes the same strict reader.
TEST(IoTables, AssetFilesParse) {
    for (const auto& name : io::all_table_names()) {
        const auto file = std::filesystem::path(BILLIARDS_TABLE_DIR) / (name + ".json");
        EXPECT_EQ(io::parse_table_spec(io_test::slurp(file), name + ".json").name, name);
    }
}

std::string table_error(const std::string& from, const std::string& to) {
    std::string text = io::standard_table_text("pool-9ft");
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
    try {
        io::parse_table_spec(text, "pool-9ft.json");
    } catch (const io::InputError& e) {
        return e.what();
    }
    return "accepted";
}

TEST(IoTables, BrokenTableFilesAreReported) {
    EXPECT_EQ(table_error("\"width\": 1.270", "\"width\": -1.27"),
              "pool-9ft.json: width: must be > 0");
    EXPECT_EQ(table_error("\"width\": 1.270", "\"width\": 3.0"),
              "pool-9ft.json: width: must not exceed length");
    EXPECT_EQ(table_error("\"corner_jaw_angle\": 142.0", "\"corner_jaw_angle\": 200"),
              "pool-9ft.json: corner_jaw_angle: must be between 90 and 180 degrees");
    EXPECT_EQ(table_error("\"rail_width\": 0.12", "\"rail_width\": 0.12, \"felt\": \"green\""),
              "pool-9ft.json: felt: unknown key");
    EXPECT_EQ(table_error("\"jaw_depth\": 0.05,", ""), "pool-9ft.json: jaw_depth: is required");
    EXPECT_EQ(table_error("\"length\": 2.540", "\"length\": \"long\""),
              "pool-9ft.json: length: must be a number");
    EXPECT_EQ(table_error("\"length\": 2.540", "\"length\": 1e999"),
              "pool-9ft.json: length: must be a finite number (number overflow parsing '1e999')");
    EXPECT_EQ(table_error("\"rail_width\": 0.12", "\"rail_width\": 0.12, \"kind\": \"bar\""),
              "pool-9ft.json: kind: must be \"pool\", \"snooker\" or \"carom\"");
    EXPECT_EQ(table_error("\"rail_width\": 0.12", "\"rail_width\": 0.12, \"ball_radius\": 0"),
              "pool-9ft.json: ball_radius: must be > 0 and at most 0.1");
}

// The carom table: every shipped table is in all_table_names, the pool ones alone in
// standard_table_names (what 8-ball and 9-ball accept).
TEST(IoTables, CaromTableLoads) {
    EXPECT_EQ(io::all_table_names(),
              (std::vector<std::string>{"pool-9ft", "pool-8ft", "pool-7ft", "snooker-12ft",
                                        "snooker-10ft", "carom-10ft"}));
    const game::Table t = io::load_standard_table("carom-10ft");
    EXPECT_EQ(t.spec.kind, "carom");
    EXPECT_EQ(t.spec.length, 2.840); // UMB playing area 2840 x 1420 mm
    EXPECT_EQ(t.spec.width, 1.420);
    EXPECT_EQ(t.spec.ball_radius, 0.0615 / 2); // 61.5 mm balls
    EXPECT_EQ(t.spec.ball_mass, 0.210);
    EXPECT_EQ(t.cushions.size(), 4u);
    EXPECT_TRUE(t.pockets.empty());
    const auto file = std::filesystem::path(BILLIARDS_TABLE_DIR) / "carom-10ft.json";
    EXPECT_EQ(io::standard_table_text("carom-10ft"), io_test::slurp(file));
    // Pool tables keep the pool ball when their file does not name one.
    EXPECT_EQ(io::load_standard_table("pool-9ft").spec.ball_radius, physics::kBallRadius);
    EXPECT_EQ(io::load_standard_table("pool-9ft").spec.kind, "pool");
}

std::string carom_error(const std::string& from, const std::string& to) {
    std::string text = io::standard_table_text("carom-10ft");
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
    try {
        io::parse_table_spec(text, "c.json");
    } catch (const io::InputError& e) {
        return e.what();
    }
    return "accepted";
}

TEST(IoTables, BrokenCaromFilesAreReported) {
    EXPECT_EQ(carom_error("\"kind\": \"carom\"", "\"kind\": \"bumper\""),
              "c.json: kind: must be \"pool\", \"snooker\" or \"carom\"");
    EXPECT_EQ(carom_error("\"rail_width\": 0.15", "\"rail_width\": 0.15, \"side_mouth\": 0.1"),
              "c.json: side_mouth: a carom table has no pockets");
    EXPECT_EQ(carom_error("\"ball_radius\": 0.03075", "\"ball_radius\": -1"),
              "c.json: ball_radius: must be > 0 and at most 0.1");
    EXPECT_EQ(carom_error("\"ball_mass\": 0.210", "\"ball_mass\": 0"),
              "c.json: ball_mass: must be > 0 and at most 10");
}

} // namespace
