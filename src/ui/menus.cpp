#include "ui/menus.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>

namespace billiards::ui {

namespace {

ImFont* g_body = nullptr;
ImFont* g_title = nullptr;
ImFont* g_small = nullptr; // the help screen's text

const ImVec4 kAccent{0.47f, 0.86f, 0.59f, 1.0f};
const ImVec4 kError{0.95f, 0.40f, 0.35f, 1.0f};
const ImVec4 kDim{0.62f, 0.66f, 0.66f, 1.0f};
constexpr std::size_t kMaxName = 32;

// A window with no title bar, sized to its contents, centred (or its pivot at `at`, a
// fraction of the screen).
bool begin_card(const char* id, float width, ImVec2 at = ImVec2(0.5f, 0.5f)) {
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(
        ImVec2(vp->WorkPos.x + vp->WorkSize.x * at.x, vp->WorkPos.y + vp->WorkSize.y * at.y),
        ImGuiCond_Always, at);
    ImGui::SetNextWindowSize(ImVec2(std::min(width, vp->WorkSize.x - 16.0f), 0.0f));
    ImGui::SetNextWindowBgAlpha(0.96f);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(22.0f, 18.0f));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 10.0f);
    ImGui::PushStyleVar(ImGuiStyleVar_FrameRounding, 5.0f);
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(10.0f, 8.0f));
    if (g_body) ImGui::PushFont(g_body);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_AlwaysAutoResize;
    return ImGui::Begin(id, nullptr, flags);
}

void end_card() {
    ImGui::End();
    if (g_body) ImGui::PopFont();
    ImGui::PopStyleVar(4);
}

void title(const char* text) {
    if (g_title) ImGui::PushFont(g_title);
    ImGui::TextUnformatted(text);
    if (g_title) ImGui::PopFont();
}

void message(const std::string& text, bool error) {
    if (text.empty()) return;
    ImGui::PushStyleColor(ImGuiCol_Text, error ? kError : kAccent);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
}

// A full-width button; `primary` in the accent colour.
bool wide_button(const char* label, bool primary = false, bool enabled = true) {
    if (!enabled) ImGui::BeginDisabled();
    if (primary) {
        ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.16f, 0.50f, 0.30f, 1.0f));
        ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(0.22f, 0.62f, 0.38f, 1.0f));
        ImGui::PushStyleColor(ImGuiCol_ButtonActive, ImVec4(0.12f, 0.42f, 0.25f, 1.0f));
    }
    const float h = ImGui::GetFrameHeight() * 1.35f;
    const bool pressed = ImGui::Button(label, ImVec2(-1.0f, h));
    if (primary) ImGui::PopStyleColor(3);
    if (!enabled) ImGui::EndDisabled();
    return pressed && enabled;
}

const char* mode_label(PlayMode m) {
    switch (m) {
    case PlayMode::EightBall:
        return "8-ball";
    case PlayMode::NineBall:
        return "9-ball";
    case PlayMode::Sandbox:
        return "Sandbox";
    case PlayMode::ThreeCushion:
        return "3-cushion";
    case PlayMode::Snooker:
        return "Snooker";
    }
    return "?";
}

const char* table_label(const std::string& name) {
    if (name == "pool-9ft") return "9-ft (2.54 x 1.27 m)";
    if (name == "pool-8ft") return "8-ft (2.34 x 1.17 m)";
    if (name == "pool-7ft") return "7-ft (1.98 x 0.99 m)";
    if (name == "snooker-12ft") return "12-ft (3.57 x 1.78 m)";
    if (name == "snooker-10ft") return "10-ft club table";
    return name.c_str();
}

