# Warnings and floating-point settings shared by every target of the project.
# -ffp-contract=off and no fast-math keep results bit-reproducible (DESIGN.md, Determinism).
add_library(billiards_options INTERFACE)
target_compile_options(billiards_options INTERFACE
    -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion
    -Wnon-virtual-dtor -Wold-style-cast -Wcast-align -Woverloaded-virtual
    -Wdouble-promotion -Wformat=2 -Wimplicit-fallthrough
    -ffp-contract=off -fno-fast-math
    $<$<CXX_COMPILER_ID:GNU>:-Wno-restrict>) # GCC 12 false positives in libstdc++ at -O2/-O3
if(BILLIARDS_WERROR)
    target_compile_options(billiards_options INTERFACE -Werror)
endif()
