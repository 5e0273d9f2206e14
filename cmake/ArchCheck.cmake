# The dependency rule of docs/ARCHITECTURE.md, checked over the sources' #include lines:
#   cmake -DSRC=<folder holding core/, physics/, ...> [-DPYTHON_SRC=<python/src>]
#         -P cmake/ArchCheck.cmake
# Each folder may include its own headers and those of the folders listed for it; a private
# header (private_headers) only its own folder; SDL and Dear ImGui only render, ui, app and
# cli; io calls nothing that runs a world. The Python module's sources (PYTHON_SRC, else SRC/python) count as the area python,
# which uses the engine and never the command line or the game's shell. A discipline's folder
# under game/ never includes another's. Any other include
# is an error naming the file, the line and the
# rule (ctest runs this as arch.layers; arch.upward_include_fails checks that it fails on
# tests/arch/upward/).
cmake_minimum_required(VERSION 3.25)
if(NOT DEFINED SRC)
    message(FATAL_ERROR "usage: cmake -DSRC=<source folder> -P ArchCheck.cmake")
endif()

get_filename_component(SRC "${SRC}" ABSOLUTE)
if(NOT DEFINED PYTHON_SRC)
    set(PYTHON_SRC ${SRC}/python)
endif()
get_filename_component(PYTHON_SRC "${PYTHON_SRC}" ABSOLUTE)
set(areas core physics game io net render audio ui app cli python)
set(allowed_core core)
set(allowed_physics core physics)
set(allowed_game core physics game)
set(allowed_io core physics game io)
set(allowed_net core physics game net) # online play: protocol, server, client
set(allowed_render core physics game render)
set(allowed_audio core physics audio)
set(allowed_ui core physics game io ui)
set(allowed_app core physics game io net render audio ui app) # net: the Online screen
set(allowed_cli core physics game io net render audio ui app cli)
set(allowed_python core physics game io)
set(no_window core physics game io net audio python) # never SDL, SDL2_ttf or Dear ImGui
# The desktop game's modes and what they share see Actions, never SDL events or ImGui (the
# loop, input.cpp and the shell do).
set(no_window_files "^app/(.*_mode|mode_context|hud_card)\\.(hpp|cpp)$|^app/.*_hud\\.(hpp|cpp)$|^app/action\\.hpp$")
# A discipline's folder (src/game/pool, snooker, carom) includes the shared game headers and
# its own folder, never another discipline's; the shared files include no discipline, except
# the factory (game/game.cpp) that makes each kind.
set(disciplines pool snooker carom)
set(discipline_factory game/game.cpp)
# Headers only their own module includes (the engine's layout, the computer's planner):
# billiards_private_headers, with the list of what is installed.
include(${CMAKE_CURRENT_LIST_DIR}/PublicHeaders.cmake)
set(private_headers ${billiards_private_headers})

# io reads and writes files: it never runs a world (a scenario, a replay: game does).
set(runs_world "(run_until_rest|run_until_rest_capped|skip_quiet_steps|step_partial|run_scenario|run_scenario_capped|run_replay|make_world|::replay)\\(|[.>]step\\(")

set(problems "")
foreach(area IN LISTS areas)
    # Messages name a file AREA/FILE: python/module.cpp is python/src/module.cpp.
    set(folder ${SRC}/${area})
    if(area STREQUAL python)
        set(folder ${PYTHON_SRC})
    endif()
    file(GLOB_RECURSE files RELATIVE ${folder} ${folder}/*.hpp ${folder}/*.cpp)
    list(TRANSFORM files PREPEND ${area}/)
    foreach(file IN LISTS files)
        string(REGEX REPLACE "^${area}/" "${folder}/" path ${file})
        if(area STREQUAL io)
            file(STRINGS ${path} calls REGEX "${runs_world}")
            foreach(call IN LISTS calls) # (a line with ';' comes in pieces)
                if(NOT call MATCHES "^[ \t]*//" AND call MATCHES "${runs_world}")
                    list(APPEND problems
                         "${file}: calls ${CMAKE_MATCH_0}): io runs no simulation (game does)")
                endif()
            endforeach()
        endif()
        file(STRINGS ${path} lines REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]")
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
                elseif(target STREQUAL game AND header MATCHES "^([a-z_]+)/"
                       AND CMAKE_MATCH_1 IN_LIST disciplines)
                    set(included ${CMAKE_MATCH_1})
                    set(own "")
                    if(file MATCHES "^game/([a-z_]+)/")
                        set(own ${CMAKE_MATCH_1})
                    endif()
                    if(own STREQUAL "" AND area STREQUAL game AND NOT file STREQUAL discipline_factory)
                        list(APPEND problems "${file}: ${line}: the shared game files include no "
                                             "discipline (only the factory, ${discipline_factory})")
                    elseif(NOT own STREQUAL "" AND NOT own STREQUAL included)
                        list(APPEND problems "${file}: ${line}: a discipline includes only its own "
                                             "folder and the shared game headers")
                    endif()
                endif()
            elseif(line MATCHES "#[ \t]*include[ \t]*<(SDL|imgui)[^>]*>" AND area IN_LIST no_window)
                list(APPEND problems "${file}: ${line}: ${area} never includes SDL or ImGui")
            elseif(line MATCHES "#[ \t]*include[ \t]*<(SDL|imgui)[^>]*>" AND file MATCHES "${no_window_files}")
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