// Three-cushion's table (fixed), points to win and innings limit.
void carom_rows(MenuChoices& c) {
    ImGui::TextUnformatted("Carom 10-ft (2.84 x 1.42 m), no pockets");
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Points");
    ImGui::SameLine(90.0f);
    ImGui::SetNextItemWidth(90.0f);
    if (ImGui::BeginCombo("##carom_target", std::to_string(c.carom_target).c_str())) {
        for (int t : game::kCaromTargets)
            if (ImGui::Selectable(std::to_string(t).c_str(), t == c.carom_target))
                c.carom_target = t;
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    ImGui::TextUnformatted("Innings limit");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(90.0f);
    auto innings = [](int n) { return n == 0 ? std::string("none") : std::to_string(n); };
    if (ImGui::BeginCombo("##carom_innings", innings(c.carom_innings).c_str())) {
        for (int n : game::kCaromInningsLimits)
            if (ImGui::Selectable(innings(n).c_str(), n == c.carom_innings)) c.carom_innings = n;
        ImGui::EndCombo();
    }
}

void seat_row(int k, MenuChoices& c) {
    ImGui::PushID(k);
    ImGui::AlignTextToFramePadding();
    ImGui::Text("Player %d", k + 1);
    ImGui::SameLine(90.0f);
    ImGui::SetNextItemWidth(150.0f);
    ImGui::InputText("##name", &c.names[static_cast<std::size_t>(k)]);
    std::string& name = c.names[static_cast<std::size_t>(k)];
    if (name.size() > kMaxName) name.resize(kMaxName);
    ImGui::SameLine();
    int kind = c.seats[static_cast<std::size_t>(k)] == game::SeatKind::Computer ? 1 : 0;
    ImGui::SetNextItemWidth(120.0f);
    if (ImGui::Combo("##kind", &kind, "Human\0Computer\0"))
        c.seats[static_cast<std::size_t>(k)] =
            kind == 1 ? game::SeatKind::Computer : game::SeatKind::Human;
    if (kind == 1) {
        ImGui::SameLine();
        int level = static_cast<int>(c.levels[static_cast<std::size_t>(k)]);
        ImGui::SetNextItemWidth(110.0f);
        if (ImGui::Combo("##level", &level, "Easy\0Medium\0Hard\0"))
            c.levels[static_cast<std::size_t>(k)] = static_cast<game::AiLevel>(level);
    }
    ImGui::PopID();
}

} // namespace

void sound_controls(MenuChoices& c) {
    ImGui::PushID("sound");
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Sound");
    ImGui::SameLine(90.0f);
    int percent = static_cast<int>(std::lround(std::clamp(c.volume, 0.0, 1.0) * 100.0));
    // The slider takes what the mute box leaves (the pause menu's card is narrow).
    const ImGuiStyle& style = ImGui::GetStyle();
    const float mute_w = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x +
                         ImGui::CalcTextSize("Mute (M)").x + style.ItemSpacing.x;
    ImGui::SetNextItemWidth(std::clamp(ImGui::GetContentRegionAvail().x - mute_w, 80.0f, 200.0f));
    if (c.muted) ImGui::BeginDisabled();
    if (ImGui::SliderInt("##volume", &percent, 0, 100, "volume %d %%",
                         ImGuiSliderFlags_AlwaysClamp))
        c.volume = std::clamp(percent, 0, 100) / 100.0;
    if (c.muted) ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::Checkbox("Mute (M)", &c.muted);
    ImGui::PopID();
}

void load_menu_fonts(const std::string& regular_ttf, const std::string& bold_ttf) {
    ImGuiIO& io = ImGui::GetIO();
    // Latin-1 plus dashes, quotes, bullets and the ellipsis (names, scores, messages).
    static const ImWchar ranges[] = {0x0020, 0x00FF, 0x2010, 0x2027, 0};
    g_body = io.Fonts->AddFontFromFileTTF(regular_ttf.c_str(), 18.0f, nullptr, ranges);
    g_title = io.Fonts->AddFontFromFileTTF(bold_ttf.c_str(), 32.0f, nullptr, ranges);
    g_small = io.Fonts->AddFontFromFileTTF(regular_ttf.c_str(), 15.0f, nullptr, ranges);
}

