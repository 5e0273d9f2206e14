#!/usr/bin/env bash
# tests/install/CMakeLists.txt runs this as the ctest tests `install` and `install_deb`:
#   install_test.sh install|deb BUILD SOURCE CMAKE CPACK GENERATOR CXX HAVE_GAME VERSION PYTHON [CXXFLAGS]
# (PYTHON: the interpreter of the Python package, "none" when it is not built; CXXFLAGS: the
# sanitizer flags of a sanitized build, for the example to link its libraries.)
set -euo pipefail
mode=$1 build=$2 source=$3 cmake=$4 cpack=$5 generator=$6 cxx=$7 have_game=$8 version=$9
python=${10} cxxflags=${11:-}
skip=77

tmp=$(mktemp -d "${TMPDIR:-/tmp}/billiards-install.XXXXXX")
installed_deb=0
cleanup() {
    if [ "$installed_deb" = 1 ]; then
        flock /tmp/billiards-install-test.lock dpkg -r billiards >/dev/null 2>&1 || true
    fi
    rm -rf "$tmp"
}
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
step() { echo "== $*"; }
# Every run of the installed binary is from a folder outside both trees, with no hint.
elsewhere=$tmp/elsewhere
mkdir -p "$elsewhere"
unset BILLIARDS_ASSETS

# Runs the binary $1 the way a user would: simulate (and render) an installed scenario.
exercise() {
    local exe=$1 data=$2
    local scenario=$data/scenarios/break-9ball.json
    [ -f "$scenario" ] || fail "no installed scenario $scenario"
    (cd "$elsewhere" && "$exe" --version) | grep -qx "billiards $version" ||
        fail "$exe --version is not 'billiards $version'"
    (cd "$elsewhere" && "$exe" simulate "$scenario" > simulate.json) ||
        fail "$exe simulate $scenario"
    grep -q '"format"' "$elsewhere/simulate.json" || fail "simulate wrote no result"
    echo "simulate: $(head -c 200 "$elsewhere/simulate.json" | tr -d '\n')..."
    if [ "$have_game" = 1 ]; then
        rm -f "$elsewhere/table.png"
        (cd "$elsewhere" && "$exe" render "$scenario" --out table.png --size 320x180) ||
            fail "$exe render $scenario"
        [ "$(head -c 8 "$elsewhere/table.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] ||
            fail "render wrote no PNG"
        echo "render: table.png, $(stat -c %s "$elsewhere/table.png") bytes"
    fi
}

