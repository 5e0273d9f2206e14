# Warnings and floating-point settings shared by every target of the project.
# -ffp-contract=off and no fast-math keep results bit-reproducible (DESIGN.md, Determinism).
add_library(billiards_options INTERFACE)
target_compile_options(billiards_options INTERFACE
    -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion
    -Wnon-virtual-dtor -Wold-style-cast -Wcast-align -Woverloaded-virtual
    -Wnull-dereference -Wdouble-promotion -Wformat=2 -Wimplicit-fallthrough
    -ffp-contract=off -fno-fast-math)
if(BILLIARDS_WERROR)
    target_compile_options(billiards_options INTERFACE -Werror)
endif()