MenuAction draw_main_menu(MenuChoices& c, const MenuInfo& info) {
    MenuAction action = MenuAction::None;
    if (begin_card("##main_menu", 600.0f)) {
        title("Billiards");
        ImGui::PushStyleColor(ImGuiCol_Text, kDim);
        ImGui::TextUnformatted("Pool on an exact ball world");
        ImGui::PopStyleColor();
        ImGui::Separator();

        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted("Game");
        for (PlayMode m : {PlayMode::EightBall, PlayMode::NineBall, PlayMode::Sandbox,
                           PlayMode::Snooker, PlayMode::ThreeCushion}) {
            ImGui::SameLine(m == PlayMode::EightBall ? 90.0f : 0.0f);
            if (ImGui::RadioButton(mode_label(m), c.mode == m)) c.mode = m;
        }
        const bool match = c.mode != PlayMode::Sandbox;
        if (match) {
            seat_row(0, c);
            seat_row(1, c);
        }
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted("Table");
        ImGui::SameLine(90.0f);
        const bool snooker = c.mode == PlayMode::Snooker; // its own tables and frames
        if (c.mode == PlayMode::ThreeCushion) {
            carom_rows(c); // its own table: no pool table choice
        } else {
            ImGui::SetNextItemWidth(260.0f);
            std::string& table = snooker ? c.snooker_table : c.table;
            if (ImGui::BeginCombo("##table", table_label(table))) {
                for (const std::string& t : snooker ? info.snooker_tables : info.tables)
                    if (ImGui::Selectable(table_label(t), t == table)) table = t;
                ImGui::EndCombo();
            }
        }
        if (snooker) {
            ImGui::SameLine();
            ImGui::SetNextItemWidth(130.0f);
            int frames = (c.snooker_best_of - 1) / 2;
            if (ImGui::Combo("Frames", &frames,
                             "Best of 1\0Best of 3\0Best of 5\0Best of 7\0"
                             "Best of 9\0Best of 11\0"))
                c.snooker_best_of = 2 * frames + 1;
        }
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted("Options");
        ImGui::SameLine(90.0f);
        if (match) {
            ImGui::Checkbox("Practice (undo)", &c.practice);
            ImGui::SameLine();
        }
        ImGui::Checkbox("Aim aid", &c.aim_aid);
        ImGui::SameLine();
        if (c.mode == PlayMode::ThreeCushion) {
            ImGui::Checkbox("Diamonds", &c.diamond_aid);
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("The cue ball's line to its first two rails, in diamonds");
        } else {
            ImGui::Checkbox("Predicted path", &c.predicted_path);
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("Every ball's path from the real physics (practice and sandbox)");
        }
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted("Cue");
        ImGui::SameLine(90.0f);
        if (ImGui::RadioButton("Ordinary shaft", c.shaft == game::Shaft::Ordinary))
            c.shaft = game::Shaft::Ordinary;
        ImGui::SameLine();
        if (ImGui::RadioButton("Low-squirt shaft", c.shaft == game::Shaft::LowSquirt))
            c.shaft = game::Shaft::LowSquirt;
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("English pushes the cue ball off the cue's line less (squirt)");
        sound_controls(c);
        ImGui::Spacing();
        if (wide_button(match ? "Start match" : "Start sandbox", true)) action = MenuAction::Start;
        if (!info.continue_label.empty() && wide_button(info.continue_label.c_str()))
            action = MenuAction::Continue;
        if (!info.resume_label.empty() && wide_button(info.resume_label.c_str()))
            action = MenuAction::Resume;
        if (info.can_load && wide_button("Load saved match")) action = MenuAction::Load;
        if (wide_button("Quit")) action = MenuAction::Quit;
        message(info.message, info.error);
        ImGui::PushStyleColor(ImGuiCol_Text, kDim);
        ImGui::TextUnformatted("Enter: start   H: help   M: mute   Esc: pause in game   F1: debug");
        ImGui::PopStyleColor();
    }
    end_card();
    return action;
}

