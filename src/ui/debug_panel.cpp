#include "ui/debug_panel.hpp"

#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <functional>
#include <numeric>
#include <vector>

#include "game/physics_presets.hpp"
#include "game/simulation.hpp"
#include "io/scenario.hpp"
#include "io/share_code.hpp"
#include "ui/ball_edit.hpp"

namespace billiards::ui {

namespace {

const ImVec4 kRed{1.0f, 0.35f, 0.3f, 1.0f};
const ImVec4 kGreen{0.45f, 0.9f, 0.5f, 1.0f};
const ImVec4 kGrey{0.6f, 0.62f, 0.65f, 1.0f};

// The value a "%.Nf" field shows: one that rounds to zero at N decimals shows as 0, not as
// "-0.0" (a ball slowing to rest keeps tiny negative speeds and spins).
double shown_value(double v, const char* format) {
    const std::string f = format;
    const std::size_t dot = f.find('.');
    if (dot == std::string::npos || f.back() != 'f') return v == 0.0 ? 0.0 : v;
    const int decimals = std::atoi(f.c_str() + dot + 1);
    return std::fabs(v) < 0.5 * std::pow(10.0, -decimals) ? 0.0 : v;
}

// One number field of a ball row. Returns true when an edit was committed (Enter or focus
// left after a change); `dirty` turns on at the first keystroke. The value changes only
// when edited: what is shown may be rounded (shown_value).
bool field(const char* id, double* v, const char* format, bool& dirty, bool invalid) {
    if (invalid) ImGui::PushStyleColor(ImGuiCol_Text, kRed);
    ImGui::SetNextItemWidth(-1.0f);
    double shown = shown_value(*v, format);
    if (ImGui::InputDouble(id, &shown, 0.0, 0.0, format)) *v = shown;
    if (invalid) ImGui::PopStyleColor();
    if (ImGui::IsItemEdited()) dirty = true;
    return ImGui::IsItemDeactivatedAfterEdit();
}

// A parameter's field; `invalid`: a refused value, in red like a refused ball row.
bool whole_param(const char* label, int* v, bool& dirty, bool invalid = false) {
    ImGui::SetNextItemWidth(140.0f);
    if (invalid) ImGui::PushStyleColor(ImGuiCol_Text, kRed);
    ImGui::InputInt(label, v, 0, 0);
    if (invalid) ImGui::PopStyleColor();
    if (ImGui::IsItemEdited()) dirty = true;
    return ImGui::IsItemDeactivatedAfterEdit();
}

bool param(const char* label, double* v, const char* format, bool& dirty, bool invalid = false) {
    ImGui::SetNextItemWidth(140.0f);
    if (invalid) ImGui::PushStyleColor(ImGuiCol_Text, kRed);
    ImGui::InputDouble(label, v, 0.0, 0.0, format);
    if (invalid) ImGui::PopStyleColor();
    if (ImGui::IsItemEdited()) dirty = true;
    return ImGui::IsItemDeactivatedAfterEdit();
}

// A choice between two models (ball contact, cushion model) as a labelled pair of radio
// buttons; true when it was changed (and then dirty).
template <class Model>
bool model_choice(const char* label, Model* model, const char* first, Model first_model,
                  const char* second, Model second_model, bool& dirty) {
    int pick = *model == second_model ? 1 : 0;
    ImGui::TextUnformatted(label);
    ImGui::SameLine();
    bool picked = ImGui::RadioButton(first, &pick, 0);
    ImGui::SameLine();
    picked |= ImGui::RadioButton(second, &pick, 1);
    if (!picked) return false;
    *model = pick == 1 ? second_model : first_model;
    dirty = true;
    return true;
}

// Which slip ball-ball friction acts on: horizontal, the whole slip with ball friction, the
// whole slip with Alciatore's fitted friction (which ignores ball friction), or Mathavan's
// integrated impact (ball friction and the cloth's).
bool throw_choice(physics::ThrowModel* model, bool& dirty) {
    constexpr physics::ThrowModel kModels[] = {
        physics::ThrowModel::Horizontal, physics::ThrowModel::Contact,
        physics::ThrowModel::Alciatore, physics::ThrowModel::Mathavan};
    int pick = 0;
    for (int k = 0; k < 4; ++k)
        if (*model == kModels[k]) pick = k;
    ImGui::TextUnformatted("throw model");
    bool picked = false;
    for (int k = 0; k < 4; ++k) {
        ImGui::SameLine();
        picked |= ImGui::RadioButton(physics::to_string(kModels[k]), &pick, k);
    }
    if (!picked) return false;
    *model = kModels[pick];
    dirty = true;
    return true;
}

// Short motion state names, so the state column stays narrow.
const char* short_state(physics::MotionState s) {
    switch (s) {
    case physics::MotionState::Stationary:
        return "rest";
    case physics::MotionState::Sliding:
        return "slide";
    case physics::MotionState::Rolling:
        return "roll";
    case physics::MotionState::Spinning:
        return "spin";
    case physics::MotionState::Pocketed:
        return "potted";
    }
    return "?";
}

void error_text(const std::string& s) {
    if (!s.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, kRed);
        ImGui::TextWrapped("%s", s.c_str());
        ImGui::PopStyleColor();
    }
}

} // namespace

