# The dependency rule of docs/ARCHITECTURE.md, checked over the sources' #include lines:
#   cmake -DSRC=<folder holding core/, physics/, ...> -P cmake/ArchCheck.cmake
# Each folder may include its own headers and those of the folders listed for it; a private
# header (private_headers) only its own folder; SDL and Dear ImGui only render, ui, app and
# cli. Any other include is an error naming the file, the line and the
# rule (ctest runs this as arch.layers; arch.upward_include_fails checks that it fails on
# tests/arch/upward/).
cmake_minimum_required(VERSION 3.25)
if(NOT DEFINED SRC)
    message(FATAL_ERROR "usage: cmake -DSRC=<source folder> -P ArchCheck.cmake")
endif()

get_filename_component(SRC "${SRC}" ABSOLUTE)
set(areas core physics game io render audio ui app cli)
set(allowed_core core)
set(allowed_physics core physics)
set(allowed_game core physics game)
set(allowed_io core physics game io)
set(allowed_render core physics game render)
set(allowed_audio core physics audio)
set(allowed_ui core physics game io ui)
set(allowed_app core physics game io render audio ui app)
set(allowed_cli core physics game io render audio ui app cli)
set(no_window core physics game io audio) # never SDL, SDL2_ttf or Dear ImGui
# The desktop game's modes and what they share see Actions, never SDL events or ImGui (the
# loop, input.cpp and the shell do).
set(no_window_files app/action.hpp app/game_mode.hpp app/mode_context.hpp app/mode_context.cpp
    app/table_mode.hpp app/table_mode.cpp app/sandbox_mode.hpp app/sandbox_mode.cpp
    app/match_mode.hpp app/match_mode.cpp app/match_hud.cpp app/replay_mode.hpp
    app/replay_mode.cpp app/carom_mode.hpp app/carom_mode.cpp app/carom_hud.cpp
    app/snooker_mode.hpp app/snooker_mode.cpp app/snooker_hud.cpp app/hud_card.hpp
    app/hud_card.cpp)
# Headers only their own module includes: the engine's layout, the computer's planner.
set(private_headers physics/world_impl.hpp game/pool/ai_planner.hpp)

set(problems "")
foreach(area IN LISTS areas)
    file(GLOB_RECURSE files RELATIVE ${SRC} ${SRC}/${area}/*.hpp ${SRC}/${area}/*.cpp)
    foreach(file IN LISTS files)
        file(STRINGS ${SRC}/${file} lines REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]")
        foreach(line IN LISTS lines)
            if(line MATCHES "#[ \t]*include[ \t]*\"([a-z_]+)/([^\"]+)\"")
                set(target ${CMAKE_MATCH_1})
                set(header ${CMAKE_MATCH_2})
                if(NOT target IN_LIST areas)
                    continue()
                endif()
                if(NOT target IN_LIST allowed_${area})
                    list(JOIN allowed_${area} ", " may)
                    list(APPEND problems "${file}: ${line}: ${area} may include only ${may}")
                elseif("${target}/${header}" IN_LIST private_headers AND NOT area STREQUAL target)
                    list(APPEND problems
                         "${file}: ${line}: ${target}/${header} is private to ${target}")
                endif()
            elseif(line MATCHES "#[ \t]*include[ \t]*<(SDL|imgui)[^>]*>" AND area IN_LIST no_window)
                list(APPEND problems "${file}: ${line}: ${area} never includes SDL or ImGui")
            elseif(line MATCHES "#[ \t]*include[ \t]*<(SDL|imgui)[^>]*>" AND file IN_LIST no_window_files)
                list(APPEND problems "${file}: ${line}: a game mode never includes SDL or ImGui")
            endif()
        endforeach()
    endforeach()
endforeach()

if(problems)
    list(JOIN problems "\n  " text)
    message(FATAL_ERROR "include rule broken (docs/ARCHITECTURE.md):\n  ${text}")
endif()
message(STATUS "include rule holds: ${areas}")
