# Installing: `cmake --install`, the CMake package for find_package(billiards) and
# CPack's .deb. Included at the end of the top-level CMakeLists.txt, once every target exists.
#   bin/billiards                          the game and the headless CLI
#   share/billiards/{fonts,tables,scenarios}  the assets the binary finds (src/app/game_assets)
#   share/applications/billiards.desktop, share/icons/hicolor/256x256/apps/billiards.png
#   share/man/man1/billiards.1             generated from `billiards --help` (help2man)
#   share/doc/billiards                    README, CHANGELOG, docs/, LICENSE, the fonts' licence
#   include/billiards/<area>/*.hpp, lib/libbilliards_*.a, lib/cmake/billiards  (the package:
#                                          the public headers only, cmake/PublicHeaders.cmake)
#   lib/python3/dist-packages/billiards    the Python package, with BILLIARDS_PYTHON (its rules
#                                          are in python/CMakeLists.txt, beside its targets)
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(BILLIARDS_INSTALL_ASSETDIR ${CMAKE_INSTALL_DATADIR}/billiards)
set(BILLIARDS_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/billiards)
# The headers keep the sources' include style (#include "physics/world.hpp"): src/core's
# CMakeLists.txt makes include/billiards the installed interface include folder.
set(BILLIARDS_INSTALL_INCLUDEDIR include/billiards)

# --- Where the installed binary finds its assets ----------------------------------------
# game_assets.cpp: a build-tree binary (BILLIARDS_BUILD_DIR) uses the tree; an installed one
# <exe>/<relative path to share/billiards>, then the prefix configured here.
if(TARGET billiards_gamelib)
    file(RELATIVE_PATH billiards_relative_assets ${CMAKE_INSTALL_FULL_BINDIR}
         ${CMAKE_INSTALL_FULL_DATADIR}/billiards)
    set_property(SOURCE ${PROJECT_SOURCE_DIR}/src/app/game_assets.cpp
                 DIRECTORY ${PROJECT_SOURCE_DIR}/src/app APPEND PROPERTY COMPILE_DEFINITIONS
                 BILLIARDS_BUILD_DIR="${CMAKE_RUNTIME_OUTPUT_DIRECTORY}"
                 BILLIARDS_RELATIVE_ASSET_DIR="${billiards_relative_assets}"
                 BILLIARDS_INSTALL_ASSET_DIR="${CMAKE_INSTALL_FULL_DATADIR}/billiards")
endif()

# --- The program, its assets, desktop entry, icon, man page and docs --------------------
install(TARGETS billiards RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT Runtime)
foreach(dir fonts tables scenarios)
    install(DIRECTORY ${PROJECT_SOURCE_DIR}/assets/${dir} DESTINATION ${BILLIARDS_INSTALL_ASSETDIR}
            COMPONENT Runtime)
endforeach()
if(BILLIARDS_GAME) # the desktop entry starts the game (assets/icons/make_icon.py drew the icon)
    install(FILES ${PROJECT_SOURCE_DIR}/assets/desktop/billiards.desktop
            DESTINATION ${CMAKE_INSTALL_DATADIR}/applications COMPONENT Runtime)
    install(FILES ${PROJECT_SOURCE_DIR}/assets/icons/billiards.png
            DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/256x256/apps COMPONENT Runtime)
endif()
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/CHANGELOG.md
              ${PROJECT_SOURCE_DIR}/LICENSE ${PROJECT_SOURCE_DIR}/assets/fonts/LICENSE-DejaVu.txt
        DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT Runtime)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs
        COMPONENT Runtime FILES_MATCHING PATTERN "*.md" PATTERN "*.png") # README shows table.png

# The man page, from the built binary's --help at build time: help2man when it is there
# (cmake/setup.sh installs it), else a plain page made by cmake/manpage.cmake. Either way
# each subcommand's --help is added as a section, so the page follows the CLI.
set(billiards_man ${CMAKE_CURRENT_BINARY_DIR}/billiards.1)
find_program(BILLIARDS_HELP2MAN help2man)
add_custom_command(OUTPUT ${billiards_man}
    COMMAND ${CMAKE_COMMAND} -E env ASAN_OPTIONS=detect_leaks=0
            ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:billiards> -DOUT=${billiards_man}
            -DHELP2MAN=${BILLIARDS_HELP2MAN} -DVERSION=${PROJECT_VERSION}
            -P ${PROJECT_SOURCE_DIR}/cmake/manpage.cmake
    DEPENDS billiards ${PROJECT_SOURCE_DIR}/cmake/manpage.cmake
    COMMENT "Generating the man page billiards.1" VERBATIM)
add_custom_target(billiards_man ALL DEPENDS ${billiards_man})
install(FILES ${billiards_man} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT Runtime)

# --- The CMake package: find_package(billiards) -> billiards::core, ::physics, ... -------
# Static libraries; each exported target carries only what it links. billiards::stb and
# billiards::imgui are the build's own wrappers of Debian's stb and Dear ImGui (render and ui
# link them), exported because a static library's private links travel with it.
set(billiards_exported billiards_core billiards_physics billiards_game billiards_io)
set_target_properties(billiards_core PROPERTIES EXPORT_NAME core)
set_target_properties(billiards_physics PROPERTIES EXPORT_NAME physics)
set_target_properties(billiards_game PROPERTIES EXPORT_NAME game)
set_target_properties(billiards_io PROPERTIES EXPORT_NAME io)
set(billiards_header_areas core physics game io)
if(TARGET billiards_render)
    set_target_properties(billiards_render PROPERTIES EXPORT_NAME render)
    set_target_properties(billiards_stb PROPERTIES EXPORT_NAME stb)
    list(APPEND billiards_exported billiards_render billiards_stb)
    list(APPEND billiards_header_areas render)
