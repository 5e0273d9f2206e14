# Writes the man page billiards.1 from the built binary's help (cmake/Install.cmake runs it
# at build time, so the page follows the command line):
#   cmake -DEXE=path/to/billiards -DOUT=billiards.1 [-DHELP2MAN=/usr/bin/help2man]
#         [-DVERSION=0.1.0] -P cmake/manpage.cmake
# With help2man the page is its rendering of `billiards --help` and `--version`; without it,
# a plain page holding the same text. Either way a COMMANDS section follows with each
# subcommand's own --help (the subcommands are read from the top-level help).
if(NOT EXE OR NOT OUT)
    message(FATAL_ERROR "usage: cmake -DEXE=billiards -DOUT=billiards.1 -P manpage.cmake")
endif()

function(billiards_help out)
    execute_process(COMMAND ${EXE} ${ARGN} --help OUTPUT_VARIABLE text ERROR_VARIABLE err
                    RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "${EXE} ${ARGN} --help failed (${rc}): ${err}")
    endif()
    # CLI11 prints argv[0]: the page names the program as a user runs it.
    string(REPLACE "${EXE}" "billiards" text "${text}")
    set(${out} "${text}" PARENT_SCOPE)
endfunction()

# Verbatim text as roff: backslashes escaped, lines starting with . or ' protected.
function(billiards_roff out text)
    string(REPLACE "\\" "\\e" text "${text}")
    string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
    set(${out} "${text}" PARENT_SCOPE)
endfunction()

billiards_help(top)
# The subcommands: the lines "  name   description" after the "Subcommands:" heading.
string(REPLACE ";" "\\;" lines "${top}")
string(REPLACE "\n" ";" lines "${lines}")
set(in_list FALSE)
set(commands "")
foreach(line IN LISTS lines)
    if(line MATCHES "^[Ss][Uu][Bb][Cc][Oo][Mm][Mm][Aa][Nn][Dd][Ss]:")
        set(in_list TRUE)
    elseif(in_list AND line MATCHES "^  +([a-z][a-z0-9_-]*)( |$)")
        list(APPEND commands ${CMAKE_MATCH_1})
    elseif(in_list AND NOT line MATCHES "^ ")
        set(in_list FALSE)
    endif()
endforeach()

set(sections "")
foreach(cmd IN LISTS commands)
    billiards_help(text ${cmd})
    billiards_roff(text "${text}")
    string(APPEND sections ".SS \"billiards ${cmd}\"\n.nf\n${text}\n.fi\n")
endforeach()
set(environment [=[
.TP
.B BILLIARDS_ASSETS
The folder holding the game's fonts/, tables/ and scenarios/. Without it the game looks in
\fI../share/billiards\fR next to its executable, then in the folder it was installed to.
.TP
.B SDL_VIDEODRIVER
Set to \fBoffscreen\fR to run the game without a display.
]=])
set(files [=[
.TP
.I share/billiards/scenarios
Example scenarios for \fBbilliards simulate\fR and \fBbilliards render\fR.
.TP
.I share/billiards/tables
The standard tables (also compiled into the program).
.TP
.I share/doc/billiards
README.md, CHANGELOG.md, the file formats (docs/) and the licences.
]=])

get_filename_component(out_dir "${OUT}" DIRECTORY)
if(HELP2MAN)
    set(include_file "${OUT}.include")
    file(WRITE "${include_file}"
         "[COMMANDS]\n${sections}\n[ENVIRONMENT]\n${environment}\n[FILES]\n${files}\n"
         "[SEE ALSO]\nThe README and docs in \\fIshare/doc/billiards\\fR.\n")
    execute_process(COMMAND ${HELP2MAN} --no-info --section=1 --source=billiards
                            "--name=a 2D pool game and an exact ball-world simulator"
                            "--include=${include_file}" "--output=${OUT}.tmp" ${EXE}
                    RESULT_VARIABLE rc ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "help2man failed (${rc}): ${err}")
    endif()
else()
    billiards_roff(body "${top}")
    file(WRITE "${OUT}.tmp"
         ".TH BILLIARDS 1 \"\" \"billiards ${VERSION}\" \"User Commands\"\n"
         ".SH NAME\nbilliards \\- a 2D pool game and an exact ball-world simulator\n"
         ".SH SYNOPSIS\n.B billiards\n[\\fIOPTIONS\\fR] [\\fISUBCOMMAND\\fR ...]\n"
         ".SH DESCRIPTION\n.nf\n${body}\n.fi\n"
         ".SH COMMANDS\n${sections}\n.SH ENVIRONMENT\n${environment}\n.SH FILES\n${files}\n"
         ".SH \"SEE ALSO\"\nThe README and docs in \\fIshare/doc/billiards\\fR.\n")
endif()
file(RENAME "${OUT}.tmp" "${OUT}")
