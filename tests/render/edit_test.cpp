// The debug panel's edit path (ui/ball_edit) without ImGui, and the panel itself built in a
// headless ImGui context.
#include <gtest/gtest.h>
#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <sstream>
#include <vector>

#include "../common/scratch_dir.hpp"
#include "game/rack.hpp"
#include "imgui_probe.hpp"
#include "io/share_code.hpp"
#include "ui/ball_edit.hpp"
#include "ui/debug_panel.hpp"

namespace billiards {
namespace {

struct Fixture {
    game::Table table = game::build_table(game::TableSpec{});
    physics::World world = game::racked_world(game::GameKind::EightBall, table, {}, 1);
    int index(int id) const { return world.index_of(id); }
};

TEST(BallEdit, MassEditChangesTheWorld) {
    Fixture f;
    const int i = f.index(5);
    physics::BallDef d = f.world.ball(i).def();
    d.mass = 0.5;
    EXPECT_EQ(ui::apply_ball_edit(f.world, f.table, i, d), "");
    EXPECT_EQ(f.world.ball(i).mass, 0.5);
    // The heavier ball carries more momentum for the same velocity.
    d.velocity = {1.0, 0.0};
    EXPECT_EQ(ui::apply_ball_edit(f.world, f.table, i, d), "");
    EXPECT_NEAR(f.world.momentum().x, 0.5, 1e-12);
}

TEST(BallEdit, InvalidValuesAreRefusedAndLeaveTheWorldAlone) {
    Fixture f;
    const int i = f.index(5);
    const physics::BallDef before = f.world.ball(i).def();
    auto refused = [&](physics::BallDef d, const std::string& what) {
        const std::string error = ui::apply_ball_edit(f.world, f.table, i, d);
        EXPECT_NE(error.find(what), std::string::npos) << "got: " << error;
        EXPECT_EQ(f.world.ball(i).mass, before.mass);
        EXPECT_EQ(f.world.ball(i).position, before.position);
        EXPECT_EQ(f.world.ball(i).radius, before.radius);
    };
    physics::BallDef d = before;
    d.mass = 0.0;
    refused(d, "mass must be > 0");
    d.mass = -1.0;
    refused(d, "mass must be > 0");
    d = before;
    d.radius = 0.0;
    refused(d, "radius must be > 0");
    d = before;
    d.mass = std::numeric_limits<double>::quiet_NaN();
    refused(d, "mass");
    d = before;
    d.position = f.world.ball(f.index(6)).position + Vec2{0.01, 0.0};
    refused(d, "overlaps ball 6");
    d = before;
    d.position = {2.0, 0.0};
    refused(d, "outside the table");
    d = before;
    d.id = 6;
    refused(d, "id 6 is already taken");
    d = before;
    d.velocity = {std::numeric_limits<double>::infinity(), 0.0};
    refused(d, "velocity");
}

TEST(BallEdit, CushionsInsideTheTableAreObstacles) {
    // A box with a wall across its middle (an inline scenario table).
    game::Table t;
    t.cushions = {{{-1, -0.5}, {1, -0.5}},
                  {{1, -0.5}, {1, 0.5}},
                  {{1, 0.5}, {-1, 0.5}},
                  {{-1, 0.5}, {-1, -0.5}},
                  {{0, -0.2}, {0, 0.2}}};
    physics::World w({}, t.cushions, {});
    physics::BallDef d;
    d.position = {0.01, 0.0};
    EXPECT_NE(ui::spawn_ball(w, t, d).find("overlaps cushion 4"), std::string::npos);
    d.position = {0.1, 0.0};
    EXPECT_EQ(ui::spawn_ball(w, t, d), "");
    d.id = 1;
    d.position = {1.2, 0.0};
    EXPECT_NE(ui::spawn_ball(w, t, d).find("outside the table"), std::string::npos);
}

TEST(BallEdit, SpawnNeedsAFreePlace) {
    Fixture f;
    physics::BallDef d;
    d.id = ui::free_ball_id(f.world);
    EXPECT_EQ(d.id, 16);
    d.position = game::foot_spot(f.table.spec); // the apex ball is there
    EXPECT_NE(ui::spawn_ball(f.world, f.table, d), "");
    const auto spot = ui::free_spot(f.world, f.table, d.radius);
    ASSERT_TRUE(spot);
    d.position = *spot;
    EXPECT_EQ(ui::spawn_ball(f.world, f.table, d), "");
    EXPECT_EQ(f.world.ball_count(), 17);
}

TEST(BallEdit, PhysicsParametersAreChecked) {
    Fixture f;
    physics::Params p = f.world.params();
    p.ball_restitution = 1.5;
    EXPECT_NE(ui::apply_params(f.world, p), "");
    EXPECT_EQ(f.world.params().ball_restitution, physics::Params{}.ball_restitution);
    p.ball_restitution = 1.0;
    p.sliding_friction = -0.1;
    EXPECT_NE(ui::apply_params(f.world, p).find("sliding friction"), std::string::npos);
    p.sliding_friction = 0.3;
    p.timestep = 1.0 / 480.0;
    EXPECT_EQ(ui::apply_params(f.world, p), "");
    EXPECT_EQ(f.world.params().ball_restitution, 1.0);
    EXPECT_EQ(f.world.params().timestep, 1.0 / 480.0);
}

TEST(BallEdit, ContactModelParametersAreChecked) {
    Fixture f;
    physics::Params p = f.world.params();
    p.ball_contact = physics::BallContact::Hertz;
    p.ball_poisson_ratio = 0.5;
    EXPECT_NE(ui::apply_params(f.world, p).find("Poisson"), std::string::npos);
    p.ball_poisson_ratio = 0.3;
    p.ball_young_modulus = -1.0;
    EXPECT_NE(ui::apply_params(f.world, p).find("Young"), std::string::npos);
    p.ball_young_modulus = 2e9;
    EXPECT_EQ(ui::apply_params(f.world, p), "");
    EXPECT_EQ(f.world.params().ball_contact, physics::BallContact::Hertz);
    EXPECT_EQ(f.world.params().ball_young_modulus, 2e9);
}

// The mathavan impact's steps: the panel's field takes what a scenario file takes (1 to
// 100000); a refused value leaves the world's parameters as they were.
TEST(BallEdit, ThrowStepsAreChecked) {
    Fixture f;
    physics::Params p = f.world.params();
    p.throw_model = physics::ThrowModel::Mathavan;
    for (const int bad : {0, -5, 100001}) {
        p.throw_steps = bad;
        EXPECT_EQ(ui::apply_params(f.world, p), "impulse steps must be between 1 and 100000")
            << bad;
        EXPECT_EQ(f.world.params().throw_steps, physics::Params{}.throw_steps);
    }
    p.throw_steps = 250;
    EXPECT_EQ(ui::apply_params(f.world, p), "");
    EXPECT_EQ(f.world.params().throw_model, physics::ThrowModel::Mathavan);
    EXPECT_EQ(f.world.params().throw_steps, 250);
}

TEST(EventLog, ShowsAClusterAsOneEvent) {
    Fixture f;
    physics::Params p = f.world.params();
    p.ball_contact = physics::BallContact::Hertz;
    f.world.set_params(p);
    f.world.set_record_events(true);
    f.world.set_motion(f.index(0), {9.0, 0.0}, {}); // into the rack
    ui::EventLog log(4096);
    for (int k = 0; k < 2000 && !f.world.at_rest(); ++k) {
        f.world.step();
        log.collect(f.world);
        f.world.clear_events();
    }
    int clusters = 0;
    for (const ui::LoggedEvent& e : log.entries()) {
        if (e.kind != physics::EventKind::Cluster) continue;
        ++clusters;
        EXPECT_GE(e.members.size(), 2u);
        EXPECT_GT(e.end, e.time);
        EXPECT_NE(ui::describe(e).find("cluster"), std::string::npos);
    }
    EXPECT_GE(clusters, 1);
}

TEST(EventLog, KeepsIdsAndACap) {
    Fixture f;
    f.world.set_record_events(true);
    const int cue = f.index(0);
    f.world.set_motion(cue, {4.0, 0.0}, {});
    ui::EventLog log(8);
    for (int k = 0; k < 2000 && !f.world.at_rest(); ++k) {
        f.world.step();
        log.collect(f.world);
        f.world.clear_events();
    }
    ASSERT_EQ(log.entries().size(), 8u);
    for (const ui::LoggedEvent& e : log.entries())
        EXPECT_FALSE(ui::describe(e).empty());
}

// The panel's own path for a committed row: accepted edits reach the world, refused ones
// stay in the row with their reason.
TEST(DebugPanel, SubmittedMassEditChangesTheWorldOrIsRefused) {
    Fixture f;
    std::string name = "pool-9ft";
    FixedStepClock clock(f.world.params().timestep);
    ui::EventLog log;
    bool vectors = false, geometry = false, timing = false;
    ui::PanelContext ctx{f.world, &f.world, f.table, name, clock, log, vectors, geometry, timing};
    ui::DebugPanel panel;
    physics::BallDef d = f.world.ball(f.index(9)).def();
    d.mass = 0.25;
    EXPECT_EQ(panel.submit_ball_edit(ctx, 9, d), "");
    EXPECT_EQ(f.world.ball(f.index(9)).mass, 0.25);
    d.mass = -0.25;
    EXPECT_EQ(panel.submit_ball_edit(ctx, 9, d), "ball 9: mass must be > 0");
    EXPECT_EQ(f.world.ball(f.index(9)).mass, 0.25);
    d.mass = 0.25;
    d.radius = 0.0;
    EXPECT_NE(panel.submit_ball_edit(ctx, 9, d), "");
    EXPECT_EQ(f.world.ball(f.index(9)).radius, physics::kBallRadius);
}

TEST(DebugPanel, SavesAndLoadsTheTableAsAScenario) {
    Fixture f;
    std::string name = "pool-9ft";
    FixedStepClock clock(f.world.params().timestep);
    ui::EventLog log;
    bool vectors = false, geometry = false, timing = false;
    ui::PanelContext ctx{f.world, &f.world, f.table, name, clock, log, vectors, geometry, timing};
    ui::DebugPanel panel;
    const test::ScratchDir dir;
    const std::string path = (dir / "panel-save.json").string();
    ASSERT_TRUE(panel.save(ctx, path)) << panel.file_message();
    const Vec2 seven = f.world.ball(f.index(7)).position;
    f.world.clear_balls();
    ui::PanelResult result;
    ASSERT_TRUE(panel.load(ctx, path, result)) << panel.file_message();
    EXPECT_TRUE(result.world_replaced);
    EXPECT_EQ(f.world.ball_count(), 16);
    EXPECT_EQ(f.world.ball(f.index(7)).position, seven);
    // A broken file is a red message, not a crash, and leaves the world alone.
    std::ofstream(path) << "{ not json";
    ui::PanelResult none;
    EXPECT_FALSE(panel.load(ctx, path, none));
    EXPECT_NE(panel.file_message().find("panel-save.json"), std::string::npos)
        << panel.file_message();
    EXPECT_FALSE(none.world_replaced);
    EXPECT_EQ(f.world.ball_count(), 16);
    EXPECT_FALSE(panel.save(ctx, "/nonexistent/dir/x.json"));
    EXPECT_NE(panel.file_message().find("/nonexistent/dir/x.json"), std::string::npos)
        << panel.file_message();
}

// Frames of the panel in a headless ImGui context (no renderer needed to build draw lists),
// tall enough that every open section draws its text.
class PanelFrames {
  public:
    PanelFrames() {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = ImVec2(1280.0f, 3000.0f);
        unsigned char* pixels = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    }
    ~PanelFrames() { ImGui::DestroyContext(); }
    PanelFrames(const PanelFrames&) = delete;
    PanelFrames& operator=(const PanelFrames&) = delete;
    // Two frames (the first sizes the window); the text of the second, or its red glyphs.
    std::string draw(ui::DebugPanel& panel, ui::PanelContext& ctx, bool red_only = false) {
        bool open = true;
        std::string text;
        for (int frame = 0; frame < 2; ++frame) {
            ImGui::GetIO().DeltaTime = 1.0f / 60.0f;
            ImGui::NewFrame();
            if (frame == 1) ImGui::SetWindowSize("Debug panel (F1)", ImVec2(900.0f, 2900.0f));
            panel.draw(ctx, &open);
            ImGui::Render();
            text = test::drawn_text("Debug panel (F1)", red_only ? test::ColorFilter(test::is_red)
                                                                 : test::ColorFilter());
        }
        return text;
    }
};

// The panel over a fixture's world (the sandbox's: editable), and the text it draws.
struct PanelOf {
    std::string name = "pool-9ft";
    FixedStepClock clock;
    ui::EventLog log;
    bool vectors = false, geometry = false, timing = false;
    ui::PanelContext ctx;
    ui::DebugPanel panel;
    PanelFrames frames;
    explicit PanelOf(Fixture& f)
        : clock(f.world.params().timestep), ctx{f.world, &f.world, f.table,  name,  clock,
                                                log,     vectors,  geometry, timing} {}
    std::string text() { return frames.draw(panel, ctx); }
};

// The table as a share code and back; a rack's code sets up the rack; a damaged code is a
// red message that leaves the table alone.
TEST(DebugPanel, CopiesAndPastesTheTableAsACode) {
    Fixture f;
    PanelOf view(f);
    ui::PanelContext& ctx = view.ctx;
    ui::DebugPanel& panel = view.panel;
    const std::string code = panel.copy_code(ctx);
    ASSERT_EQ(code.rfind("BIL1.", 0), 0u) << panel.file_message();
    EXPECT_NE(panel.file_message().find("code copied"), std::string::npos);
    const Vec2 seven = f.world.ball(f.index(7)).position;
    f.world.clear_balls();
    ui::PanelResult result;
    ASSERT_TRUE(panel.paste_code(ctx, code, result)) << panel.file_message();
    EXPECT_TRUE(result.world_replaced);
    EXPECT_EQ(f.world.ball_count(), 16);
    EXPECT_EQ(f.world.ball(f.index(7)).position, seven);

    ui::PanelResult none;
    EXPECT_FALSE(panel.paste_code(ctx, code.substr(0, code.size() - 4), none));
    EXPECT_EQ(panel.file_message().rfind("code: $: the code is damaged", 0), 0u)
        << panel.file_message();
    EXPECT_FALSE(none.world_replaced);
    EXPECT_EQ(f.world.ball_count(), 16);

    ui::PanelResult rack;
    ASSERT_TRUE(panel.paste_code(
        ctx, io::encode_code(io::rack_document({game::GameKind::NineBall, 3, ""})), rack))
        << panel.file_message();
    EXPECT_EQ(f.world.ball_count(), 10);

    // A match's world is shown, not edited: its code can be copied, nothing pasted.
    ui::PanelContext shown = ctx;
    shown.edit = nullptr;
    shown.read_only = "a match is read-only";
    EXPECT_FALSE(panel.copy_code(shown).empty());
    EXPECT_FALSE(panel.paste_code(shown, code, none));
    EXPECT_EQ(panel.file_message(), "a match is read-only");
}

// The balls' rows in number order, though the rack added them in its own order.
TEST(DebugPanel, ListsTheBallsInNumberOrder) {
    Fixture f;
    ASSERT_NE(f.world.ball(1).id, 1); // the rack's order is not the numbers'
    PanelOf view(f);
    std::istringstream lines(view.text());
    std::vector<int> ids;
    bool in_table = false;
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("id state", 0) == 0) {
            in_table = true;
            continue;
        }
        if (!in_table) continue;
        int id = -1;
        char state[16] = {};
        if (std::sscanf(line.c_str(), "%d %15s", &id, state) != 2) break;
        ids.push_back(id);
    }
    ASSERT_GE(ids.size(), 10u);
    for (std::size_t k = 0; k < ids.size(); ++k)
        EXPECT_EQ(ids[k], static_cast<int>(k));
}

