# Every dependency comes from a Debian 12 package; a missing one stops the configure step
# with the package to install (or run cmake/setup.sh, which installs them all).
function(billiards_require found what package)
    if(NOT ${found})
        message(FATAL_ERROR "${what} not found. Install it with: sudo apt-get install ${package} "
                            "(or run: bash cmake/setup.sh)")
    endif()
endfunction()

find_package(nlohmann_json 3.9 QUIET)
billiards_require(nlohmann_json_FOUND "nlohmann-json" nlohmann-json3-dev)
find_package(CLI11 QUIET)
billiards_require(CLI11_FOUND "CLI11" libcli11-dev)
find_package(fmt QUIET)
billiards_require(fmt_FOUND "fmt" libfmt-dev)
find_path(STB_INCLUDE_DIR stb_image_write.h PATH_SUFFIXES stb)
billiards_require(STB_INCLUDE_DIR "stb (stb_image_write.h)" libstb-dev)
add_library(billiards_stb INTERFACE)
# Online play (src/net): Asio standalone, header-only, over the system's threads.
find_path(ASIO_INCLUDE_DIR asio.hpp)
billiards_require(ASIO_INCLUDE_DIR "Asio (asio.hpp)" libasio-dev)
find_package(Threads REQUIRED)
add_library(billiards_asio INTERFACE)
target_include_directories(billiards_asio SYSTEM INTERFACE ${ASIO_INCLUDE_DIR})
target_compile_definitions(billiards_asio INTERFACE ASIO_STANDALONE ASIO_NO_DEPRECATED)
target_link_libraries(billiards_asio INTERFACE Threads::Threads)
target_include_directories(billiards_stb SYSTEM INTERFACE ${STB_INCLUDE_DIR})

if(BILLIARDS_GAME)
    find_package(SDL2 QUIET)
    billiards_require(SDL2_FOUND "SDL2" libsdl2-dev)
    find_package(SDL2_ttf QUIET)
    billiards_require(SDL2_ttf_FOUND "SDL2_ttf" libsdl2-ttf-dev)
    find_package(ImGui QUIET)
    billiards_require(ImGui_FOUND "Dear ImGui" libimgui-dev)
    # `billiards render --video`: Debian's FFmpeg libraries (H.264 and VP9 encoders).
    find_package(PkgConfig QUIET)
    if(PkgConfig_FOUND)
        pkg_check_modules(LIBAV QUIET IMPORTED_TARGET libavcodec libavformat libavutil libswscale)
    endif()
    billiards_require(LIBAV_FOUND "libavcodec, libavformat and libswscale"
                      "pkg-config libavcodec-dev libavformat-dev libswscale-dev")
endif()

if(BILLIARDS_TESTS)
    find_package(GTest QUIET)
    billiards_require(GTest_FOUND "GoogleTest" "libgtest-dev libgmock-dev")
endif()
if(BILLIARDS_BENCH)
    find_package(benchmark QUIET)
    billiards_require(benchmark_FOUND "Google Benchmark" libbenchmark-dev)
    find_package(box2d QUIET) # optional: only the comparison benchmark needs it
endif()

if(BILLIARDS_PYTHON)
    # Debian's interpreter, where python3-numpy & co. are, unless told otherwise (a pyenv or
    # virtualenv python3 first on PATH would lack them).
    if(NOT Python3_EXECUTABLE AND EXISTS /usr/bin/python3)
        set(Python3_EXECUTABLE /usr/bin/python3 CACHE FILEPATH "Python interpreter for the module")
    endif()
    find_package(Python3 3.8 COMPONENTS Interpreter Development.Module QUIET)
    billiards_require(Python3_FOUND "Python 3 and its headers (BILLIARDS_PYTHON)" python3-dev)
    find_package(pybind11 2.6 CONFIG QUIET)
    billiards_require(pybind11_FOUND "pybind11 (BILLIARDS_PYTHON)" "pybind11-dev python3-pybind11")
    # Modules the package (numpy) and its tests (pytest, dask distributed) import.
    set(billiards_python_modules numpy:python3-numpy)
    if(BILLIARDS_TESTS)
        list(APPEND billiards_python_modules pytest:python3-pytest distributed:python3-distributed)
    endif()
    foreach(entry IN LISTS billiards_python_modules)
        string(REPLACE ":" ";" entry ${entry})
        list(GET entry 0 module)
        list(GET entry 1 package)
        execute_process(COMMAND ${Python3_EXECUTABLE} -c "import ${module}"
                        RESULT_VARIABLE missing OUTPUT_QUIET ERROR_QUIET)
        if(missing)
            set(found_${module} FALSE)
        else()
            set(found_${module} TRUE)
        endif()
        billiards_require(found_${module} "The Python module ${module} (for ${Python3_EXECUTABLE})"
                          ${package})
    endforeach()
endif()