void DebugPanel::sample(const physics::World& world) {
    if (world.time() == last_sample_time_) return; // paused or at rest: keep the plot still
    last_sample_time_ = world.time();
    momentum_[static_cast<std::size_t>(sample_next_)] =
        static_cast<float>(length(world.momentum()));
    energy_[static_cast<std::size_t>(sample_next_)] = static_cast<float>(world.energy());
    sample_next_ = (sample_next_ + 1) % kSamples;
    sample_count_ = std::min(sample_count_ + 1, kSamples);
}

std::string DebugPanel::submit_ball_edit(PanelContext& ctx, int id, const physics::BallDef& def) {
    const int index = ctx.world.index_of(id);
    std::string error = !ctx.edit   ? ctx.read_only
                        : index < 0 ? fmt::format("ball {}: no longer exists", id)
                                    : apply_ball_edit(*ctx.edit, ctx.table, index, def);
    if (error.empty()) {
        rows_.erase(id); // accepted: the row follows the world again (under its new id, too)
    } else {
        Row& row = rows_[id]; // refused: keep the typed values, shown in red
        row.def = def;
        row.dirty = true;
        row.error = error;
    }
    return error;
}

PanelResult DebugPanel::draw(PanelContext& ctx, bool* open) {
    PanelResult result;
    ImGui::SetNextWindowPos(ImVec2(12.0f, 12.0f), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(660.0f, 600.0f), ImGuiCond_FirstUseEver);
    auto header = [this](const char* label, ImGuiTreeNodeFlags flags = 0) {
        if (expand_all_) ImGui::SetNextItemOpen(true);
        return ImGui::CollapsingHeader(label, flags);
    };
    const bool expanded = ImGui::Begin("Debug panel (F1)", open);
    const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    rect_ = {pos.x, pos.y, size.x, size.y};
    if (!expanded) {
        ImGui::End();
        return result;
    }
    const bool read_only = ctx.edit == nullptr;
    if (read_only) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.85f, 0.45f, 1.0f));
        ImGui::TextWrapped("%s", ctx.read_only.c_str());
        ImGui::PopStyleColor();
        if (ImGui::Button("Edit a copy in the sandbox")) result.edit_copy = true;
    }
    if (header("Simulation", ImGuiTreeNodeFlags_DefaultOpen)) clock_section(ctx);
    ImGui::BeginDisabled(read_only);
    if (header("Balls", ImGuiTreeNodeFlags_DefaultOpen)) balls_section(ctx, result);
    if (header("Spawn and racks")) spawn_section(ctx, result);
    ImGui::EndDisabled();
    if (header("Momentum and energy", ImGuiTreeNodeFlags_DefaultOpen)) plots_section(ctx);
    if (header("Events")) events_section(ctx);
    ImGui::BeginDisabled(read_only);
    if (header("Physics parameters")) params_section(ctx, result);
    if (header("Scenario file")) file_section(ctx, result);
    ImGui::EndDisabled();
    expand_all_ = false;
    ImGui::End();
    return result;
}