PauseAction draw_pause_menu(const PauseInfo& info, MenuChoices& choices) {
    PauseAction action = PauseAction::None;
    if (begin_card("##pause_menu", 380.0f)) {
        title("Paused");
        ImGui::Separator();
        if (wide_button("Resume", true)) action = PauseAction::Resume;
        if (info.in_match) {
            if (wide_button("Undo last shot", false, info.can_undo)) action = PauseAction::Undo;
            if (!info.can_undo && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
                ImGui::SetTooltip("Undo is for practice matches (main menu: Practice)");
            if (wide_button("Replay last shot", false, info.can_replay))
                action = PauseAction::Replay;
            if (wide_button("Save match")) action = PauseAction::Save;
            if (wide_button("Save last shot (replay file)", false, info.can_replay))
                action = PauseAction::SaveShot;
            if (wide_button("Restart match")) action = PauseAction::Restart;
        } else {
            if (wide_button("Re-rack")) action = PauseAction::Restart;
        }
        if (wide_button("Main menu")) action = PauseAction::MainMenu;
        if (wide_button("Quit")) action = PauseAction::Quit;
        sound_controls(choices);
        message(info.message, info.error);
    }
    end_card();
    return action;
}

GameOverAction draw_game_over(const GameOverInfo& info) {
    GameOverAction action = GameOverAction::None;
    if (begin_card("##game_over", 440.0f)) {
        title(info.title.c_str());
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(info.reason.c_str());
        ImGui::PopTextWrapPos();
        ImGui::Separator();
        ImGui::TextUnformatted(info.score.c_str());
        ImGui::PushStyleColor(ImGuiCol_Text, kDim);
        ImGui::TextUnformatted(info.stats.c_str());
        ImGui::PopStyleColor();
        ImGui::Spacing();
        if (wide_button("Rematch", true)) action = GameOverAction::Rematch;
        if (wide_button("Replay last shot", false, info.can_replay))
            action = GameOverAction::Replay;
        if (wide_button("Main menu")) action = GameOverAction::MainMenu;
    }
    end_card();
    return action;
}

bool draw_options(const OptionsCard& card, int& picked) {
    bool chosen = false;
    // A side card leaves the table in view (nominating while aiming).
    if (begin_card(card.id.c_str(), card.side ? 250.0f : 460.0f,
                   card.side ? ImVec2(0.99f, 0.5f) : ImVec2(0.5f, 0.5f))) {
        title(card.title.c_str());
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(card.text.c_str());
        ImGui::PopTextWrapPos();
        ImGui::Spacing();
        for (std::size_t k = 0; k < card.labels.size(); ++k) {
            if (wide_button(card.labels[k].c_str(), static_cast<int>(k) == card.highlighted)) {
                picked = static_cast<int>(k);
                chosen = true;
            }
        }
    }
    end_card();
    return chosen;
}

const char* choice_label(game::Choice c) {
    switch (c) {
    case game::Choice::AcceptTable:
        return "Play the table as it lies";
    case game::Choice::Rerack:
        return "Re-rack and break myself";
    case game::Choice::RerackOpponentBreaks:
        return "Re-rack, opponent breaks again";
    case game::Choice::ShootAfterPushOut:
        return "Take the shot";
    case game::Choice::PassBack:
        return "Pass it back";
    }
    return "?";
}

DecisionInfo decision_info(game::Pending pending, const std::string& chooser) {
    DecisionInfo d;
    switch (pending) {
    case game::Pending::IllegalBreak:
        d.title = "Illegal break";
        d.text = chooser + ": the break was not legal. Play the table as it lies, or have it "
                           "re-racked.";
        d.choices = {game::Choice::AcceptTable, game::Choice::Rerack,
                     game::Choice::RerackOpponentBreaks};
        break;
    case game::Pending::PushOutReply:
        d.title = "Push-out";
        d.text = chooser + ": your opponent pushed out. Take the shot from here, or pass it "
                           "back to them.";
        d.choices = {game::Choice::ShootAfterPushOut, game::Choice::PassBack};
        break;
    case game::Pending::None:
        break;
    }
    return d;
}

bool draw_decision(const DecisionInfo& info, game::Choice& choice) {
    bool chosen = false;
    if (begin_card("##decision", 460.0f)) {
        title(info.title.c_str());
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(info.text.c_str());
        ImGui::PopTextWrapPos();
        ImGui::Spacing();
        for (std::size_t k = 0; k < info.choices.size(); ++k) {
            if (wide_button(choice_label(info.choices[k]), k == 0)) {
                choice = info.choices[k];
                chosen = true;
            }
        }
    }
    end_card();
    return chosen;
}

std::string help_text(const HelpInfo& info) {
    std::string out;
    for (const HelpSection& sec : info.controls) {
        out += sec.title + "\n";
        for (const HelpRow& r : sec.rows)
            out += "  " + r.keys + "  " + r.what + "\n";
    }
    out += info.rules_title + "\n";
    for (const std::string& r : info.rules)
        out += "  " + r + "\n";
    return out;
}

bool draw_help(const HelpInfo& info) {
    bool close = false;
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    // Three columns: the mouse and the keys of every screen, the keys at the table, the
    // rules. Content taller than a small window scrolls inside the card.
    ImGui::SetNextWindowSizeConstraints(ImVec2(0.0f, 0.0f),
                                        ImVec2(vp->WorkSize.x - 16.0f, vp->WorkSize.y - 16.0f));
    const float width = std::min(1240.0f, vp->WorkSize.x - 16.0f);
    ImGui::SetNextWindowPos(
        ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f),
        ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(width, 0.0f));
    ImGui::SetNextWindowBgAlpha(0.96f);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(20.0f, 14.0f));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 10.0f);
    ImGui::PushStyleVar(ImGuiStyleVar_FrameRounding, 5.0f);
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(10.0f, 2.0f));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                                   ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_AlwaysAutoResize;
    if (ImGui::Begin("##help", nullptr, flags)) {
        if (g_title) ImGui::PushFont(g_title);
        ImGui::TextUnformatted("Help");
        if (g_title) ImGui::PopFont();
        ImGui::SameLine();
        if (g_body) ImGui::PushFont(g_body);
        ImGui::SetCursorPosY(ImGui::GetCursorPosY() + 10.0f);
        ImGui::PushStyleColor(ImGuiCol_Text, kDim);
        ImGui::TextUnformatted("   H or Esc closes it");
        ImGui::PopStyleColor();
        if (g_body) ImGui::PopFont();
        ImGui::Separator();
        if (g_small) ImGui::PushFont(g_small);
        const ImGuiTableFlags columns = ImGuiTableFlags_SizingStretchProp;
        if (ImGui::BeginTable("##help_columns", 3, columns)) {
            ImGui::TableSetupColumn("a", ImGuiTableColumnFlags_WidthStretch, 1.0f);
            ImGui::TableSetupColumn("b", ImGuiTableColumnFlags_WidthStretch, 1.0f);
            ImGui::TableSetupColumn("c", ImGuiTableColumnFlags_WidthStretch, 0.9f);
            for (int col = 0; col < 2; ++col) {
                ImGui::TableNextColumn();
                for (std::size_t k = 0; k < info.controls.size(); ++k) {
                    const HelpSection& sec = info.controls[k];
                    if (sec.column != col) continue;
                    ImGui::PushStyleColor(ImGuiCol_Text, kAccent);
                    ImGui::TextUnformatted(sec.title.c_str());
                    ImGui::PopStyleColor();
                    const std::string id = "##sec" + std::to_string(k);
                    if (ImGui::BeginTable(id.c_str(), 2, ImGuiTableFlags_SizingFixedFit)) {
                        ImGui::TableSetupColumn("keys", ImGuiTableColumnFlags_WidthFixed,
                                                col == 0 ? 128.0f : 96.0f);
                        ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch);
                        for (const HelpRow& r : sec.rows) {
                            ImGui::TableNextColumn();
                            ImGui::TextWrapped("%s", r.keys.c_str());
                            ImGui::TableNextColumn();
                            ImGui::PushStyleColor(ImGuiCol_Text, kDim);
                            ImGui::TextWrapped("%s", r.what.c_str());
                            ImGui::PopStyleColor();
                        }
                        ImGui::EndTable();
                    }
                    ImGui::Spacing();
                    ImGui::Spacing();
                }
            }
            ImGui::TableNextColumn();
            ImGui::PushStyleColor(ImGuiCol_Text, kAccent);
            ImGui::TextUnformatted(info.rules_title.c_str());
            ImGui::PopStyleColor();
            for (const std::string& r : info.rules) {
                ImGui::Bullet();
                ImGui::TextWrapped("%s", r.c_str());
                ImGui::Spacing();
            }
            ImGui::EndTable();
        }
        if (g_small) ImGui::PopFont();
        ImGui::Spacing();
        if (g_body) ImGui::PushFont(g_body);
        if (wide_button("Close", true)) close = true;
        if (g_body) ImGui::PopFont();
    }
    ImGui::End();
    ImGui::PopStyleVar(4);
    return close;
}

