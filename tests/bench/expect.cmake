# Runs a command and checks its exit status and output (used by the command tests):
#   cmake -DCMD="prog|arg|arg" -DCODE=0 [-DOUT=regex] [-DERR=regex] -P expect.cmake
string(REPLACE "|" ";" command "${CMD}")
execute_process(COMMAND ${command} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT code STREQUAL "${CODE}")
    message(FATAL_ERROR "exit status ${code}, expected ${CODE}\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(DEFINED OUT AND NOT out MATCHES "${OUT}")
    message(FATAL_ERROR "stdout does not match '${OUT}':\n${out}")
endif()
if(DEFINED ERR AND NOT err MATCHES "${ERR}")
    message(FATAL_ERROR "stderr does not match '${ERR}':\n${err}")
endif()