void DebugPanel::clock_section(PanelContext& ctx) {
    bool paused = ctx.clock.paused();
    if (ImGui::Checkbox("Pause (P)", &paused)) ctx.clock.set_paused(paused);
    ImGui::SameLine();
    ImGui::BeginDisabled(!paused);
    if (ImGui::Button("Step (.)")) ctx.clock.request_single_step();
    ImGui::EndDisabled();
    ImGui::SameLine();
    float scale = static_cast<float>(ctx.clock.time_scale());
    ImGui::SetNextItemWidth(180.0f);
    if (ImGui::SliderFloat("time scale", &scale, 0.01f, 8.0f, "%.2fx",
                           ImGuiSliderFlags_Logarithmic))
        ctx.clock.set_time_scale(static_cast<double>(scale));
    ImGui::SameLine();
    if (ImGui::SmallButton("1x")) ctx.clock.set_time_scale(1.0);
    ImGui::Text("time %.4f s   steps %llu   dt %.6f s   %s", ctx.world.time(),
                static_cast<unsigned long long>(ctx.world.steps()), ctx.world.params().timestep,
                ctx.world.at_rest() ? "at rest" : "moving");
    ImGui::Checkbox("Velocity and spin vectors (V)", &ctx.show_vectors);
    ImGui::SameLine();
    ImGui::Checkbox("Collision geometry (G)", &ctx.show_geometry);
    ImGui::SameLine();
    ImGui::Checkbox("Frame time (T)", &ctx.show_timing);
}

