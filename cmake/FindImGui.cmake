# Dear ImGui 1.86 from Debian's libimgui-dev: libimgui.a carries the core and the SDL2
# platform backend; the SDL_Renderer backend ships only as source, so it is compiled here.
find_path(ImGui_INCLUDE_DIR imgui.h PATH_SUFFIXES imgui)
find_library(ImGui_LIBRARY NAMES imgui)
find_file(ImGui_SDLRENDERER_SOURCE imgui_impl_sdlrenderer.cpp
          PATHS /usr/share/doc/libimgui-dev/examples/backends NO_DEFAULT_PATH)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(ImGui REQUIRED_VARS ImGui_INCLUDE_DIR ImGui_LIBRARY
                                  ImGui_SDLRENDERER_SOURCE)
if(ImGui_FOUND AND NOT TARGET ImGui::ImGui)
    add_library(billiards_imgui STATIC ${ImGui_SDLRENDERER_SOURCE})
    target_include_directories(billiards_imgui SYSTEM PUBLIC ${ImGui_INCLUDE_DIR}
                               ${ImGui_INCLUDE_DIR}/backends)
    target_link_libraries(billiards_imgui PUBLIC ${ImGui_LIBRARY} SDL2::SDL2)
    add_library(ImGui::ImGui ALIAS billiards_imgui)
endif()
