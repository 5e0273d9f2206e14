# Which headers of src/ are the engine's public API (docs/ARCHITECTURE.md, "Public headers").
# Included by cmake/Install.cmake (what `cmake --install` puts under include/billiards) and
# by cmake/ArchCheck.cmake and cmake/HeaderCheck.cmake (the ctests arch.*).
#
# Installed: every header of the library modules (billiards_header_areas in Install.cmake:
# core, physics, game, io, and render and ui when the game is built), in its folder, but
#   billiards_private_headers   only their own module includes them (the engine's layout, the
#                               computer's planner): never installed, and an include of one
#                               from another module breaks arch.layers;
#   billiards_internal_headers  the build's own plumbing: other modules of this tree (the
#                               command line, the Python module) may use them, a user of the
#                               installed package never sees them.
# A public header includes only public headers (arch.public_headers checks it), so the
# installed tree compiles on its own.
set(billiards_private_headers
    physics/world_impl.hpp
    game/pool/ai_planner.hpp
    game/game_adapter.hpp)
set(billiards_internal_headers
    core/hash.hpp core/poly.hpp core/random.hpp
    physics/broadphase.hpp physics/cushion_model.hpp physics/event_queue.hpp physics/hertz.hpp
    physics/motion.hpp physics/narrow.hpp physics/throw_model.hpp
    game/result_names.hpp game/snooker/snooker_ai_pots.hpp
    io/arguments.hpp io/json_reader.hpp io/json_writer.hpp io/match_common.hpp io/placement.hpp
    io/stats_db.hpp io/stats_recorder.hpp io/tables_embedded.hpp io/values.hpp
    render/painter.hpp render/parts.hpp render/shot_video.hpp render/video.hpp
    ui/menu_widgets.hpp ui/record_screens.hpp)

# The public headers of module AREA under SRC, as paths relative to SRC (AREA/...).
function(billiards_public_headers out src area)
    file(GLOB_RECURSE headers RELATIVE ${src} ${src}/${area}/*.hpp)
    list(REMOVE_ITEM headers ${billiards_private_headers} ${billiards_internal_headers})
    list(SORT headers)
    set(${out} ${headers} PARENT_SCOPE)
endfunction()