void DebugPanel::balls_section(PanelContext& ctx, PanelResult& result) {
    const physics::World& w = ctx.world;
    // Forget rows of balls that are gone.
    for (auto it = rows_.begin(); it != rows_.end();)
        it = w.index_of(it->first) < 0 ? rows_.erase(it) : std::next(it);

    const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                  ImGuiTableFlags_ScrollY | ImGuiTableFlags_ScrollX |
                                  ImGuiTableFlags_SizingFixedFit;
    const float row_h = ImGui::GetFrameHeightWithSpacing();
    const float height = std::min(row_h * static_cast<float>(w.ball_count() + 1) + 8.0f, 320.0f);
    std::string errors;
    int remove = -1, restore = -1;
    if (ImGui::BeginTable("balls", 13, flags, ImVec2(0.0f, height))) {
        ImGui::TableSetupScrollFreeze(1, 1);
        struct Column {
            const char* name;
            float width;
        };
        const Column columns[] = {{"id", 26},     {"state", 44},  {"mass kg", 50}, {"radius m", 56},
                                  {"x m", 56},    {"y m", 56},    {"vx m/s", 50},  {"vy m/s", 50},
                                  {"wx 1/s", 50}, {"wy 1/s", 50}, {"wz 1/s", 50},  {"", 16},
                                  {"", 52}};
        for (const Column& c : columns)
            ImGui::TableSetupColumn(c.name, ImGuiTableColumnFlags_WidthFixed, c.width);
        ImGui::TableHeadersRow();
        // In number order (the world keeps them in the order they were added: a rack's).
        std::vector<int> order(static_cast<std::size_t>(w.ball_count()));
        std::iota(order.begin(), order.end(), 0);
        std::sort(order.begin(), order.end(),
                  [&](int a, int b) { return w.ball(a).id < w.ball(b).id; });
        for (const int i : order) {
            const physics::Ball& b = w.ball(i);
            Row& row = rows_[b.id];
            if (!row.dirty) row.def = b.def();
            const bool pocketed = b.state == physics::MotionState::Pocketed;
            const bool bad = !row.error.empty();
            bool commit = false;
            ImGui::PushID(b.id);
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            ImGui::SetNextItemWidth(-1.0f);
            if (bad) ImGui::PushStyleColor(ImGuiCol_Text, kRed);
            ImGui::InputInt("##id", &row.def.id, 0, 0);
            if (bad) ImGui::PopStyleColor();
            if (ImGui::IsItemEdited()) row.dirty = true;
            commit |= ImGui::IsItemDeactivatedAfterEdit();
            ImGui::TableSetColumnIndex(1);
            if (bad)
                ImGui::TextColored(kRed, "refused");
            else
                ImGui::TextUnformatted(short_state(b.state));
            double* values[] = {&row.def.mass,       &row.def.radius,     &row.def.position.x,
                                &row.def.position.y, &row.def.velocity.x, &row.def.velocity.y,
                                &row.def.spin.x,     &row.def.spin.y,     &row.def.spin.z};
            const char* formats[] = {"%.3f", "%.4f", "%.4f", "%.4f", "%.3f",
                                     "%.3f", "%.1f", "%.1f", "%.1f"};
            ImGui::BeginDisabled(pocketed);
            for (int k = 0; k < 9; ++k) {
                ImGui::TableSetColumnIndex(2 + k);
                const std::string id = fmt::format("##v{}", k);
                commit |= field(id.c_str(), values[k], formats[k], row.dirty, bad);
            }
            ImGui::EndDisabled();
            ImGui::TableSetColumnIndex(11);
            if (ImGui::SmallButton("x")) remove = i;
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("Delete ball %d", b.id);
            ImGui::TableSetColumnIndex(12);
            if (pocketed) {
                if (ImGui::SmallButton("restore")) restore = i;
            } else if (row.dirty && ImGui::SmallButton("revert")) {
                row = Row{};
            }
            ImGui::PopID();
            std::string row_error = row.error;
            if (commit) {
                const physics::BallDef typed = row.def; // `row` may go away in the submit
                row_error = submit_ball_edit(ctx, b.id, typed);
                if (row_error.empty()) result.world_edited = true;
            }
            if (!row_error.empty()) errors += row_error + "\n";
        }
        ImGui::EndTable();
    }
    if (restore >= 0 && ctx.edit) {
        const double r = w.ball(restore).radius;
        if (auto spot = free_spot(w, ctx.table, r)) {
            ctx.edit->restore_ball(restore, *spot);
            result.world_edited = true;
        } else {
            errors += fmt::format("ball {}: no free place to restore it\n", w.ball(restore).id);
        }
    }
    if (remove >= 0 && ctx.edit) {
        rows_.erase(w.ball(remove).id);
        ctx.edit->remove_ball(remove);
        result.world_edited = true;
    }
    ImGui::TextColored(kGrey, "Enter or leave a field to apply. Refused edits stay red until "
                              "fixed or reverted.");
    if (!errors.empty()) errors.pop_back();
    error_text(errors);
}

void DebugPanel::spawn_section(PanelContext& ctx, PanelResult& result) {
    const physics::World& w = ctx.world;
    if (!spawn_init_ || ImGui::Button("Suggest a free place")) {
        spawn_ = physics::BallDef{};
        spawn_.id = free_ball_id(w);
        spawn_.position = free_spot(w, ctx.table, spawn_.radius).value_or(Vec2{});
        spawn_init_ = true;
        spawn_error_.clear();
    }
    // A refused spawn: its fields in red until the next try.
    const bool refused = !spawn_error_.empty();
    if (refused) ImGui::PushStyleColor(ImGuiCol_Text, kRed);
    ImGui::SetNextItemWidth(100.0f);
    ImGui::InputInt("id", &spawn_.id, 1, 1);
    ImGui::SetNextItemWidth(220.0f);
    ImGui::InputScalarN("position m", ImGuiDataType_Double, &spawn_.position.x, 2, nullptr, nullptr,
                        "%.4f");
    ImGui::SetNextItemWidth(220.0f);
    ImGui::InputScalarN("velocity m/s", ImGuiDataType_Double, &spawn_.velocity.x, 2, nullptr,
                        nullptr, "%.3f");
    ImGui::SetNextItemWidth(100.0f);
    ImGui::InputDouble("mass kg", &spawn_.mass, 0.0, 0.0, "%.4f");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(100.0f);
    ImGui::InputDouble("radius m", &spawn_.radius, 0.0, 0.0, "%.5f");
    if (refused) ImGui::PopStyleColor();
    if (ImGui::Button("Spawn ball") && ctx.edit) {
        spawn_error_ = spawn_ball(*ctx.edit, ctx.table, spawn_);
        if (spawn_error_.empty()) {
            result.world_edited = true;
            spawn_init_ = false; // next suggestion
        }
    }
    error_text(spawn_error_);
    ImGui::Separator();
    if (ImGui::Button("8-ball rack (R)")) result.rack = game::RackKind::EightBall;
    ImGui::SameLine();
    if (ImGui::Button("9-ball rack (N)")) result.rack = game::RackKind::NineBall;
    ImGui::SameLine();
    if (ImGui::Button("Cue ball only")) result.cue_ball_only = true;
}

