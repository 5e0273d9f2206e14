# Tests of `billiards batch` through the real binary:
#   cmake -DBILLIARDS=path -DWORK=dir -DMODE=matches_simulate|shards|bad_input -P batch_test.cmake
# Scenarios are written here (shots on the 9-ft table and frictionless boxes); no time is
# checked.
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/in")

set(names)
foreach(k RANGE 0 6)
    math(EXPR speed "1 + ${k}")
    math(EXPR angle "${k} * 7")
    file(WRITE "${WORK}/in/shot${k}.json" "{
  \"format\": \"billiards-scenario/1\",
  \"table\": \"pool-9ft\",
  \"balls\": [
    { \"id\": 0, \"position\": [-0.6, 0.0] },
    { \"id\": 1, \"position\": [0.3, 0.05] },
    { \"id\": 2, \"position\": [0.5, -0.2] }
  ],
  \"shot\": { \"ball\": 0, \"heading\": ${angle}.0, \"speed\": ${speed}.0, \"tip\": [0.1, 0.2] },
  \"duration\": 20.0
}
")
    list(APPEND names shot${k})
endforeach()
file(WRITE "${WORK}/in/box.json" "{
  \"format\": \"billiards-scenario/1\",
  \"table\": { \"cushions\": [ {\"from\": [-1, -1], \"to\": [1, -1]}, {\"from\": [1, -1], \"to\": [1, 1]},
                               {\"from\": [1, 1], \"to\": [-1, 1]}, {\"from\": [-1, 1], \"to\": [-1, -1]} ],
               \"pockets\": [] },
  \"physics\": { \"ball_restitution\": 1.0, \"cushion_restitution\": 1.0, \"ball_friction\": 0.0,
                 \"sliding_friction\": 0.0, \"rolling_friction\": 0.0, \"spin_friction\": 0.0 },
  \"balls\": [
    { \"id\": 0, \"position\": [0.0, 0.0], \"velocity\": [2.0, 0.7], \"radius\": 0.05 },
    { \"id\": 1, \"position\": [0.5, 0.1], \"velocity\": [-1.0, 0.3], \"radius\": 0.05 }
  ],
  \"duration\": 3.0
}
")
list(APPEND names box)
set(files)
foreach(n IN LISTS names)
    list(APPEND files "${WORK}/in/${n}.json")
endforeach()

function(run expect_code)
    execute_process(COMMAND ${ARGN} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT code STREQUAL "${expect_code}")
        message(FATAL_ERROR "${ARGN}\nexit ${code}, expected ${expect_code}\n${out}\n${err}")
    endif()
    set(last_err "${err}" PARENT_SCOPE)
endfunction()

if(MODE STREQUAL "matches_simulate")
    # Every result file is byte for byte what `simulate` writes for the same scenario.
    run(0 "${BILLIARDS}" batch ${files} --events --jobs 3 --out "${WORK}/batch")
    foreach(n IN LISTS names)
        run(0 "${BILLIARDS}" simulate "${WORK}/in/${n}.json" --events --out "${WORK}/${n}.sim.json")
        execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${WORK}/${n}.sim.json"
                                "${WORK}/batch/${n}.result.json" RESULT_VARIABLE differ)
        if(differ)
            message(FATAL_ERROR "batch and simulate results differ for ${n}")
        endif()
    endforeach()
elseif(MODE STREQUAL "shards")
    # Three shards together produce every result exactly once.
    foreach(i RANGE 0 2)
        run(0 "${BILLIARDS}" batch ${files} --shard ${i}/3 --jobs 2 --out "${WORK}/shard${i}")
    endforeach()
    foreach(n IN LISTS names)
        set(found 0)
        foreach(i RANGE 0 2)
            if(EXISTS "${WORK}/shard${i}/${n}.result.json")
                math(EXPR found "${found} + 1")
            endif()
        endforeach()
        if(NOT found EQUAL 1)
            message(FATAL_ERROR "${n}: produced by ${found} shards, expected exactly 1")
        endif()
    endforeach()
    file(GLOB all "${WORK}/shard*/*")
    list(LENGTH all count)
    list(LENGTH names expected)
    if(NOT count EQUAL expected)
        message(FATAL_ERROR "${count} files in the shards, expected ${expected}: ${all}")
    endif()
    run(2 "${BILLIARDS}" batch ${files} --shard 3/3)
    run(2 "${BILLIARDS}" batch ${files} --shard 1/0)
    run(2 "${BILLIARDS}" batch ${files} --shard one/3)
elseif(MODE STREQUAL "bad_input")
    # A bad scenario is listed and makes the exit status 2; the others still run.
    file(WRITE "${WORK}/in/bad.json" "{ \"format\": \"billiards-scenario/1\",
  \"balls\": [ { \"id\": 0, \"position\": [0.0, 0.0], \"radius\": -1.0 } ] }
")
    run(2 "${BILLIARDS}" batch "${WORK}/in/shot0.json" "${WORK}/in/bad.json" "${WORK}/in/box.json"
        "${WORK}/in/missing.json" --out "${WORK}/out")
    if(NOT last_err MATCHES "2 of 4 scenarios failed" OR NOT last_err MATCHES "bad.json: [^\n]*radius"
       OR NOT last_err MATCHES "missing.json")
        message(FATAL_ERROR "unexpected error report:\n${last_err}")
    endif()
    foreach(n shot0 box)
        if(NOT EXISTS "${WORK}/out/${n}.result.json")
            message(FATAL_ERROR "${n}.result.json missing after a bad neighbour")
        endif()
    endforeach()
    if(EXISTS "${WORK}/out/bad.result.json")
        message(FATAL_ERROR "a result was written for the bad scenario")
    endif()
    run(2 "${BILLIARDS}" batch "${WORK}/in/shot0.json" --jobs 0)
    run(2 "${BILLIARDS}" batch)
else()
    message(FATAL_ERROR "unknown MODE ${MODE}")
endif()
