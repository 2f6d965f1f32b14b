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
#
#    schedsan_discover_tests(<target> FRAMEWORK gtest|catch2 [RUNS <n>]
#                            [STRATEGY <s>] [TIMEOUT <s>] [CASES <pattern>]
#                            [TEST_PREFIX <prefix>] [EXTRA_ARGS args...])
#      After each build of <target> (a GoogleTest or Catch2 v2 binary),
#      lists its test cases (`schedsan run --gtest --list-cases`, CASES in
#      --cases syntax selects) and registers one ctest test per case,
#      named <prefix><full case name>, that runs
#        <prefix>/bin/schedsan run -n <n> --strategy <s> [--timeout <t>]
#            --gtest|--catch2 --cases <the case> -- <target's file> [args]
#      so ctest fails exactly the cases with a failing schedule, each with
#      its report and replay command. As gtest_discover_tests: until the
#      target is built, ctest shows one <target>_NOT_BUILT test.
#===============================================================================
set(_SCHEDSAN_TESTING_DIR "${CMAKE_CURRENT_LIST_DIR}")

# schedsan_test_command(<out-var> <who> [RUNS <n>] [STRATEGY <s>]
#                       [TIMEOUT <s>] [JUNIT <file>] [GTEST|CATCH2]
#                       [CASES <pattern>] COMMAND <target-or-exe> [args...])
# sets <out-var> to that command line (a list), for schedsan_add_test and
# for the toolchain file's SCHEDSAN_TEST_RUNS. Who: the caller's name in
# error messages.
function(schedsan_test_command out who)
  cmake_parse_arguments(PARSE_ARGV 2 _ss "GTEST;CATCH2"
                        "RUNS;STRATEGY;TIMEOUT;JUNIT;CASES" "COMMAND")
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
  if(_ss_GTEST AND _ss_CATCH2)
    message(FATAL_ERROR "${who}: GTEST and CATCH2 exclude each other")
  endif()
  if(DEFINED _ss_CASES AND NOT (_ss_GTEST OR _ss_CATCH2))
    message(FATAL_ERROR "${who}: CASES needs GTEST or CATCH2")
  endif()

  set(_ss_args run -n ${_ss_RUNS} --strategy ${_ss_STRATEGY})
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

# Brackets that keep any text one CMake argument: [==[text]==].
function(_schedsan_bracket out)
  set(_sb "")
  foreach(_sb_arg IN LISTS ARGN)
    string(APPEND _sb " [==[${_sb_arg}]==]")
  endforeach()
  set(${out} "${_sb}" PARENT_SCOPE)
endfunction()

function(schedsan_discover_tests target)
  set(_sd_who "schedsan_discover_tests(${target})")
  cmake_parse_arguments(PARSE_ARGV 1 _sd ""
    "FRAMEWORK;RUNS;STRATEGY;TIMEOUT;CASES;TEST_PREFIX" "EXTRA_ARGS")
  if(_sd_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "${_sd_who}: unknown arguments "
                        "'${_sd_UNPARSED_ARGUMENTS}'")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "${_sd_who}: '${target}' is not a target")
  endif()
  if(NOT _sd_FRAMEWORK MATCHES "^(gtest|catch2)$")
    message(FATAL_ERROR "${_sd_who}: FRAMEWORK must be gtest or catch2, "
                        "not '${_sd_FRAMEWORK}'")
  endif()
  set(_sd_opts)
  foreach(_sd_key RUNS STRATEGY TIMEOUT)
    if(DEFINED _sd_${_sd_key})
      list(APPEND _sd_opts ${_sd_key} ${_sd_${_sd_key}})
    endif()
  endforeach()
  string(TOUPPER "${_sd_FRAMEWORK}" _sd_framework)
  schedsan_test_command(_sd_command "${_sd_who}" ${_sd_opts} ${_sd_framework}
                        COMMAND ${target} ${_sd_EXTRA_ARGS})
  list(FIND _sd_command "--" _sd_dashes)
  list(SUBLIST _sd_command 0 ${_sd_dashes} _sd_runner) # ends --gtest|--catch2
  math(EXPR _sd_dashes "${_sd_dashes} + 1")
  list(SUBLIST _sd_command ${_sd_dashes} -1 _sd_program)

  set(_sd_base "${CMAKE_CURRENT_BINARY_DIR}/${target}_schedsan")
  _schedsan_bracket(_sd_runner_text ${_sd_runner})
  _schedsan_bracket(_sd_program_text ${_sd_program})
  _schedsan_bracket(_sd_cases_text ${_sd_CASES})
  _schedsan_bracket(_sd_prefix_text ${_sd_TEST_PREFIX})
  file(GENERATE OUTPUT "${_sd_base}_params.cmake" CONTENT
"set(_runner${_sd_runner_text})
set(_program${_sd_program_text})
set(_cases${_sd_cases_text})
set(_prefix${_sd_prefix_text})
set(_tests [==[${_sd_base}_tests.cmake]==])
")
  add_custom_command(TARGET ${target} POST_BUILD
    COMMAND "${CMAKE_COMMAND}" -D "SCHEDSAN_DISCOVER_PARAMS=${_sd_base}_params.cmake"
            -P "${_SCHEDSAN_TESTING_DIR}/schedsanDiscover.cmake"
    VERBATIM)
  file(WRITE "${_sd_base}_include.cmake"
"if(EXISTS [==[${_sd_base}_tests.cmake]==])
  include([==[${_sd_base}_tests.cmake]==])
else()
  add_test(${target}_NOT_BUILT ${target}_NOT_BUILT)
endif()
")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES
               "${_sd_base}_include.cmake")
endfunction()
