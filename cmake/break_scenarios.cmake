# Writes COUNT break scenarios for timing `billiards batch` (docs/BENCHMARKS.md):
#   cmake -DOUT=dir -DCOUNT=1040 -P cmake/break_scenarios.cmake
# A full rack (15 balls a hair apart) on the 9-ft table, with the game's compliant (hertz)
# ball contact; the k-th shot's speed
# (6.00 + 0.05 (k % 40) m/s) and heading ((k % 7) * 0.1 - 0.3 degrees) vary, so 40 breaks
# repeat.
if(NOT OUT OR NOT COUNT)
    message(FATAL_ERROR "usage: cmake -DOUT=dir -DCOUNT=n -P break_scenarios.cmake")
endif()
file(MAKE_DIRECTORY "${OUT}")
math(EXPR last "${COUNT} - 1")
foreach(k RANGE 0 ${last})
    math(EXPR centi "600 + 5 * (${k} % 40)")
    math(EXPR whole "${centi} / 100")
    math(EXPR frac "${centi} % 100")
    if(frac LESS 10)
        set(frac "0${frac}")
    endif()
    math(EXPR tenth "(${k} % 7) - 3")
    if(tenth LESS 0)
        math(EXPR tenth "-${tenth}")
        set(heading "-0.${tenth}")
    else()
        set(heading "0.${tenth}")
    endif()
    string(LENGTH "${k}" digits)
    set(name "${k}")
    while(digits LESS 5)
        set(name "0${name}")
        math(EXPR digits "${digits} + 1")
    endwhile()
    file(WRITE "${OUT}/break${name}.json" "{
  \"format\": \"billiards-scenario/1\",
  \"table\": \"pool-9ft\",
  \"physics\": { \"ball_contact\": \"hertz\" },
  \"balls\": [
    { \"id\": 0, \"position\": [-0.635, 0.0] },
    { \"id\": 1, \"position\": [0.635, 0.0] },
    { \"id\": 2, \"position\": [0.684498, -0.028578] },
    { \"id\": 3, \"position\": [0.684498, 0.028578] },
    { \"id\": 4, \"position\": [0.733997, -0.057156] },
    { \"id\": 5, \"position\": [0.733997, 0.0] },
    { \"id\": 6, \"position\": [0.733997, 0.057156] },
    { \"id\": 7, \"position\": [0.783495, -0.085734] },
    { \"id\": 8, \"position\": [0.783495, -0.028578] },
    { \"id\": 9, \"position\": [0.783495, 0.028578] },
    { \"id\": 10, \"position\": [0.783495, 0.085734] },
    { \"id\": 11, \"position\": [0.832993, -0.114311] },
    { \"id\": 12, \"position\": [0.832993, -0.057156] },
    { \"id\": 13, \"position\": [0.832993, 0.0] },
    { \"id\": 14, \"position\": [0.832993, 0.057156] },
    { \"id\": 15, \"position\": [0.832993, 0.114311] }
  ],
  \"shot\": { \"ball\": 0, \"heading\": ${heading}, \"speed\": ${whole}.${frac}, \"tip\": [0.0, 0.1] },
  \"duration\": 30.0
}
")
endforeach()
