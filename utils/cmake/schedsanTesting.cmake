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
#                      [JUNIT <file>] [GTEST | CATCH2] [CASES <pattern>])
#      RUNS      runs of the campaign (default 1000)
#      STRATEGY  schedule strategy (default: portfolio, a mix of PCT at
#                depths 1-3, POS, random walk and swarm chosen by seed);
#                `schedsan-config --strategies` lists the single ones
#      TIMEOUT   seconds before one run is killed and reported as a timeout
#                (schedsan run --timeout; default 60)
#      JUNIT     write the results as JUnit XML to <file>
#      GTEST, CATCH2
#                the program is a GoogleTest / Catch2 v2 binary: each of
#                its test cases is a campaign of its own, with RUNS runs
#                (schedsan run --gtest / --catch2)
#      CASES     with GTEST or CATCH2: the cases to run, in GoogleTest's
#                filter syntax (schedsan run --cases)
#    The command runs as
#      <prefix>/bin/schedsan run -n <n> --strategy <s> [--timeout <t>]
#          [--junit <file>] [--gtest|--catch2] [--cases <pattern>]
#          -- <exe> [args...]
#    with a target's file as <exe>, in the current binary directory.
#===============================================================================
function(schedsan_add_test)
  cmake_parse_arguments(PARSE_ARGV 0 _ss "GTEST;CATCH2"
                        "NAME;RUNS;STRATEGY;TIMEOUT;JUNIT;CASES" "COMMAND")
  if(_ss_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "schedsan_add_test: unknown arguments "
                        "'${_ss_UNPARSED_ARGUMENTS}'")
  endif()
  if(NOT _ss_NAME)
    message(FATAL_ERROR "schedsan_add_test: NAME <name> is required")
  endif()
  if(NOT _ss_COMMAND)
    message(FATAL_ERROR "schedsan_add_test(${_ss_NAME}): COMMAND "
                        "<target-or-exe> [args...] is required")
  endif()
  if(NOT DEFINED _ss_RUNS)
    set(_ss_RUNS 1000)
  endif()
  if(NOT _ss_RUNS MATCHES "^[1-9][0-9]*$")
    message(FATAL_ERROR "schedsan_add_test(${_ss_NAME}): RUNS must be a "
                        "positive number, not '${_ss_RUNS}'")
  endif()
  if(NOT DEFINED _ss_STRATEGY)
    set(_ss_STRATEGY portfolio)
  endif()
  if(_ss_GTEST AND _ss_CATCH2)
    message(FATAL_ERROR "schedsan_add_test(${_ss_NAME}): GTEST and CATCH2 "
                        "exclude each other")
  endif()
  if(DEFINED _ss_CASES AND NOT (_ss_GTEST OR _ss_CATCH2))
    message(FATAL_ERROR "schedsan_add_test(${_ss_NAME}): CASES needs GTEST "
                        "or CATCH2")
  endif()

  set(_ss_args run -n ${_ss_RUNS})
  if(DEFINED _ss_STRATEGY)
    list(APPEND _ss_args --strategy ${_ss_STRATEGY})
  endif()
  if(DEFINED _ss_TIMEOUT)
    list(APPEND _ss_args --timeout ${_ss_TIMEOUT})
  endif()
  if(DEFINED _ss_JUNIT)
    list(APPEND _ss_args --junit ${_ss_JUNIT})
  endif()
  if(_ss_GTEST)
    list(APPEND _ss_args --gtest)
  elseif(_ss_CATCH2)
    list(APPEND _ss_args --catch2)
  endif()
  if(DEFINED _ss_CASES)
    list(APPEND _ss_args --cases ${_ss_CASES})
  endif()
  list(POP_FRONT _ss_COMMAND _ss_program)
  if(TARGET ${_ss_program})
    set(_ss_program "$<TARGET_FILE:${_ss_program}>")
  endif()
  add_test(NAME ${_ss_NAME}
           COMMAND "${SCHEDSAN_RUN}" ${_ss_args} -- ${_ss_program}
                   ${_ss_COMMAND})
endfunction()