// A ball slowing to rest keeps tiny negative spins and speeds: their fields read 0.0, never
// "-0.0"; a value that does not round to zero keeps its sign.
TEST(DebugPanel, TinyNegativeValuesReadAsZero) {
    Fixture f;
    const int i = f.index(5);
    physics::BallDef d = f.world.ball(i).def();
    d.velocity = {-0.0004, -0.25};
    d.spin = {-0.04, -0.0, -2.5};
    ASSERT_EQ(ui::apply_ball_edit(f.world, f.table, i, d), "");
    PanelOf view(f);
    std::istringstream lines(view.text());
    std::string row;
    for (std::string line; std::getline(lines, line);)
        if (line.rfind("5 ", 0) == 0) row = line;
    ASSERT_FALSE(row.empty());
    std::istringstream words(row);
    std::vector<std::string> fields;
    for (std::string w; words >> w;)
        fields.push_back(w);
    ASSERT_GE(fields.size(), 11u) << row; // id, state, mass, radius, x, y, vx, vy, wx, wy, wz
    EXPECT_EQ(fields[6], "0.000") << row;
    EXPECT_EQ(fields[7], "-0.250") << row;
    EXPECT_EQ(fields[8], "0.0") << row;
    EXPECT_EQ(fields[9], "0.0") << row;
    EXPECT_EQ(fields[10], "-2.5") << row;
    // Only shown so: the world keeps its values.
    EXPECT_EQ(f.world.ball(i).spin.x, -0.04);
    EXPECT_EQ(f.world.ball(i).velocity.x, -0.0004);
}