void DebugPanel::plots_section(PanelContext& ctx) {
    const physics::World& w = ctx.world;
    const Vec2 p = w.momentum();
    ImGui::Text("momentum (%.5f, %.5f) kg m/s   |p| %.5f", p.x, p.y, length(p));
    ImGui::Text("energy %.6f J  (linear %.6f, rotational %.6f)", w.energy(), w.linear_energy(),
                w.rotational_energy());
    if (sample_count_ == 0) return;
    const int offset = sample_count_ < kSamples ? 0 : sample_next_;
    auto plot = [&](const char* label, const std::array<float, kSamples>& data) {
        float top = 0.0f;
        for (int i = 0; i < sample_count_; ++i)
            top = std::max(top, data[static_cast<std::size_t>(i)]);
        ImGui::PlotLines(label, data.data(), sample_count_, offset, nullptr, 0.0f,
                         top > 0.0f ? top * 1.1f : 1.0f, ImVec2(0.0f, 70.0f));
    };
    plot("|p| kg m/s", momentum_);
    plot("energy J", energy_);
}

void DebugPanel::events_section(PanelContext& ctx) {
    if (ImGui::SmallButton("Clear log")) ctx.events.clear();
    ImGui::SameLine();
    const physics::EventCounts& c = ctx.world.counts();
    ImGui::Text("totals: %llu ball-ball, %llu ball-cushion, %llu pocketed",
                static_cast<unsigned long long>(c.ball_ball),
                static_cast<unsigned long long>(c.ball_cushion),
                static_cast<unsigned long long>(c.pocketed));
    ImGui::BeginChild("events", ImVec2(0.0f, 150.0f), true);
    const auto& entries = ctx.events.entries();
    for (auto it = entries.rbegin(); it != entries.rend(); ++it)
        ImGui::TextUnformatted(describe(*it).c_str()); // newest first
    if (entries.empty()) ImGui::TextColored(kGrey, "no collisions yet");
    ImGui::EndChild();
}

std::string DebugPanel::submit_params(PanelContext& ctx, const physics::Params& p) {
    params_edit_ = p;
    params_error_ = ctx.edit ? apply_params(*ctx.edit, p) : ctx.read_only;
    if (params_error_.empty()) {
        ctx.clock.set_dt(p.timestep); // the clock steps at the world's dt
        params_dirty_ = false;
    } else {
        params_dirty_ = true; // refused: keep the typed values, shown in red
    }
    return params_error_;
}