if [ "$mode" = install ]; then
    prefix=$tmp/prefix
    step "cmake --install $build --prefix $prefix"
    "$cmake" --install "$build" --prefix "$prefix" > "$tmp/install.log" ||
        { cat "$tmp/install.log"; fail "cmake --install"; }
    (cd "$prefix" && find . -type f | sort | grep -v '^./include/' ; echo "(and $(find include -name '*.hpp' | wc -l) headers)")
    data=$prefix/share/billiards
    for f in bin/billiards share/billiards/fonts/DejaVuSans.ttf share/billiards/fonts/DejaVuSans-Bold.ttf \
             share/billiards/fonts/LICENSE-DejaVu.txt share/billiards/tables/pool-9ft.json \
             share/billiards/scenarios/break-9ball.json share/man/man1/billiards.1 \
             share/doc/billiards/README.md share/doc/billiards/CHANGELOG.md \
             share/doc/billiards/LICENSE share/doc/billiards/LICENSE-DejaVu.txt \
             include/billiards/physics/world.hpp include/billiards/game/rack.hpp \
             include/billiards/io/scenario.hpp include/billiards/core/vec.hpp; do
        [ -f "$prefix/$f" ] || fail "not installed: $f"
    done
    config=$(find "$prefix" -name billiards-config.cmake)
    [ -n "$config" ] || fail "no billiards-config.cmake"
    [ -f "$(dirname "$config")/billiards-config-version.cmake" ] || fail "no version file"

    step "man page and desktop entry"
    man=$prefix/share/man/man1/billiards.1
    grep -q '^\.TH' "$man" || fail "billiards.1 has no .TH"
    grep -q 'billiards simulate' "$man" || fail "billiards.1 does not describe simulate"
    if command -v man > /dev/null; then
        MANWIDTH=80 man -l "$man" 2>/dev/null | head -12 || true
    fi
    desktop=$prefix/share/applications/billiards.desktop
    if [ "$have_game" = 1 ]; then
        [ -f "$prefix/share/icons/hicolor/256x256/apps/billiards.png" ] || fail "no icon"
        [ -f "$desktop" ] || fail "no desktop entry"
    else
        [ ! -e "$desktop" ] || fail "a desktop entry for a build without the game"
        desktop=$source/assets/desktop/billiards.desktop
    fi
    grep -qx 'Exec=billiards' "$desktop" && grep -qx 'Icon=billiards' "$desktop" ||
        fail "billiards.desktop lacks Exec/Icon"
    if command -v desktop-file-validate > /dev/null; then
        desktop-file-validate "$desktop" || fail "desktop-file-validate"
    fi

    step "examples/ against the installed package, built in $tmp/example"
    (cd "$elsewhere" &&
        "$cmake" -S "$source/examples" -B "$tmp/example" -G "$generator" \
            -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=Release \
            -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF \
            ${cxxflags:+"-DCMAKE_CXX_FLAGS=$cxxflags"} \
            ${cxxflags:+"-DCMAKE_EXE_LINKER_FLAGS=$cxxflags"} > "$tmp/example-configure.log") ||
        { cat "$tmp/example-configure.log"; fail "configuring examples/"; }
    found=$(sed -n 's/^billiards_DIR:PATH=//p' "$tmp/example/CMakeCache.txt")
    [ "$found" = "$(dirname "$config")" ] || fail "examples/ found billiards in '$found', not $prefix"
    "$cmake" --build "$tmp/example" > "$tmp/example-build.log" ||
        { cat "$tmp/example-build.log"; fail "building examples/"; }
    (cd "$elsewhere" && "$tmp/example/break_rack" 9 8 1) > "$tmp/break.txt" ||
        { cat "$tmp/break.txt"; fail "break_rack"; }
    head -4 "$tmp/break.txt"; echo "..."; tail -1 "$tmp/break.txt"
    grep -Eq 'ball (0 hits ball 1|1 hits ball 0)$' "$tmp/break.txt" || fail "break_rack: the cue ball never hit the 1"
    grep -q 'at rest after' "$tmp/break.txt" || fail "break_rack: no summary"

    step "every exported target: its headers compile and its dependencies are found"
    mkdir -p "$tmp/all-src"
    {
        echo 'cmake_minimum_required(VERSION 3.25)'
        echo 'project(all_targets LANGUAGES CXX)'
        echo 'find_package(billiards 0.1 REQUIRED)'
        echo 'add_executable(all_targets main.cpp)'
        echo 'target_compile_features(all_targets PRIVATE cxx_std_20)'
        echo 'target_link_libraries(all_targets PRIVATE billiards::core billiards::physics billiards::game billiards::io)'
        echo 'if(TARGET billiards::render)'
        echo '    target_link_libraries(all_targets PRIVATE billiards::render billiards::ui)'
        echo 'endif()'
    } > "$tmp/all-src/CMakeLists.txt"
    # Every installed header, in one file: the public headers need nothing the install lacks.
    {
        (cd "$prefix/include/billiards" && find . -name '*.hpp' | sort |
            sed 's|^\./\(.*\)$|#include "\1"|')
        echo 'int main() { return billiards::physics::World{}.ball_count(); }'
    } > "$tmp/all-src/main.cpp"
    grep -q '"physics/world.hpp"' "$tmp/all-src/main.cpp" || fail "no physics/world.hpp installed"
    echo "$(grep -c '^#include' "$tmp/all-src/main.cpp") public headers installed"
    # and none of the private or internal ones (cmake/PublicHeaders.cmake).
    cat > "$tmp/hidden.cmake" <<CMAKE
include("$source/cmake/PublicHeaders.cmake")
foreach(header IN LISTS billiards_private_headers billiards_internal_headers)
    message(STATUS "\${header}")