// A refused edit stays in its field, in red, as the panel's hint says: a ball's row, the
// physics parameters (only the refused one), the cue's end mass.
TEST(DebugPanel, RefusedFieldsTurnRed) {
    Fixture f;
    std::string name = "pool-9ft";
    FixedStepClock clock(f.world.params().timestep);
    ui::EventLog log;
    bool vectors = false, geometry = false, timing = false;
    game::CueParams cue;
    ui::PanelContext ctx{f.world, &f.world, f.table, name, clock, log,
                         vectors, geometry, timing,  "",   &cue};
    ui::DebugPanel panel;
    panel.expand_all();
    PanelFrames frames;
    EXPECT_EQ(frames.draw(panel, ctx, true), ""); // nothing refused, nothing red

    physics::BallDef d = f.world.ball(f.index(5)).def();
    d.mass = -1.0;
    EXPECT_NE(panel.submit_ball_edit(ctx, 5, d), "");
    physics::Params p = f.world.params();
    p.sliding_friction = -0.125;
    EXPECT_NE(panel.submit_params(ctx, p).find("sliding friction"), std::string::npos);
    EXPECT_EQ(f.world.params().sliding_friction, physics::Params{}.sliding_friction);
    panel.expand_all();
    const std::string red = frames.draw(panel, ctx, true);
    for (const char* words : {"5 refused -1.000", "-0.1250", "sliding friction"})
        EXPECT_NE(red.find(words), std::string::npos) << words << " in red:\n" << red;
    // The fields the player did not change stay in the usual colour.
    EXPECT_EQ(red.find("9.8"), std::string::npos) << red; // gravity
    const std::string all = frames.draw(panel, ctx);
    EXPECT_NE(all.find("-0.1250"), std::string::npos) << all; // kept as typed

    // Fixed: the parameters apply and nothing of them is red.
    p.sliding_friction = 0.25;
    EXPECT_EQ(panel.submit_params(ctx, p), "");
    EXPECT_EQ(f.world.params().sliding_friction, 0.25);
    EXPECT_EQ(frames.draw(panel, ctx, true).find("0.2500"), std::string::npos);
}