void draw_tip(const std::string& text, float alpha) {
    if (alpha <= 0.0f) return;
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    // Over the top of the table's cloth, clear of the HUD's lines and of the menu's card.
    ImGui::SetNextWindowPos(
        ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.15f),
        ImGuiCond_Always, ImVec2(0.5f, 0.0f));
    ImGui::SetNextWindowBgAlpha(0.92f);
    ImGui::PushStyleVar(ImGuiStyleVar_Alpha, std::clamp(alpha, 0.0f, 1.0f));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(20.0f, 12.0f));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 10.0f);
    ImGui::PushStyleColor(ImGuiCol_Border, kAccent);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 1.5f);
    if (g_body) ImGui::PushFont(g_body);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoInputs |
                                   ImGuiWindowFlags_NoFocusOnAppearing |
                                   ImGuiWindowFlags_NoNav | ImGuiWindowFlags_AlwaysAutoResize;
    if (ImGui::Begin("##tip", nullptr, flags)) {
        ImGui::PushStyleColor(ImGuiCol_Text, kAccent);
        ImGui::TextUnformatted(text.c_str());
        ImGui::PopStyleColor();
    }
    ImGui::End();
    if (g_body) ImGui::PopFont();
    ImGui::PopStyleVar(4);
    ImGui::PopStyleColor();
}

} // namespace billiards::ui
