#include "ui/menu_widgets.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace billiards::ui {

namespace {

// The menu's fonts are named in ImGui's font atlas, which the platform's ImGui context owns:
// found there, not kept in a variable of ours that would outlive the context.
constexpr const char* kBody = "menu body";
constexpr const char* kTitle = "menu title";
constexpr const char* kSmall = "menu small";

ImFont* font_named(const char* name) {
    if (!ImGui::GetCurrentContext()) return nullptr;
    for (const ImFontConfig& c : ImGui::GetIO().Fonts->ConfigData) // as added, built or not
        if (std::strcmp(c.Name, name) == 0) return c.DstFont;
    return nullptr;
}

ImFont* add_font(const std::string& ttf, float size, const char* name, const ImWchar* ranges) {
    ImFontConfig config;
    std::snprintf(config.Name, sizeof config.Name, "%s", name);
    return ImGui::GetIO().Fonts->AddFontFromFileTTF(ttf.c_str(), size, &config, ranges);
}

} // namespace

MenuFonts menu_fonts() {
    return {font_named(kBody), font_named(kTitle), font_named(kSmall)};
}

void load_menu_fonts(const std::string& regular_ttf, const std::string& bold_ttf) {
    // Latin-1 plus dashes, quotes, bullets and the ellipsis (names, scores, messages).
    static const ImWchar ranges[] = {0x0020, 0x00FF, 0x2010, 0x2027, 0};
    add_font(regular_ttf, 18.0f, kBody, ranges);
    add_font(bold_ttf, 32.0f, kTitle, ranges);
    add_font(regular_ttf, 15.0f, kSmall, ranges);
}

bool begin_card(const char* id, float width, ImVec2 at, bool top, bool movable) {
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(
        ImVec2(vp->WorkPos.x + vp->WorkSize.x * at.x, vp->WorkPos.y + vp->WorkSize.y * at.y),
        movable ? ImGuiCond_Appearing : ImGuiCond_Always, top ? ImVec2(at.x, 0.0f) : at);
    ImGui::SetNextWindowSize(ImVec2(std::min(width, vp->WorkSize.x - 16.0f), 0.0f));
    ImGui::SetNextWindowBgAlpha(0.96f);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(22.0f, 18.0f));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 10.0f);
    ImGui::PushStyleVar(ImGuiStyleVar_FrameRounding, 5.0f);
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(10.0f, 8.0f));
    if (menu_fonts().body) ImGui::PushFont(menu_fonts().body);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration |
                                   ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_AlwaysAutoResize |
                                   (movable ? ImGuiWindowFlags_None : ImGuiWindowFlags_NoMove);
    return ImGui::Begin(id, nullptr, flags);
}

bool begin_docked_card(const char* id, float x, float y, float width, float max_height) {
    // Output pixels to ImGui's coordinates (window points on a high-DPI screen).
    const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
    const float sx = scale.x > 0.0f ? scale.x : 1.0f, sy = scale.y > 0.0f ? scale.y : 1.0f;
    ImGui::SetNextWindowPos(ImVec2(x / sx, y / sy), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(width / sx, 0.0f));
    if (max_height > 0.0f)
        ImGui::SetNextWindowSizeConstraints(ImVec2(width / sx, 0.0f),
                                            ImVec2(width / sx, max_height / sy));
    ImGui::SetNextWindowBgAlpha(1.0f); // over the messages' column: none of it shows through
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(10.0f, 10.0f));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 8.0f);
    ImGui::PushStyleVar(ImGuiStyleVar_FrameRounding, 5.0f);
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(6.0f, 6.0f));
    ImGui::PushFont(menu_fonts().small ? menu_fonts().small : ImGui::GetFont());
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_AlwaysAutoResize;
    return ImGui::Begin(id, nullptr, flags);
}

void end_card() {
    ImGui::End();
    if (menu_fonts().body) ImGui::PopFont();
    ImGui::PopStyleVar(4);
}

void title(const char* text) {
    ImFont* font = menu_fonts().title;
    if (font) ImGui::PushFont(font);
    ImGui::TextUnformatted(text);
    if (font) ImGui::PopFont();
}

void message(const std::string& text, bool error) {
    if (text.empty()) return;
    ImGui::PushStyleColor(ImGuiCol_Text, error ? kError : kAccent);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
}

bool wide_button(const char* label, bool primary, bool enabled) {
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

// On the main and the pause menu.
void sound_controls(io::Settings& c) {
    ImGui::PushID("sound");
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Sound");
    ImGui::SameLine(90.0f);
    int percent = static_cast<int>(std::lround(std::clamp(c.volume, 0.0, 1.0) * 100.0));
    // The slider takes what the mute box leaves (the pause menu's card is narrow).
    const ImGuiStyle& style = ImGui::GetStyle();
    // The value stands beside the slider, where its handle never covers it.
    const float value_w = ImGui::CalcTextSize("100 %").x + style.ItemSpacing.x;
    const float mute_w = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x +
                         ImGui::CalcTextSize("Mute (M)").x + style.ItemSpacing.x;
    ImGui::SetNextItemWidth(
        std::clamp(ImGui::GetContentRegionAvail().x - mute_w - value_w, 80.0f, 200.0f));
    if (c.muted) ImGui::BeginDisabled();
    if (ImGui::SliderInt("##volume", &percent, 0, 100, "", ImGuiSliderFlags_AlwaysClamp))
        c.volume = std::clamp(percent, 0, 100) / 100.0;
    ImGui::SameLine();
    ImGui::Text("%3d %%", percent);
    if (c.muted) ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::Checkbox("Mute (M)", &c.muted);
    ImGui::PopID();
}

} // namespace billiards::ui