// The panel code runs in a real ImGui frame (no renderer needed to build draw lists).
TEST(DebugPanel, BuildsAFrameWithEverySectionOpen) {
    Fixture f;
    std::string name = "pool-9ft";
    FixedStepClock clock(f.world.params().timestep);
    ui::EventLog log;
    bool vectors = false, geometry = false, timing = false, open = true;
    ui::PanelContext ctx{f.world, &f.world, f.table, name, clock, log, vectors, geometry, timing};
    ui::DebugPanel panel;
    panel.expand_all();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(1280.0f, 720.0f);
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    std::string text; // what the panel's last frame said
    for (int frame = 0; frame < 3; ++frame) {
        io.DeltaTime = 1.0f / 60.0f;
        ImGui::NewFrame();
        panel.sample(f.world);
        const ui::PanelResult r = panel.draw(ctx, &open);
        EXPECT_FALSE(r.world_replaced);
        ImGui::Render();
        EXPECT_GT(ImGui::GetDrawData()->TotalVtxCount, 100);
        text = test::drawn_text("Debug panel (F1)");
        f.world.step();
    }
    ImGui::DestroyContext();
    // The sections in the 720-pixel window's view and the clock's line as of the third frame
    // (two steps taken), the balls' table with its columns. The sections below the fold (the
    // momentum and energy plots) are clipped, so they draw no text.
    for (const char* words : {"Simulation", "Pause (P)", "steps 2", "at rest", "Balls", "mass kg",
                              "radius m", "Spawn and racks"})
        EXPECT_NE(text.find(words), std::string::npos) << words << " in\n" << text;
}

} // namespace
} // namespace billiards