void DebugPanel::params_section(PanelContext& ctx, PanelResult& result) {
    if (!params_dirty_) params_edit_ = ctx.world.params();
    physics::Params& p = params_edit_;
    // After a refusal, the values that differ from the world's are the refused ones.
    const physics::Params& now = ctx.world.params();
    const bool refused = !params_error_.empty();
    auto bad = [&](double typed, double kept) { return refused && typed != kept; };
    bool commit = false;
    commit |=
        param("timestep (dt) s", &p.timestep, "%.6f", params_dirty_, bad(p.timestep, now.timestep));
    ImGui::SameLine();
    ImGui::TextColored(kGrey, "%.0f Hz", p.timestep > 0.0 ? 1.0 / p.timestep : 0.0);
    commit |=
        param("gravity m/s^2", &p.gravity, "%.3f", params_dirty_, bad(p.gravity, now.gravity));
    commit |= param("ball restitution", &p.ball_restitution, "%.3f", params_dirty_,
                    bad(p.ball_restitution, now.ball_restitution));
    commit |= param("cushion restitution", &p.cushion_restitution, "%.3f", params_dirty_,
                    bad(p.cushion_restitution, now.cushion_restitution));
    commit |= param("ball friction (throw)", &p.ball_friction, "%.4f", params_dirty_,
                    bad(p.ball_friction, now.ball_friction));
    commit |= throw_choice(&p.throw_model, params_dirty_);
    if (p.throw_model == physics::ThrowModel::Mathavan) // its impulse steps (finer: slower)
        commit |= whole_param("impulse steps", &p.throw_steps, params_dirty_,
                              refused && p.throw_steps != now.throw_steps);
    commit |= param("cushion friction", &p.cushion_friction, "%.4f", params_dirty_,
                    bad(p.cushion_friction, now.cushion_friction));
    commit |= param("sliding friction", &p.sliding_friction, "%.4f", params_dirty_,
                    bad(p.sliding_friction, now.sliding_friction));
    commit |= param("rolling friction", &p.rolling_friction, "%.4f", params_dirty_,
                    bad(p.rolling_friction, now.rolling_friction));
    commit |= param("spin friction", &p.spin_friction, "%.5f", params_dirty_,
                    bad(p.spin_friction, now.spin_friction));
    // Contact between balls: instantaneous impacts, or clusters as elastic spheres.
    commit |= model_choice("ball contact", &p.ball_contact, "ideal", physics::BallContact::Ideal,
                           "hertz", physics::BallContact::Hertz, params_dirty_);
    if (p.ball_contact == physics::BallContact::Hertz) {
        commit |= param("Young's modulus Pa", &p.ball_young_modulus, "%.4g", params_dirty_,
                        bad(p.ball_young_modulus, now.ball_young_modulus));
        commit |= param("Poisson ratio", &p.ball_poisson_ratio, "%.3f", params_dirty_,
                        bad(p.ball_poisson_ratio, now.ball_poisson_ratio));
        commit |= param("contact tolerance", &p.contact_tolerance, "%.1e", params_dirty_,
                        bad(p.contact_tolerance, now.contact_tolerance));
    }
    // Cushions: one impulse at the centre's height, or the nose above it and the cloth below.
    commit |=
        model_choice("cushion model", &p.cushion_model, "reflect", physics::CushionModel::Reflect,
                     "mathavan", physics::CushionModel::Mathavan, params_dirty_);
    if (p.cushion_model == physics::CushionModel::Mathavan)
        commit |= param("cushion height m", &p.cushion_height, "%.5f", params_dirty_,
                        bad(p.cushion_height, now.cushion_height));
    // The cue's squirt: the tip's end mass (0: none), applied to the next shot. A refused
    // value stays typed, in red, until fixed or reverted.
    if (ctx.cue) {
        double m = end_mass_typed_.value_or(ctx.cue->end_mass);
        bool unused = false;
        if (param("cue end mass kg", &m, "%.4f", unused, end_mass_typed_.has_value())) {
            if (m >= 0.0 && m <= game::kMaxEndMass) {
                ctx.cue->end_mass = m;
                end_mass_typed_.reset();
                end_mass_error_.clear();
            } else {
                end_mass_typed_ = m;
                end_mass_error_ = fmt::format(
                    "cue end mass: must be between 0 and {} kg (0: no squirt)", game::kMaxEndMass);
            }
        }
        ImGui::SameLine();
        ImGui::TextColored(kGrey, "%.1f deg at half a radius",
                           game::squirt_angle(0.5, physics::kBallMass, *ctx.cue) * 180.0 / kPi);
    }
    if (commit && ctx.edit && submit_params(ctx, p).empty()) result.world_edited = true;
    if (ImGui::Button("Defaults") && ctx.edit) {
        params_error_ = apply_params(*ctx.edit, game::play_params()); // the game's own
        ctx.clock.set_dt(game::play_params().timestep);
        params_dirty_ = false;
        end_mass_typed_.reset();
        end_mass_error_.clear();
        result.world_edited = true;
    }
    if (params_dirty_ || end_mass_typed_) {
        ImGui::SameLine();
        if (ImGui::Button("Revert")) {
            params_dirty_ = false;
            params_error_.clear();
            end_mass_typed_.reset();
            end_mass_error_.clear();
        }
    }
    error_text(params_error_);
    error_text(end_mass_error_);
}

