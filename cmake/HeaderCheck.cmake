# The public headers of cmake/PublicHeaders.cmake hold together:
#   cmake -DSRC=<folder holding core/, physics/, ...> -P cmake/HeaderCheck.cmake
# Every private or internal header listed exists (a list gone stale after a move fails), and
# a public header includes only public headers: the installed include tree compiles alone.
# Any other include is an error naming the file, the line and the rule (ctest
# arch.public_headers; arch.public_headers_fail checks it fails on tests/arch/headers/).
cmake_minimum_required(VERSION 3.25)
if(NOT DEFINED SRC)
    message(FATAL_ERROR "usage: cmake -DSRC=<source folder> -P HeaderCheck.cmake")
endif()
get_filename_component(SRC "${SRC}" ABSOLUTE)
include(${CMAKE_CURRENT_LIST_DIR}/PublicHeaders.cmake)
if(NOT DEFINED AREAS)
    set(AREAS core physics game io render ui)
endif()

set(problems "")
foreach(header IN LISTS billiards_private_headers billiards_internal_headers)
    string(REGEX MATCH "^[a-z_]+" area ${header})
    if(area IN_LIST AREAS AND NOT EXISTS ${SRC}/${header})
        list(APPEND problems "${header}: listed in cmake/PublicHeaders.cmake, not in the sources")
    endif()
endforeach()
set(public "")
foreach(area IN LISTS AREAS)
    billiards_public_headers(headers ${SRC} ${area})
    list(APPEND public ${headers})
endforeach()
foreach(header IN LISTS public)
    file(STRINGS ${SRC}/${header} lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
    foreach(line IN LISTS lines)
        if(line MATCHES "#[ \t]*include[ \t]*\"([a-z_]+/[^\"]+)\"")
            set(included ${CMAKE_MATCH_1})
            if(NOT included IN_LIST public)
                list(APPEND problems
                     "${header}: ${line}: a public header includes only public headers")
            endif()
        else()
            list(APPEND problems "${header}: ${line}: include a header by its module's folder")
        endif()
    endforeach()
endforeach()

if(problems)
    list(JOIN problems "\n  " text)
    message(FATAL_ERROR "public headers do not hold together (docs/ARCHITECTURE.md):\n  ${text}")
endif()
list(LENGTH public count)
message(STATUS "${count} public headers, each including only public ones")