endforeach()
CMAKE
    hidden=$("$cmake" -P "$tmp/hidden.cmake" | sed 's/^-- //')
    [ -n "$hidden" ] || fail "cmake/PublicHeaders.cmake lists no private header"
    for header in $hidden; do
        [ ! -e "$prefix/include/billiards/$header" ] || fail "not public, but installed: $header"
    done
    (cd "$elsewhere" &&
        "$cmake" -S "$tmp/all-src" -B "$tmp/all" -G "$generator" -DCMAKE_CXX_COMPILER="$cxx" \
            -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF \
            ${cxxflags:+"-DCMAKE_CXX_FLAGS=$cxxflags"} \
            ${cxxflags:+"-DCMAKE_EXE_LINKER_FLAGS=$cxxflags"} > "$tmp/all.log" 2>&1 &&
        "$cmake" --build "$tmp/all" >> "$tmp/all.log" 2>&1 && "$tmp/all/all_targets") ||
        { cat "$tmp/all.log"; fail "a project using every exported target"; }
    echo "all exported targets: OK"

    step "the installed binary, run from $elsewhere"
    exercise "$prefix/bin/billiards" "$data"

    if [ "$python" != none ]; then
        step "the Python package from $prefix/lib/python3/dist-packages, run from $elsewhere"
        site=$prefix/lib/python3/dist-packages
        ls "$site"/billiards/_billiards*.so "$site"/billiards/__init__.py "$site"/billiards/batch.py \
            "$site"/billiards/env.py > /dev/null || fail "the Python package is not installed"
        preload=""
        if [ -n "$cxxflags" ]; then # as python/tests/CMakeLists.txt says why
            runtime=libasan.so # GCC's; clang names its own after the machine
            if "$cxx" --version | grep -q clang; then runtime=libclang_rt.asan-$(uname -m).so; fi
            preload="$("$cxx" -print-file-name=$runtime) $("$cxx" -print-file-name=libstdc++.so)"
        fi
        scenario=$data/scenarios/break-9ball.json
        (cd "$elsewhere" && PYTHONPATH=$site LD_PRELOAD=$preload ASAN_OPTIONS=detect_leaks=0 \
            "$python" -c "import billiards, sys
assert billiards.__file__.startswith(sys.argv[2]), billiards.__file__
sys.stdout.write(billiards.simulate_json(sys.argv[1]))" "$scenario" "$site" > python.json &&
            "$prefix/bin/billiards" simulate "$scenario" > cli.json && cmp python.json cli.json) ||
            fail "the installed package's simulate() differs from the installed binary's"
        echo "python: import billiards from $site: simulate() = billiards simulate"
    fi

    step "a moved prefix still finds its assets; a broken one never falls back to the source tree"
    mv "$prefix" "$tmp/moved"
    exercise "$tmp/moved/bin/billiards" "$tmp/moved/share/billiards"
    if [ "$have_game" = 1 ]; then
        rm -r "$tmp/moved/share/billiards/fonts"
        if (cd "$elsewhere" && "$tmp/moved/bin/billiards" render \
                "$tmp/moved/share/billiards/scenarios/break-9ball.json" --out x.png) 2> "$tmp/err.txt"; then
            # Only an install at the configured prefix may serve it.
            grep -q "$source" "$tmp/err.txt" && fail "the installed binary used the source tree"
        else
            cat "$tmp/err.txt"
            grep -q "looked in: $tmp/moved/share/billiards" "$tmp/err.txt" ||
                fail "the message does not list the relative folder first"
            grep -q "$source" "$tmp/err.txt" && fail "the installed binary looked in the source tree"
        fi
    fi
    echo "install: OK"
    exit 0
fi

[ "$mode" = deb ] || fail "unknown mode $mode"
if [ "$(id -u)" -ne 0 ] || ! command -v dpkg > /dev/null || ! command -v dpkg-deb > /dev/null; then
    echo "install_deb: skipped (needs root and dpkg: it installs the package into /usr)"
    exit $skip
fi
if dpkg-query -W -f='${Status}' billiards 2>/dev/null | grep -q 'ok installed' ||
        [ -e /usr/bin/billiards ]; then
    echo "install_deb: skipped (billiards is already installed on this machine; left alone)"
    exit $skip
fi
step "cpack -G DEB (package folder $tmp/package)"
(cd "$build" && "$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$tmp/package") \
    > "$tmp/cpack.log" 2>&1 || { cat "$tmp/cpack.log"; fail "cpack -G DEB"; }
deb=$(find "$tmp/package" -maxdepth 1 -name 'billiards_*.deb' | head -1)
[ -n "$deb" ] || { cat "$tmp/cpack.log"; fail "cpack made no .deb"; }
echo "$(basename "$deb"): $(stat -c %s "$deb") bytes"
dpkg-deb --field "$deb" Package Version Architecture Section Maintainer Depends
[ "$(dpkg-deb --field "$deb" Section)" = games ] || fail "Section is not games"
depends=$(dpkg-deb --field "$deb" Depends)
if [ "$have_game" = 1 ]; then
    case $depends in *libsdl2-2.0-0*) ;; *) fail "Depends lacks libsdl2-2.0-0: $depends" ;; esac
    case $depends in *libsdl2-ttf-2.0-0*) ;; *) fail "Depends lacks libsdl2-ttf-2.0-0: $depends" ;; esac
fi

step "dpkg -i"
installed_deb=1
flock /tmp/billiards-install-test.lock dpkg -i "$deb" || fail "dpkg -i"
dpkg -L billiards | grep -E '^/usr/(bin/billiards|share/man/man1/billiards.1.*|share/applications/billiards.desktop)$'
exercise /usr/bin/billiards /usr/share/billiards
step "dpkg -r"
flock /tmp/billiards-install-test.lock dpkg -r billiards || fail "dpkg -r"
installed_deb=0
[ ! -e /usr/bin/billiards ] || fail "dpkg -r left /usr/bin/billiards"
echo "install_deb: OK"
