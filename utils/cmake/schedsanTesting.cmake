#===============================================================================
# FILE:
#    <prefix>/<libdir>/cmake/schedsan/schedsanTesting.cmake
#    (installed from utils/cmake/schedsanTesting.cmake; included by
#    schedsanConfig.cmake, which sets SCHEDSAN_RUN)
#
# DESCRIPTION:
#    schedsan_add_test(): a ctest test that runs a program under many
#    schedules with `schedsan run`. The test fails when any run fails
#    (schedsan run exits 1), and its output names the failure, the command
#    that replays it and its schedule file (ctest --output-on-failure shows
#    them).
#
# USAGE:
#    schedsan_add_test(NAME <name> COMMAND <target-or-exe> [args...]
#                      [RUNS <n>] [STRATEGY <s>] [TIMEOUT <s>]
#                      [JUNIT <file>])
#      RUNS      runs of the campaign (default 1000)
#      STRATEGY  schedule strategy (default: portfolio, a mix of PCT at
#                depths 1-3, POS, random walk and swarm chosen by seed);
#                `schedsan-config --strategies` lists the single ones
#      TIMEOUT   seconds before one run is killed and reported as a timeout
#                (schedsan run --timeout; default 60)
#      JUNIT     write the results as JUnit XML to <file>
#    The command runs as
#      <prefix>/bin/schedsan run -n <n> --strategy <s> [--timeout <t>]
#          [--junit <file>] -- <exe> [args...]
#    with a target's file as <exe>, in the current binary directory.
#===============================================================================
# schedsan_test_command(<out-var> [RUNS <n>] [STRATEGY <s>] [TIMEOUT <s>]
#                       [JUNIT <file>] COMMAND <target-or-exe> [args...])
# sets <out-var> to that command line (a list), for schedsan_add_test and
# for the toolchain file's SCHEDSAN_TEST_RUNS. Who: the caller's name in
# error messages.
function(schedsan_test_command out who)
  cmake_parse_arguments(PARSE_ARGV 2 _ss "" "RUNS;STRATEGY;TIMEOUT;JUNIT"
                        "COMMAND")
  if(_ss_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "${who}: unknown arguments "
                        "'${_ss_UNPARSED_ARGUMENTS}'")
  endif()
  if(NOT _ss_COMMAND)
    message(FATAL_ERROR "${who}: COMMAND <target-or-exe> [args...] is "
                        "required")
  endif()
  if(NOT DEFINED _ss_RUNS)
    set(_ss_RUNS 1000)
  endif()
  if(NOT _ss_RUNS MATCHES "^[1-9][0-9]*$")
    message(FATAL_ERROR "${who}: RUNS must be a positive number, not "
                        "'${_ss_RUNS}'")
  endif()
  if(NOT DEFINED _ss_STRATEGY)
    set(_ss_STRATEGY portfolio)
  endif()

  set(_ss_args run -n ${_ss_RUNS} --strategy ${_ss_STRATEGY})
  if(DEFINED _ss_TIMEOUT)
    list(APPEND _ss_args --timeout ${_ss_TIMEOUT})
  endif()
  if(DEFINED _ss_JUNIT)
    list(APPEND _ss_args --junit ${_ss_JUNIT})
  endif()
  list(POP_FRONT _ss_COMMAND _ss_program)
  if(TARGET ${_ss_program})
    set(_ss_program "$<TARGET_FILE:${_ss_program}>")
  endif()
  set(${out} "${SCHEDSAN_RUN}" ${_ss_args} -- ${_ss_program} ${_ss_COMMAND}
      PARENT_SCOPE)
endfunction()

function(schedsan_add_test)
  cmake_parse_arguments(PARSE_ARGV 0 _ss "" "NAME" "")
  if(NOT _ss_NAME)
    message(FATAL_ERROR "schedsan_add_test: NAME <name> is required")
  endif()
  schedsan_test_command(_ss_command "schedsan_add_test(${_ss_NAME})"
                        ${_ss_UNPARSED_ARGUMENTS})
  add_test(NAME ${_ss_NAME} COMMAND ${_ss_command})
endfunction()