bool DebugPanel::save(PanelContext& ctx, const std::string& path) {
    try {
        io::save_scenario(game::scenario_from_world(ctx.world, ctx.table_name, ctx.table), path);
        file_message_ = "saved " + path;
        file_ok_ = true;
    } catch (const std::exception& e) {
        file_message_ = e.what();
        file_ok_ = false;
    }
    return file_ok_;
}

bool DebugPanel::load(PanelContext& ctx, const std::string& path, PanelResult& result) {
    return load_from(ctx, result, path, [&] { return io::load_scenario(path); });
}

bool DebugPanel::load_from(PanelContext& ctx, PanelResult& result, const std::string& what,
                           const std::function<game::Scenario()>& read) {
    if (!ctx.edit) {
        file_message_ = ctx.read_only;
        file_ok_ = false;
        return false;
    }
    try {
        use_scenario(ctx, read(), what, result);
    } catch (const std::exception& e) { // io::InputError names the file (or code) and place
        file_message_ = e.what();
        file_ok_ = false;
    }
    return file_ok_;
}

void DebugPanel::use_scenario(PanelContext& ctx, const game::Scenario& s, const std::string& what,
                              PanelResult& result) {
    physics::World loaded = game::make_world(s);
    *ctx.edit = std::move(loaded);
    ctx.table = s.table;
    ctx.table_name = s.table_name;
    ctx.clock.set_dt(s.params.timestep);
    rows_.clear();
    params_dirty_ = false;
    file_message_ = fmt::format("loaded {} ({} balls)", what, s.balls.size());
    file_ok_ = true;
    result.world_replaced = true;
}

std::string DebugPanel::copy_code(const PanelContext& ctx) {
    try {
        const std::string code = io::code_of_file(
            io::scenario_to_json(game::scenario_from_world(ctx.world, ctx.table_name, ctx.table)),
            "table");
        file_message_ = fmt::format("code copied ({} characters): paste it anywhere", code.size());
        file_ok_ = true;
        return code;
    } catch (const std::exception& e) {
        file_message_ = e.what();
        file_ok_ = false;
        return "";
    }
}

bool DebugPanel::paste_code(PanelContext& ctx, const std::string& code, PanelResult& result) {
    return load_from(ctx, result, "the code", [&] { return io::scenario_of_code(code); });
}

void DebugPanel::file_section(PanelContext& ctx, PanelResult& result) {
    ImGui::SetNextItemWidth(360.0f);
    ImGui::InputText("path", &path_);
    if (ImGui::Button("Save")) save(ctx, path_);
    ImGui::SameLine();
    if (ImGui::Button("Load")) load(ctx, path_, result);
    ImGui::SameLine();
    if (ImGui::Button("Copy code")) {
        const std::string code = copy_code(ctx);
        if (!code.empty()) ImGui::SetClipboardText(code.c_str());
    }
    ImGui::SameLine();
    if (ImGui::Button("Paste code")) {
        const char* text = ImGui::GetClipboardText();
        paste_code(ctx, text ? text : "", result);
    }
    if (!file_message_.empty()) {
        if (file_ok_)
            ImGui::TextColored(kGreen, "%s", file_message_.c_str());
        else
            error_text(file_message_);
    }
    ImGui::TextColored(kGrey, "Pocketed balls are not saved. Relative paths start in the folder "
                              "the game was started from. A code (BIL1...) is the table as one "
                              "line of text to share.");
}

} // namespace billiards::ui
