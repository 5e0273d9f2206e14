# The desktop game (issue 3): included by src/app/CMakeLists.txt when BILLIARDS_GAME is ON.
# billiards_gamelib holds everything but main() so tests can run the real loop.
add_subdirectory(${PROJECT_SOURCE_DIR}/src/audio ${CMAKE_BINARY_DIR}/src/audio)
add_library(billiards_gamelib STATIC
    ${CMAKE_CURRENT_LIST_DIR}/game_app.cpp ${CMAKE_CURRENT_LIST_DIR}/game_aim.cpp
    ${CMAKE_CURRENT_LIST_DIR}/game_assets.cpp ${CMAKE_CURRENT_LIST_DIR}/game_platform.cpp
    ${CMAKE_CURRENT_LIST_DIR}/game_screenshot.cpp ${CMAKE_CURRENT_LIST_DIR}/input.cpp
    ${CMAKE_CURRENT_LIST_DIR}/loop.cpp ${CMAKE_CURRENT_LIST_DIR}/game_match.cpp
    ${CMAKE_CURRENT_LIST_DIR}/game_ui.cpp ${CMAKE_CURRENT_LIST_DIR}/game_files.cpp
    ${CMAKE_CURRENT_LIST_DIR}/game_audio.cpp ${CMAKE_CURRENT_LIST_DIR}/controls.cpp
    ${CMAKE_CURRENT_LIST_DIR}/game_help.cpp)
target_link_libraries(billiards_gamelib PUBLIC billiards_render billiards_ui billiards_io
                      billiards_audio)
# Assets are looked up next to the executable first, then in the source tree.
target_compile_definitions(billiards_gamelib PRIVATE
                           BILLIARDS_ASSET_DIR="${PROJECT_SOURCE_DIR}/assets")

target_sources(billiards PRIVATE ${CMAKE_CURRENT_LIST_DIR}/game_main.cpp
               ${CMAKE_CURRENT_LIST_DIR}/render_command.cpp)
target_link_libraries(billiards PRIVATE billiards_gamelib)
target_compile_definitions(billiards PRIVATE BILLIARDS_HAVE_GAME)

# A copy of the fonts next to the executable, so a build folder works on its own.
set(billiards_fonts DejaVuSans.ttf DejaVuSans-Bold.ttf LICENSE-DejaVu.txt)
set(billiards_font_copies "")
foreach(font IN LISTS billiards_fonts)
    set(copy ${CMAKE_RUNTIME_OUTPUT_DIRECTORY}/assets/fonts/${font})
    add_custom_command(OUTPUT ${copy}
        COMMAND ${CMAKE_COMMAND} -E copy_if_different ${PROJECT_SOURCE_DIR}/assets/fonts/${font} ${copy}
        DEPENDS ${PROJECT_SOURCE_DIR}/assets/fonts/${font} VERBATIM)
    list(APPEND billiards_font_copies ${copy})
endforeach()
add_custom_target(billiards_assets DEPENDS ${billiards_font_copies})
add_dependencies(billiards billiards_assets)