endif()
if(TARGET billiards_ui)
    set_target_properties(billiards_ui_edit PROPERTIES EXPORT_NAME ui_edit)
    set_target_properties(billiards_ui PROPERTIES EXPORT_NAME ui)
    list(APPEND billiards_exported billiards_ui_edit billiards_ui)
    list(APPEND billiards_header_areas ui)
    if(TARGET billiards_imgui)
        set_target_properties(billiards_imgui PROPERTIES EXPORT_NAME imgui)
        list(APPEND billiards_exported billiards_imgui)
    endif()
endif()
install(TARGETS ${billiards_exported} EXPORT billiards-targets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT Development)
# `cmake --install --strip` and the .deb (CPACK_STRIP_FILES) strip the program; the static
# libraries keep their symbols and lose only their debug information.
if(CMAKE_STRIP)
    install(CODE "
        if(CMAKE_INSTALL_DO_STRIP)
            file(GLOB billiards_archives \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/libbilliards_*.a\")
            foreach(archive IN LISTS billiards_archives)
                execute_process(COMMAND \"${CMAKE_STRIP}\" --strip-debug \"\${archive}\")
            endforeach()
        endif()" COMPONENT Development)
endif()
# Only the public headers (cmake/PublicHeaders.cmake: all but the private and internal ones),
# each in its folder; arch.public_headers checks that they include only each other.
include(PublicHeaders)
foreach(area IN LISTS billiards_header_areas)
    billiards_public_headers(headers ${PROJECT_SOURCE_DIR}/src ${area})
    foreach(header IN LISTS headers)
        get_filename_component(folder ${header} DIRECTORY)
        install(FILES ${PROJECT_SOURCE_DIR}/src/${header}
                DESTINATION ${BILLIARDS_INSTALL_INCLUDEDIR}/${folder} COMPONENT Development)
    endforeach()
endforeach()
install(EXPORT billiards-targets NAMESPACE billiards:: FILE billiards-targets.cmake
        DESTINATION ${BILLIARDS_INSTALL_CMAKEDIR} COMPONENT Development)
# The config finds what the exported targets name (billiards-config.cmake.in).
set(BILLIARDS_PACKAGE_HAS_RENDER OFF)
if(TARGET billiards_render)
    set(BILLIARDS_PACKAGE_HAS_RENDER ON)
endif()
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/billiards-config.cmake.in
    ${CMAKE_CURRENT_BINARY_DIR}/billiards-config.cmake
    INSTALL_DESTINATION ${BILLIARDS_INSTALL_CMAKEDIR})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/billiards-config-version.cmake
    VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/billiards-config.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/billiards-config-version.cmake
        DESTINATION ${BILLIARDS_INSTALL_CMAKEDIR} COMPONENT Development)

# --- CPack: `cpack -G DEB` in the build folder ------------------------------------------
set(CPACK_PACKAGE_NAME billiards)
set(CPACK_PACKAGE_VENDOR "the billiards authors")
set(CPACK_PACKAGE_CONTACT "the billiards authors <billiards@example.org>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "2D pool game and exact ball-world simulator")
string(CONCAT CPACK_PACKAGE_DESCRIPTION
    "A 2D cue-sports game (8-ball, 9-ball, snooker and three-cushion against a friend or "
    "the computer), "
    "with an event-driven physics engine that finds every impact at its exact time, and "
    "the headless command line tools billiards simulate, render, batch, match, replay, "
    "breaks and bench. Also holds the static libraries, headers and CMake package "
    "(find_package(billiards)) to build against the engine.")
set(CPACK_PACKAGE_HOMEPAGE_URL "https://example.org/billiards")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_RESOURCE_FILE_README ${PROJECT_SOURCE_DIR}/README.md)
set(CPACK_PACKAGE_INSTALL_DIRECTORY billiards)
set(CPACK_STRIP_FILES ON) # the program; the static libraries lose only their debug info
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${CPACK_PACKAGE_CONTACT}")
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
find_program(BILLIARDS_DPKG_SHLIBDEPS dpkg-shlibdeps)
if(BILLIARDS_DPKG_SHLIBDEPS)
    set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
elseif(BILLIARDS_GAME)
    set(CPACK_DEBIAN_PACKAGE_DEPENDS "libc6, libstdc++6, libgcc-s1, libfmt9, libsdl2-2.0-0, libsdl2-ttf-2.0-0, libstb0, libavcodec59, libavformat59, libswscale6")
else()
    set(CPACK_DEBIAN_PACKAGE_DEPENDS "libc6, libstdc++6, libgcc-s1, libfmt9")
endif()
# Building against the package needs the libraries' own headers.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "cmake, g++, nlohmann-json3-dev, libfmt-dev")
if(BILLIARDS_GAME)
    string(APPEND CPACK_DEBIAN_PACKAGE_SUGGESTS ", libsdl2-dev, libsdl2-ttf-dev, libimgui-dev, libstb-dev")
endif()
if(BILLIARDS_PYTHON) # the Python package in the .deb imports numpy
    set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3, python3-numpy")
endif()
include(CPack)
