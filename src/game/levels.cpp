// The computer's levels as data: one AiConfig each, in AiLevel's order, every field that
// makes a level given (AiConfig's own defaults are not a level); and their execution noise.
#include "game/levels.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>

#include "core/random.hpp"

namespace billiards::game {

namespace {

// clang-format off
constexpr std::array<AiConfig, 4> kLevels{{
    {.level = AiLevel::Easy,
     .heading_noise = deg_to_rad(0.5), .speed_noise = 0.08, .tip_noise = 0.08,
     .pot_candidates = 5, .speeds = 1, .spins = 1, .side_spin = false,
     .trials = 3, .final_trials = 0, .refine_aim = false,
     .banks = false, .safeties = false, .kicks = false, .swerves = false, .masse = false,
     .position_weight = 0.0, .hand_positions = 1, .break_variants = 1,
     .budget = 300'000},
    {.level = AiLevel::Medium,
     .heading_noise = deg_to_rad(0.2), .speed_noise = 0.04, .tip_noise = 0.04,
     .pot_candidates = 10, .speeds = 2, .spins = 3, .side_spin = false,
     .trials = 5, .final_trials = 8, .refine_aim = true,
     .banks = false, .safeties = true, .kicks = true, .swerves = true, .masse = true,
     .position_weight = 0.4, .hand_positions = 2, .break_variants = 3,
     .budget = 3'000'000},
    {.level = AiLevel::Hard,
     .heading_noise = deg_to_rad(0.07), .speed_noise = 0.02, .tip_noise = 0.02,
     .pot_candidates = 24, .speeds = 4, .spins = 3, .side_spin = true,
     .trials = 12, .final_trials = 32, .refine_aim = true,
     .banks = true, .safeties = true, .kicks = true, .swerves = true, .masse = true,
     .position_weight = 1.0, .hand_positions = 4, .break_variants = 6,
     .budget = 12'000'000},
    // Pro: a steadier cue than hard's (as a professional's is) and hard's shots, a wider and
    // deeper search (more lines, more trials on each, more ball-in-hand spots) in batches
    // across the cores, the rack's run-out chance in the value of a leave, and the break
    // chosen among measured strokes on many trials each.
    {.level = AiLevel::Pro,
     .heading_noise = deg_to_rad(0.025), .speed_noise = 0.01, .tip_noise = 0.01,
     .pot_candidates = 32, .speeds = 4, .spins = 3, .side_spin = true,
     .trials = 32, .final_trials = 128, .refine_aim = true,
     .banks = true, .safeties = true, .kicks = true, .swerves = true, .masse = true,
     .position_weight = 1.0, .follow_up = true, .runout_weight = 0.5,
     .screen_speeds = 12, .screen_keep = 6, .screen_total = 48, .centre_aim = true,
     .deep_top = 8,
     .hand_positions = 6,
     .break_variants = 6, .break_trials = 64, .budget = 48'000'000, .batch = 8},
}};
// clang-format on

} // namespace

const char* to_string(AiLevel level) {
    switch (level) {
    case AiLevel::Easy:
        return "easy";
    case AiLevel::Medium:
        return "medium";
    case AiLevel::Hard:
        return "hard";
    case AiLevel::Pro:
        return "pro";
    }
    return "?";
}

bool parse_ai_level(const std::string& text, AiLevel& level) {
    if (text == "easy")
        level = AiLevel::Easy;
    else if (text == "medium")
        level = AiLevel::Medium;
    else if (text == "hard")
        level = AiLevel::Hard;
    else if (text == "pro")
        level = AiLevel::Pro;
    else
        return false;
    return true;
}

AiConfig ai_config(AiLevel level) {
    return kLevels[static_cast<std::size_t>(level)];
}

const char* to_string(Noise noise) {
    switch (noise) {
    case Noise::Level:
        return "level";
    case Noise::Standard:
        return "standard";
    case Noise::None:
        return "none";
    }
    return "?";
}

bool parse_noise(const std::string& text, Noise& noise) {
    if (text == "level")
        noise = Noise::Level;
    else if (text == "standard")
        noise = Noise::Standard;
    else if (text == "none")
        noise = Noise::None;
    else
        return false;
    return true;
}

void set_noise(AiConfig& config, Noise noise, double ball_radius) {
    switch (noise) {
    case Noise::Level:
        return;
    case Noise::Standard:
        config.heading_noise = deg_to_rad(StandardNoise::kAimDegrees);
        config.elevation_noise = deg_to_rad(StandardNoise::kElevationDegrees);
        config.speed_noise = 0.0;
        config.speed_noise_abs = StandardNoise::kSpeed;
        config.tip_noise = StandardNoise::kTipMetres / ball_radius;
        return;
    case Noise::None:
        config.heading_noise = config.elevation_noise = 0.0;
        config.speed_noise = config.speed_noise_abs = config.tip_noise = 0.0;
        return;
    }
}

bool absolute_noise(const AiConfig& config) {
    return config.speed_noise_abs > 0.0 || config.elevation_noise > 0.0;
}

CueShot add_absolute_noise(CueShot s, const AiConfig& config, double z_speed, double z_elevation) {
    s.speed = std::max(0.0, s.speed + config.speed_noise_abs * z_speed);
    // Folded at level: a cue cannot dip below the cloth.
    s.elevation = std::min(kPi / 2, std::abs(s.elevation + config.elevation_noise * z_elevation));
    return s;
}

CueShot clamp_tip(CueShot s, const CueParams& cue) {
    if (!tip_within_limit(s, cue)) {
        const double len = std::sqrt(s.side * s.side + s.height * s.height);
        const double k = len > 0.0 ? 0.999 * cue.miscue_limit / len : 0.0;
        s.side *= k;
        s.height *= k;
    }
    return s;
}

CueShot perturb_shot(const CueShot& shot, const AiConfig& config, const CueParams& cue,
                     std::uint64_t seed) {
    Random r{seed};
    CueShot s = shot;
    // The first draw, as heading_draw makes it.
    s.heading = std::remainder(s.heading + config.heading_noise * r.normal(), 2.0 * kPi);
    s.speed = s.speed * std::max(0.05, 1.0 + config.speed_noise * r.normal());
    s.side += config.tip_noise * r.normal();
    s.height += config.tip_noise * r.normal();
    // The absolute parts draw only when present: a level's noise keeps its random stream.
    if (absolute_noise(config)) {
        const double z_speed = r.normal();
        const double z_elevation = r.normal();
        s = add_absolute_noise(s, config, z_speed, z_elevation);
    }
    return clamp_tip(s, cue);
}

double heading_draw(std::uint64_t seed) {
    return Random{seed}.normal();
}

} // namespace billiards::game
